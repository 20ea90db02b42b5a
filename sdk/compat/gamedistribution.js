/*!
 * Arcadium adapter for games made for GameDistribution (decision D77).
 *
 * Served by the games origin at /sdk/compat/gamedistribution.js, right after the Arcadium SDK v2 (/sdk/v2.js) in
 * the same response. An uploaded game that loaded GameDistribution's HTML5 SDK (main.min.js from
 * html5.api.gamedistribution.com, by a <script> tag or by the documented snippet that adds one) has that address
 * pointed here at install, so it runs unchanged: this script reads window.GD_OPTIONS as GameDistribution
 * documents it, defines window.gdsdk and answers with window.Arcadium (v2).
 *
 *   GD_OPTIONS.onEvent            ← SDK_READY once Arcadium.init() is answered; SDK_GAME_PAUSE / SDK_GAME_START
 *                                   when the Arcadium page pauses / resumes the game ("pause"/"resume" events)
 *   gdsdk.showAd() (interstitial) → Arcadium.ads.break("preroll") the first time, "next" after (D151):
 *                                   SDK_GAME_PAUSE when an ad begins, SDK_GAME_START after (or at once without an
 *                                   ad), then the promise resolves
 *   gdsdk.showAd("rewarded")      → Arcadium.ads.reward(): granted → SDK_REWARDED_WATCH_COMPLETE, SDK_GAME_START,
 *                                   resolves; not granted → SDK_GAME_START and the promise rejects (the documented
 *                                   way of saying no reward was earned)
 *   gdsdk.showAd("display", ...)  → no banner: resolves, nothing shown
 *   gdsdk.preloadAd(type)         → resolves (the page fetches an ad when it shows one)
 *   the page's load event         → Arcadium.loading.done() (GameDistribution has no "loading finished" call)
 * Anything else logs one console.warn per function and does nothing (never throws).
 *
 * No dependencies, no network access, no globals other than window.gdsdk.
 */
/* global arcadiumCompat -- sdk/compat/common.js, served in front of this file in the same scope */
(function (global) {
  'use strict';

  if (global.gdsdk && global.gdsdk.arcadiumAdapter) return; // included (or injected) twice: keep the first

  var NAME = 'gdsdk';
  // what the adapters share (sdk/compat/common.js, served in front of this file)
  var compat = arcadiumCompat(global, NAME);
  var arcadium = compat.arcadium,
    call = compat.call,
    later = compat.later,
    info = compat.info,
    unsupported = compat.unsupported;

  /** Sends an event to GD_OPTIONS.onEvent, read when it happens (a game may set GD_OPTIONS after this script). */
  function emit(name, message) {
    var options = global.GD_OPTIONS || global['GD_OPTIONS'];
    if (!options || typeof options.onEvent !== 'function') return;
    try {
      options.onEvent({ name: name, message: message || name, status: 'success' });
    } catch (e) {
      info('GD_OPTIONS.onEvent threw on ' + name, e);
    }
  }

  var AdType = { Interstitial: 'interstitial', Rewarded: 'rewarded', Display: 'display' };
  /** interstitials asked for so far: GameDistribution's first one is its preroll */
  var interstitials = 0;

  var gdsdk = {
    arcadiumAdapter: true,
    AdType: AdType,

    showAd: function (type) {
      var kind = String(type || AdType.Interstitial).toLowerCase();
      if (kind === AdType.Display) return Promise.resolve(undefined);
      var onStart = function () {
        emit('SDK_GAME_PAUSE', 'An advertisement started: pause the game and its sound');
      };
      if (kind === AdType.Rewarded) {
        return call('ads.reward', [{ onStart: onStart }]).then(function (result) {
          if (result && result.granted === true) {
            emit('SDK_REWARDED_WATCH_COMPLETE', 'The player earned the reward');
            emit('SDK_GAME_START', 'The advertisement is over: the game may go on');
            return undefined;
          }
          emit('SDK_GAME_START', 'No reward: the game may go on');
          throw new Error('No rewarded advertisement was watched');
        });
      }
      var placement = interstitials === 0 ? 'preroll' : 'next';
      interstitials += 1;
      // as after a real break: SDK_GAME_START first, then the promise settles
      return call('ads.break', [placement, { onStart: onStart }]).then(function (result) {
        emit('SDK_GAME_START', result && result.shown ? 'The advertisement is over: the game may go on' : 'No advertisement was shown: the game may go on');
        return undefined;
      });
    },
    preloadAd: function () {
      return Promise.resolve(undefined);
    },
    cancelAd: function () {
      return Promise.resolve(undefined);
    },

    openConsole: unsupported('openConsole'),
    showBanner: unsupported('showBanner'),
    showDisplayAd: unsupported('showDisplayAd', function () {
      return Promise.resolve(undefined);
    }),
    getSession: unsupported('getSession', function () {
      return Promise.resolve({});
    }),
    sendEvent: unsupported('sendEvent', function () {
      return Promise.resolve(undefined);
    }),
  };

  global.gdsdk = gdsdk;

  call('init').then(function () {
    emit('SDK_READY', 'Arcadium is ready');
  });

  var a = arcadium();
  if (a && typeof a.on === 'function') {
    try {
      a.on('pause', function () {
        emit('SDK_GAME_PAUSE', 'The Arcadium page paused the game');
      });
      a.on('resume', function () {
        emit('SDK_GAME_START', 'The Arcadium page resumed the game');
      });
    } catch (e) {
      info('could not listen to Arcadium events', e);
    }
  }

  var loaded = false;
  function loadingDone() {
    if (loaded) return;
    loaded = true;
    call('loading.done');
  }
  if (global.document && global.document.readyState === 'complete') later(loadingDone);
  else if (global.addEventListener) global.addEventListener('load', loadingDone);
})(typeof window !== 'undefined' ? window : this);
