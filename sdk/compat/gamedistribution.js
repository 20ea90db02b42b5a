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
 *   gdsdk.showAd() (interstitial) → no ad: SDK_GAME_START is sent (the game may go on) and the promise resolves
 *   gdsdk.showAd("rewarded")      → no ad: SDK_GAME_START is sent, SDK_REWARDED_WATCH_COMPLETE is not, and the
 *                                   promise rejects (the documented way of saying no reward was earned)
 *   gdsdk.showAd("display", ...)  → no banner: resolves, nothing shown
 *   gdsdk.preloadAd(type)         → resolves (there is nothing to preload)
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

  var gdsdk = {
    arcadiumAdapter: true,
    AdType: AdType,

    showAd: function (type) {
      var kind = String(type || AdType.Interstitial).toLowerCase();
      if (kind === AdType.Display) return Promise.resolve(undefined);
      // as after a real break: SDK_GAME_START first, then the promise settles
      return new Promise(function (resolve, reject) {
        later(function () {
          emit('SDK_GAME_START', 'No advertisement was shown: the game may go on');
          if (kind === AdType.Rewarded) reject(new Error('No rewarded advertisement is available'));
          else resolve(undefined);
        });
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
