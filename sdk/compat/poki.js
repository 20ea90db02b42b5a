/*!
 * Arcadium adapter for games made for Poki (decision D77).
 *
 * Served by the games origin at /sdk/compat/poki.js, right after the Arcadium SDK v2 (/sdk/v2.js) in the same
 * response. An uploaded game that loaded Poki's SDK v2 from game-cdn.poki.com has that address pointed here at
 * install, so it runs unchanged: this script defines the global PokiSDK that Poki documents and answers each
 * call with window.Arcadium (v2).
 *
 *   init()                         → Arcadium.init(); resolves once it is answered (never rejects)
 *   gameLoadingStart()             → Arcadium.loading.progress(0)
 *   gameLoadingProgress(p)         → Arcadium.loading.progress (a fraction, or {percentageDone: 0..100})
 *   gameLoadingFinished()          → Arcadium.loading.done()
 *   gameplayStart() / Stop()       → Arcadium.gameplay.start() / stop()
 *   happyTime(intensity)           → Arcadium.happyTime()
 *   measure(category, what, action)→ Arcadium.track(category, {what, action})
 *   commercialBreak(onStart)       → Arcadium.ads.break("start") the first time, "next" after (D151); resolves once
 *                                    the break is over (never rejects); onStart is called only when an ad begins
 *   rewardedBreak(onStart | {size, onStart}) → Arcadium.ads.reward(); resolves with true only when granted
 *   displayAd / destroyAd          → no banner: nothing is shown (display slots are later work, D152)
 *   shareableURL(params)           → resolves with the game's page on the site carrying params, each key with
 *                                    Poki's "gd" prefix (D122: at most 8 short plain keys and values, others dropped)
 *   getURLParam(name)              → "gd"+name, else name, from the invite link the page was opened with (handed
 *                                    over at init()), else from the frame's address; "" without one
 * Anything else Poki offers logs one console.warn per function and does nothing (never throws).
 *
 * No dependencies, no network access, no globals other than window.PokiSDK.
 */
/* global arcadiumCompat -- sdk/compat/common.js, served in front of this file in the same scope */
(function (global) {
  'use strict';

  if (global.PokiSDK && global.PokiSDK.arcadiumAdapter) return; // included twice: keep the first

  var NAME = 'PokiSDK';
  // what the adapters share (sdk/compat/common.js, served in front of this file)
  var compat = arcadiumCompat(global, NAME);
  var call = compat.call,
    inviteLink = compat.inviteLink,
    inviteParamsOf = compat.inviteParamsOf,
    urlParam = compat.urlParam,
    unsupported = compat.unsupported;

  var initPromise = null;
  /** commercial breaks asked for so far: the first is the one before gameplay */
  var breaks = 0;

  /** A game's callback, run safely (a throwing callback must not end the break), or undefined. */
  function callback(fn) {
    if (typeof fn !== 'function') return undefined;
    return function () {
      try {
        fn();
      } catch (e) {
        compat.info('an ad callback threw', e);
      }
    };
  }
  /** the invite link's parameters the page handed over at init(), null without any */
  var inviteParams = null;
  function init() {
    if (!initPromise)
      initPromise = call('init').then(function (result) {
        inviteParams = inviteParamsOf(result);
        return result;
      });
    return initPromise;
  }

  function inviteParam(name) {
    return inviteParams && Object.prototype.hasOwnProperty.call(inviteParams, name) ? inviteParams[name] : null;
  }

  function progressOf(value) {
    if (value && typeof value === 'object' && typeof value.percentageDone === 'number') return value.percentageDone / 100;
    if (typeof value === 'number') return value > 1 ? value / 100 : value;
    return null;
  }

  var PokiSDK = {
    arcadiumAdapter: true,

    init: function () {
      return init().then(function () {
        return undefined;
      });
    },
    gameLoadingStart: function () {
      call('loading.progress', [0]);
    },
    gameLoadingProgress: function (value) {
      var p = progressOf(value);
      if (p !== null && isFinite(p)) call('loading.progress', [Math.max(0, Math.min(1, p))]);
    },
    gameLoadingFinished: function () {
      call('loading.done');
    },
    gameplayStart: function () {
      call('gameplay.start');
    },
    gameplayStop: function () {
      call('gameplay.stop');
    },
    happyTime: function () {
      call('happyTime');
    },
    measure: function (category, what, action) {
      var props = {};
      if (what != null) props.what = String(what);
      if (action != null) props.action = String(action);
      call('track', [String(category || 'measure').slice(0, 64), props]);
    },

    // D151: Poki documents that a break may end without an ad (onStart then never runs) and that a rewarded
    // break resolves with whether the player earned the reward.
    commercialBreak: function (onStart) {
      var type = breaks === 0 ? 'start' : 'next';
      breaks += 1;
      return call('ads.break', [type, { onStart: callback(onStart) }]).then(function () {
        return undefined;
      });
    },
    rewardedBreak: function (options) {
      var onStart = typeof options === 'function' ? options : options && typeof options === 'object' ? options.onStart : null;
      return call('ads.reward', [{ onStart: callback(onStart) }]).then(function (result) {
        return !!(result && result.granted === true);
      });
    },
    displayAd: function () {},
    destroyAd: function () {},

    shareableURL: function (params) {
      return Promise.resolve(inviteLink(params, 'gd'));
    },
    getURLParam: function (name) {
      name = String(name);
      var value = inviteParam('gd' + name);
      if (value === null) value = inviteParam(name);
      if (value === null) value = urlParam('gd' + name, null);
      return value === null ? urlParam(name, '') : value;
    },

    setDebug: unsupported('setDebug'),
    captureError: unsupported('captureError'),
    movePill: unsupported('movePill'),
    openExternalLink: unsupported('openExternalLink'),
    playtestSetCanvas: unsupported('playtestSetCanvas'),
    enableEventTracking: unsupported('enableEventTracking'),
    getUser: unsupported('getUser', function () {
      return Promise.resolve(null);
    }),
    getToken: unsupported('getToken', function () {
      return Promise.resolve(null);
    }),
    login: unsupported('login', function () {
      return Promise.reject(new Error('Signing in through PokiSDK is not available here'));
    }),
  };

  // the player followed another invite link while the game runs (D122): getURLParam answers from it from now on
  var a = compat.arcadium();
  if (a && typeof a.on === 'function') {
    try {
      a.on('invite', function (payload) {
        var params = inviteParamsOf(payload);
        if (params) inviteParams = params;
      });
    } catch (e) {
      compat.info('could not listen to Arcadium events', e);
    }
  }

  global.PokiSDK = PokiSDK;
  init();
})(typeof window !== 'undefined' ? window : this);
