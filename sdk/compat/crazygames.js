/*!
 * Arcadium adapter for games made for CrazyGames (D77).
 *
 * Served by the games origin at /sdk/compat/crazygames.js, right after the Arcadium SDK v2 (/sdk/v2.js) in the
 * same response. An uploaded game that loaded CrazyGames' HTML5 SDK v2 or v3 from sdk.crazygames.com has that
 * address pointed here at install, so it runs unchanged: this script defines window.CrazyGames.SDK as
 * CrazyGames documents it and answers each call with window.Arcadium (v2).
 *
 * One script serves both versions. v3 games call SDK.init() first and use promises; v2 games never call init()
 * and may pass a callback (error, result) as the last argument: every asynchronous function here does both.
 * The one clash, user.isUserAccountAvailable (a boolean in v3, a function in v2), is a function, which v3 code
 * reads as true.
 *
 *   init()                          → Arcadium.init(), then loads every saved key (data module)
 *   game.gameplayStart() / Stop()   → Arcadium.gameplay.start() / stop()
 *   game.loadingStart() / Stop()    → Arcadium.loading.progress(0) / Arcadium.loading.done()
 *   game.sdkGameLoadingStart/Stop() → the same (v2 names)
 *   game.happytime()                → Arcadium.happyTime()
 *   game.settings.muteAudio         → the player's sound setting; settings listeners follow "mute"/"settings"
 * Playing with friends (D122): an invite link is the game's page on the site carrying the game's parameters
 * (`room` is also Arcadium's own `?room=` code). The page checks them (at most 8 short plain keys and values) and
 * hands them to the game at init(); the adapter never puts them into any HTML.
 *   game.inviteLink(params)         → that link, at once (v2: also to a callback)
 *   game.showInviteButton(params)   → Arcadium.rooms.showInviteButton(): the page shows an "Invite" button beside
 *                                      the game that copies the link it builds from params; answers the link too
 *   game.hideInviteButton()         → Arcadium.rooms.hideInviteButton(): the button goes (leaving the game too)
 *   game.inviteParams               → the parameters of the invite link the player came by, null without one
 *   game.getInviteParam(name)       → one of them, or null
 *   game.isInstantMultiplayer       → true when the page was opened from an invite link (isInstantJoin likewise)
 *   game.addJoinRoomListener(fn)    → fn(inviteParams) once for the invite the page was opened with, and again
 *                                      each time the player follows another invite link while the game runs
 *   game.updateRoom({roomId, isJoinable, inviteParams}) → Arcadium.rooms.setOwnRoom(): while it is joinable, the
 *                                      player's friends see "Playing {game}" with Join into /game/{id}?{inviteParams}
 *   game.leftRoom()                 → Arcadium.rooms.setOwnRoom(null)
 *   ad.requestAd("midgame", cbs)    → Arcadium.ads.break("next") (D151): adStarted when an ad begins, adFinished
 *                                      after it; no ad: adError({code: "unfilled" | "adCooldown" | "other"})
 *   ad.requestAd("rewarded", cbs)   → Arcadium.ads.reward(): adFinished when granted, else adError
 *   ad.isAdPlaying                  → true while an ad shows
 *   ad.hasAdblock()                 → false
 *   banner.*                        → no banner: resolves, nothing shown
 *   user.getUser()                  → the Arcadium player as {username, profilePictureUrl}, null for a guest
 *   user.showAuthPrompt()           → the player when signed in; a guest: rejects {code: "userCancelled"}
 *   data.getItem/setItem/removeItem/clear → Arcadium cloud saves: read from a copy loaded at init, written through
 * Anything else logs one console.warn per function and does nothing (never throws).
 *
 * No dependencies, no network access, no globals other than window.CrazyGames.
 */
/* global arcadiumCompat -- sdk/compat/common.js, served in front of this file in the same scope */
(function (global) {
  'use strict';

  if (global.CrazyGames && global.CrazyGames.SDK && global.CrazyGames.SDK.arcadiumAdapter) return; // included twice

  var NAME = 'CrazyGames.SDK';
  // what the adapters share (sdk/compat/common.js, served in front of this file)
  var compat = arcadiumCompat(global, NAME);
  var arcadium = compat.arcadium,
    call = compat.call,
    later = compat.later,
    info = compat.info,
    warnOnce = compat.warnOnce,
    makeInviteLink = compat.inviteLink,
    inviteParamsOf = compat.inviteParamsOf,
    urlParam = compat.urlParam;

  /** v2 style: a last argument that is a function is a callback (error, result); v3 style: the promise. */
  function answer(args, promise) {
    var callback = args.length > 0 && typeof args[args.length - 1] === 'function' ? args[args.length - 1] : null;
    if (callback) {
      promise.then(
        function (result) {
          callback(null, result);
        },
        function (error) {
          callback(error, undefined);
        },
      );
      // the caller chose the callback: the promise's rejection is reported there, not as unhandled
      promise.then(null, function () {});
    }
    return promise;
  }

  function unsupported(name, result) {
    return function () {
      warnOnce(name);
      var value = typeof result === 'function' ? result() : result;
      return value && typeof value.then === 'function' ? answer(arguments, value) : value;
    };
  }

  // --- state loaded at init: the player and a copy of their saves --------------------------------------------

  var player = null;
  var saves = {};
  var settings = { disableChat: false, muteAudio: false };
  var settingsListeners = [];
  var readyPromise = null;
  var joinRoomListeners = [];
  /** the invite the page was opened with, until a join listener has it */
  var pendingJoin = null;

  function toUser(u) {
    if (!u) return null;
    return { username: String(u.username), profilePictureUrl: u.avatarUrl ? String(u.avatarUrl) : '' };
  }

  function loadSaves() {
    return call('data.keys').then(function (keys) {
      if (!keys || !keys.length) return;
      var reads = [];
      for (var i = 0; i < keys.length; i++) {
        (function (key) {
          reads.push(
            call('data.getItem', [key]).then(function (value) {
              if (value !== null && value !== undefined && !Object.prototype.hasOwnProperty.call(saves, key)) saves[key] = String(value);
            }),
          );
        })(keys[i]);
      }
      return Promise.all(reads);
    });
  }

  function ready() {
    if (!readyPromise) {
      readyPromise = call('init')
        .then(function (result) {
          if (result) {
            player = toUser(result.user);
            if (result.settings) settings.muteAudio = !!result.settings.muted;
          }
          takeInvite(inviteParamsOf(result));
          return loadSaves();
        })
        .then(function () {
          return undefined;
        });
    }
    return readyPromise;
  }

  function notifySettings() {
    var copy = { disableChat: settings.disableChat, muteAudio: settings.muteAudio };
    for (var i = 0; i < settingsListeners.length; i++) {
      try {
        settingsListeners[i](copy);
      } catch (e) {
        info('a settings listener threw', e);
      }
    }
  }

  function listenToArcadium() {
    var a = arcadium();
    if (!a || typeof a.on !== 'function') return;
    try {
      a.on('mute', function (payload) {
        settings.muteAudio = !!(payload && payload.muted);
        notifySettings();
      });
      a.on('invite', function (payload) {
        var params = inviteParamsOf(payload);
        if (params) takeInvite(params);
      });
      a.on('settings', function (payload) {
        if (payload && typeof payload.muted === 'boolean' && payload.muted !== settings.muteAudio) {
          settings.muteAudio = payload.muted;
          notifySettings();
        }
      });
    } catch (e) {
      info('could not listen to Arcadium events', e);
    }
  }

  function takeInvite(params) {
    game.inviteParams = params;
    game.isInstantMultiplayer = params !== null;
    game.isInstantJoin = params !== null;
    pendingJoin = params;
    if (params && joinRoomListeners.length) deliverJoin();
  }

  /** The pending invite to the join listeners, once, after the current call returns (as a portal event would). */
  function deliverJoin() {
    later(function () {
      if (!pendingJoin) return;
      var params = pendingJoin;
      pendingJoin = null;
      var fns = joinRoomListeners.slice();
      for (var i = 0; i < fns.length; i++) {
        var copy = {};
        for (var k in params) if (Object.prototype.hasOwnProperty.call(params, k)) copy[k] = params[k];
        try {
          fns[i](copy);
        } catch (e) {
          info('a join room listener threw', e);
        }
      }
    });
  }

  // --- helpers -------------------------------------------------------------------------------------------------

  function sdkError(code, message) {
    var error = new Error(message);
    error.code = code;
    return error;
  }

  // --- the modules ---------------------------------------------------------------------------------------------

  /** CrazyGames' error codes for no ad: its frequency limit is "adCooldown", nothing to show "unfilled". */
  function adErrorCode(reason) {
    if (reason === 'too_soon' || reason === 'frequency') return 'adCooldown';
    if (reason === 'error' || reason === 'timeout' || reason === 'invalid') return 'other';
    return 'unfilled';
  }

  function adCallback(callbacks, name) {
    return function (value) {
      var fn = callbacks && typeof callbacks[name] === 'function' ? callbacks[name] : null;
      if (!fn) return;
      try {
        if (name === 'adError') fn(value, value);
        else fn();
      } catch (e) {
        info(name + ' callback threw', e);
      }
    };
  }

  var ad = {
    isAdPlaying: false,
    /** D151: a midgame ad is an Arcadium break, a rewarded ad an Arcadium reward; the callbacks CrazyGames documents follow. */
    requestAd: function (type, callbacks) {
      var started = adCallback(callbacks, 'adStarted');
      var finished = adCallback(callbacks, 'adFinished');
      var failed = adCallback(callbacks, 'adError');
      var onStart = function () {
        ad.isAdPlaying = true;
        started();
      };
      var done = function () {
        ad.isAdPlaying = false;
      };
      if (String(type) === 'rewarded') {
        return call('ads.reward', [{ onStart: onStart }]).then(function (result) {
          done();
          if (result && result.granted === true) finished();
          else failed({ code: 'unfilled', message: 'No reward: no ad was watched' });
          return undefined;
        });
      }
      return call('ads.break', ['next', { onStart: onStart }]).then(function (result) {
        done();
        if (result && result.shown === true) finished();
        else {
          var reason = result && typeof result.reason === 'string' ? result.reason : 'error';
          failed({ code: adErrorCode(reason), message: 'No ad: ' + reason });
        }
        return undefined;
      });
    },
    hasAdblock: function () {
      return answer(arguments, Promise.resolve(false));
    },
    prefetchAd: function () {},
  };

  var banner = {
    requestBanner: function () {
      return answer(arguments, Promise.resolve(undefined));
    },
    requestResponsiveBanner: function () {
      return answer(arguments, Promise.resolve(undefined));
    },
    requestOverlayBanners: function () {},
    clearBanner: function () {},
    clearAllBanners: function () {},
  };

  var game = {
    settings: settings,
    isInstantMultiplayer: false,
    isInstantJoin: false,
    inviteParams: null,
    link: compat.gamePageUrl(),
    gameplayStart: function () {
      return answer(arguments, call('gameplay.start'));
    },
    gameplayStop: function () {
      return answer(arguments, call('gameplay.stop'));
    },
    loadingStart: function () {
      return answer(arguments, call('loading.progress', [0]));
    },
    loadingStop: function () {
      return answer(arguments, call('loading.done'));
    },
    sdkGameLoadingStart: function () {
      return answer(arguments, call('loading.progress', [0]));
    },
    sdkGameLoadingStop: function () {
      return answer(arguments, call('loading.done'));
    },
    happytime: function () {
      return answer(arguments, call('happyTime'));
    },
    /** v3 answers the link at once; v2 takes a callback or gives a promise: the string is returned for v3 and both for v2 are served. */
    inviteLink: function (params) {
      var link = makeInviteLink(params, '');
      var callback = arguments.length > 0 && typeof arguments[arguments.length - 1] === 'function' ? arguments[arguments.length - 1] : null;
      if (callback)
        later(function () {
          callback(null, link);
        });
      return link;
    },
    getInviteParam: function (name) {
      var params = game.inviteParams;
      name = String(name);
      if (params && Object.prototype.hasOwnProperty.call(params, name)) return params[name];
      return urlParam(name, null);
    },
    /** The page shows its Invite button beside the game; the link is answered too, as CrazyGames does. */
    showInviteButton: function (params) {
      call('rooms.showInviteButton', [inviteParamsOf({ inviteParams: params })]);
      return makeInviteLink(params, '');
    },
    hideInviteButton: function () {
      call('rooms.hideInviteButton', []);
    },
    updateRoom: function (room) {
      if (!room || typeof room !== 'object' || room.roomId == null) {
        info('updateRoom({roomId, isJoinable, inviteParams}) needs a roomId; ignored', room);
        return;
      }
      var params = room.inviteParams && typeof room.inviteParams === 'object' ? room.inviteParams : {};
      call('rooms.setOwnRoom', [{ id: String(room.roomId), joinable: room.isJoinable !== false, inviteParams: inviteParamsOf({ inviteParams: params }) }]);
    },
    leftRoom: function () {
      call('rooms.setOwnRoom', [null]);
    },
    addJoinRoomListener: function (listener) {
      if (typeof listener !== 'function') return;
      joinRoomListeners.push(listener);
      if (pendingJoin) deliverJoin();
    },
    removeJoinRoomListener: function (listener) {
      for (var i = joinRoomListeners.length - 1; i >= 0; i--) if (joinRoomListeners[i] === listener) joinRoomListeners.splice(i, 1);
    },
    addSettingsChangeListener: function (listener) {
      if (typeof listener === 'function') settingsListeners.push(listener);
    },
    removeSettingsChangeListener: function (listener) {
      for (var i = settingsListeners.length - 1; i >= 0; i--) if (settingsListeners[i] === listener) settingsListeners.splice(i, 1);
    },
  };

  function isUserAccountAvailable() {
    return answer(arguments, Promise.resolve(true));
  }

  var user = {
    // a function (v2 calls it), which v3 code reading a boolean takes as true
    isUserAccountAvailable: isUserAccountAvailable,
    systemInfo: { countryCode: '', locale: (global.navigator && global.navigator.language) || 'en', device: { type: 'desktop' }, os: {}, browser: {} },
    getUser: function () {
      return answer(
        arguments,
        ready().then(function () {
          return player;
        }),
      );
    },
    /** Signing in happens on the Arcadium page, not from the game: a signed-in player is answered at once, a guest's prompt is "cancelled". */
    showAuthPrompt: function () {
      return answer(
        arguments,
        ready().then(function () {
          if (player) return player;
          throw sdkError('userCancelled', 'Sign in on the Arcadium page to save your progress to your account');
        }),
      );
    },
    showAccountLinkPrompt: unsupported('user.showAccountLinkPrompt', function () {
      return Promise.resolve({ response: 'no' });
    }),
    getUserToken: unsupported('user.getUserToken', function () {
      return Promise.reject(sdkError('userNotAuthenticated', 'User tokens are not available here'));
    }),
    getXsollaUserToken: unsupported('user.getXsollaUserToken', function () {
      return Promise.reject(sdkError('userNotAuthenticated', 'Xsolla tokens are not available here'));
    }),
    getSystemInfo: function () {
      return answer(arguments, Promise.resolve(user.systemInfo));
    },
    addAuthListener: function () {},
    removeAuthListener: function () {},
    addScore: unsupported('user.addScore'),
    submitScore: unsupported('user.submitScore'),
  };

  /** The Storage-like data module: reads come from the copy loaded at init, writes go to it and on to Arcadium's cloud saves. */
  var data = {
    getItem: function (key) {
      key = String(key);
      return Object.prototype.hasOwnProperty.call(saves, key) ? saves[key] : null;
    },
    setItem: function (key, value) {
      key = String(key);
      value = String(value);
      saves[key] = value;
      call('data.setItem', [key, value]);
    },
    removeItem: function (key) {
      key = String(key);
      delete saves[key];
      call('data.removeItem', [key]);
    },
    clear: function () {
      saves = {};
      call('data.clear');
    },
    syncUnityGameData: function () {},
  };

  var analytics = {
    trackOrder: unsupported('analytics.trackOrder'),
  };

  var SDK = {
    arcadiumAdapter: true,
    environment: 'crazygames',
    isQaTool: false,
    init: function () {
      return answer(arguments, ready());
    },
    addInitCallback: function (callback) {
      ready().then(function () {
        if (typeof callback === 'function') callback({});
      });
    },
    ad: ad,
    banner: banner,
    game: game,
    user: user,
    data: data,
    analytics: analytics,
  };

  global.CrazyGames = global.CrazyGames || {};
  global.CrazyGames.SDK = SDK;
  listenToArcadium();
  ready();
})(typeof window !== 'undefined' ? window : this);
