/*!
 * Arcadium game SDK, version 2 (decision D75). Typings: /sdk/v2.d.ts. Guide: sdk/README.md.
 *
 * Served by the games origin at /sdk/v2.js. Include it before your own script:
 *   <script src="/sdk/v2.js"></script>
 *
 * Every call posts one request to the parent window (the Arcadium game page) and returns a Promise:
 *   game → page  { v: 2, id, type, payload }
 *   page → game  { v: 2, id, ok: true, result } or { v: 2, id, ok: false, error: { code, message } }
 * and the page sends events without an id:
 *   page → game  { v: 2, event: "pause" | "resume" | "mute" | "settings", payload }
 *
 * Replies and events are read only from the parent window. targetOrigin is "*": a request carries no
 * secret, and the page answers only its own game frame coming from the games origin; the page never sends
 * the player's session or any token, only what init() documents.
 *
 * Outside a frame (the game opened directly while developing) nothing is posted: init() answers a guest,
 * data.* use this page's own localStorage, and the other calls log what they would have sent.
 *
 * No dependencies, no network access, no globals other than window.Arcadium.
 */
(function (global) {
  'use strict';

  if (global.Arcadium && global.Arcadium.version === 2) return; // included twice: keep the first

  var TIMEOUT_MS = 10000;
  var MAX_SCORE = 1000000000; // D23
  var MAX_KEY = 128; // D76
  var MAX_EVENT_NAME = 64;
  var PREFIX = '[Arcadium SDK]';
  var EVENTS = ['pause', 'resume', 'mute', 'settings'];

  function inFrame() {
    try {
      return global.parent != null && global.parent !== global;
    } catch (e) {
      return true; // a cross-origin parent may throw on access: we are framed
    }
  }
  var framed = inFrame();

  function log(method, msg, value) {
    if (global.console && console[method]) {
      if (arguments.length > 2) console[method](PREFIX + ' ' + msg, value);
      else console[method](PREFIX + ' ' + msg);
    }
  }

  function sdkError(code, message) {
    var err = new Error(message);
    err.name = 'ArcadiumError';
    err.code = code;
    return err;
  }

  function rejected(code, message) {
    return Promise.reject(sdkError(code, message));
  }

  // ---- requests and replies -------------------------------------------------------------------------

  var pending = {};
  var counter = 0;
  var listeners = { pause: [], resume: [], mute: [], settings: [] };

  function newId() {
    counter += 1;
    return 'a' + counter + '-' + Math.random().toString(36).slice(2, 10);
  }

  function request(type, payload) {
    return new Promise(function (resolve, reject) {
      var id = newId();
      var timer = setTimeout(function () {
        delete pending[id];
        reject(sdkError('timeout', type + ': the Arcadium page did not answer within ' + TIMEOUT_MS / 1000 + ' s'));
      }, TIMEOUT_MS);
      pending[id] = { resolve: resolve, reject: reject, timer: timer };
      try {
        global.parent.postMessage({ v: 2, id: id, type: type, payload: payload || {} }, '*');
      } catch (e) {
        clearTimeout(timer);
        delete pending[id];
        reject(sdkError('not_in_frame', type + ': could not post to the Arcadium page'));
      }
    });
  }

  function onMessage(event) {
    if (event.source !== global.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.v !== 2) return;
    if (typeof data.id === 'string') {
      var call = pending[data.id];
      if (!call) return;
      delete pending[data.id];
      clearTimeout(call.timer);
      if (data.ok === true) call.resolve(data.result);
      else {
        var error = data.error && typeof data.error === 'object' ? data.error : {};
        call.reject(
          sdkError(typeof error.code === 'string' ? error.code : 'unavailable', typeof error.message === 'string' ? error.message : 'The call failed'),
        );
      }
      return;
    }
    if (typeof data.event === 'string' && listeners[data.event]) {
      var fns = listeners[data.event].slice();
      for (var i = 0; i < fns.length; i++) {
        try {
          fns[i](data.payload);
        } catch (e) {
          log('error', 'an on("' + data.event + '") listener threw:', e);
        }
      }
    }
  }
  if (framed && global.addEventListener) global.addEventListener('message', onMessage);

  // ---- outside a frame: local stand-ins -------------------------------------------------------------

  var LOCAL_PREFIX = 'arcadium-dev-save:';

  function localSettings() {
    var reduced;
    try {
      reduced = !!(global.matchMedia && global.matchMedia('(prefers-reduced-motion: reduce)').matches);
    } catch (e) {
      reduced = false;
    }
    var locale = (global.navigator && global.navigator.language) || 'en';
    return { muted: false, locale: locale, reducedMotion: reduced };
  }

  function storage() {
    try {
      return global.localStorage || null;
    } catch (e) {
      return null;
    }
  }

  function local(type, payload) {
    var store = storage();
    switch (type) {
      case 'init':
        return Promise.resolve({ user: null, settings: localSettings() });
      case 'data.getItem': {
        var value = store ? store.getItem(LOCAL_PREFIX + payload.key) : null;
        return Promise.resolve(value);
      }
      case 'data.setItem':
        if (store) store.setItem(LOCAL_PREFIX + payload.key, payload.value);
        return Promise.resolve(undefined);
      case 'data.removeItem':
        if (store) store.removeItem(LOCAL_PREFIX + payload.key);
        return Promise.resolve(undefined);
      case 'data.clear':
      case 'data.keys': {
        var keys = [];
        if (store) {
          for (var i = 0; i < store.length; i++) {
            var k = store.key(i);
            if (k && k.indexOf(LOCAL_PREFIX) === 0) keys.push(k.slice(LOCAL_PREFIX.length));
          }
        }
        if (type === 'data.keys') return Promise.resolve(keys.sort());
        for (var j = 0; j < keys.length; j++) store.removeItem(LOCAL_PREFIX + keys[j]);
        return Promise.resolve(undefined);
      }
      case 'achievements.unlock':
        log('info', 'not in a frame, would unlock achievement:', payload.key);
        return Promise.resolve({ unlocked: false });
      default:
        log('info', 'not in a frame, would send:', { v: 2, type: type, payload: payload });
        return Promise.resolve(undefined);
    }
  }

  function call(type, payload) {
    return framed ? request(type, payload) : local(type, payload || {});
  }

  // ---- argument checks ------------------------------------------------------------------------------

  function checkKey(method, key) {
    if (typeof key !== 'string' || key.length < 1 || key.length > MAX_KEY) {
      return sdkError('invalid', 'data.' + method + '(key): the key must be a string of 1 to ' + MAX_KEY + ' characters, got ' + String(key));
    }
    return null;
  }

  function resolvedVoid(promise) {
    return promise.then(function () {
      return undefined;
    });
  }

  // ---- the API --------------------------------------------------------------------------------------

  var Arcadium = {
    version: 2,

    init: function () {
      return call('init', {});
    },

    gameplay: {
      start: function () {
        return resolvedVoid(call('gameplay.start', {}));
      },
      stop: function () {
        return resolvedVoid(call('gameplay.stop', {}));
      },
    },

    loading: {
      progress: function (fraction) {
        if (typeof fraction !== 'number' || !isFinite(fraction)) {
          return rejected('invalid', 'loading.progress(fraction) needs a finite number from 0 to 1, got ' + String(fraction));
        }
        var p = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
        if (p !== fraction) log('warn', 'loading.progress(fraction) clamped to 0..1, got', fraction);
        return resolvedVoid(call('loading.progress', { progress: p }));
      },
      done: function () {
        return resolvedVoid(call('loading.done', {}));
      },
    },

    happyTime: function () {
      return resolvedVoid(call('happytime', {}));
    },

    scores: {
      submit: function (score, options) {
        if (typeof score !== 'number' || !isFinite(score)) {
          return rejected('invalid', 'scores.submit(score) needs a finite number, got ' + String(score));
        }
        var rounded = Math.round(score);
        if (rounded < 0 || rounded > MAX_SCORE) {
          return rejected('invalid', 'scores.submit(score) needs an integer from 0 to ' + MAX_SCORE + ', got ' + String(score));
        }
        if (rounded !== score) log('warn', 'scores.submit(score) rounded a non-integer score:', score);
        var won = null;
        if (options != null && options.won != null) {
          if (typeof options.won !== 'boolean') {
            return rejected('invalid', 'scores.submit(score, {won}) expects won to be true, false or left out, got ' + String(options.won));
          }
          won = options.won;
        }
        return resolvedVoid(call('score.submit', { score: rounded, won: won }));
      },
    },

    data: {
      getItem: function (key) {
        var bad = checkKey('getItem', key);
        if (bad) return Promise.reject(bad);
        return call('data.getItem', { key: key }).then(function (value) {
          return typeof value === 'string' ? value : null;
        });
      },
      setItem: function (key, value) {
        var bad = checkKey('setItem', key);
        if (bad) return Promise.reject(bad);
        if (typeof value !== 'string') {
          return rejected('invalid', 'data.setItem(key, value): the value must be a string (use JSON.stringify for objects), got ' + typeof value);
        }
        return resolvedVoid(call('data.setItem', { key: key, value: value }));
      },
      removeItem: function (key) {
        var bad = checkKey('removeItem', key);
        if (bad) return Promise.reject(bad);
        return resolvedVoid(call('data.removeItem', { key: key }));
      },
      clear: function () {
        return resolvedVoid(call('data.clear', {}));
      },
      keys: function () {
        return call('data.keys', {}).then(function (keys) {
          return Array.isArray(keys) ? keys.slice() : [];
        });
      },
    },

    achievements: {
      unlock: function (key) {
        if (typeof key !== 'string' || !/^[a-z0-9_-]{1,64}$/.test(key)) {
          return rejected('invalid', 'achievements.unlock(key): the key must be 1 to 64 of a-z, 0-9, _ and -, got ' + String(key));
        }
        return call('achievements.unlock', { key: key }).then(function (result) {
          return { unlocked: !!(result && result.unlocked === true) };
        });
      },
    },

    on: function (event, listener) {
      if (EVENTS.indexOf(event) < 0 || typeof listener !== 'function') {
        log('warn', 'on(event, listener): event must be one of ' + EVENTS.join(', ') + ' and listener a function; got', event);
        return function () {};
      }
      listeners[event].push(listener);
      return function () {
        var i = listeners[event].indexOf(listener);
        if (i >= 0) listeners[event].splice(i, 1);
      };
    },

    track: function (name, props) {
      if (typeof name !== 'string' || name.length < 1 || name.length > MAX_EVENT_NAME) {
        return rejected('invalid', 'track(name): the name must be a string of 1 to ' + MAX_EVENT_NAME + ' characters, got ' + String(name));
      }
      var clean = {};
      if (props != null && typeof props === 'object') {
        for (var k in props) {
          if (!Object.prototype.hasOwnProperty.call(props, k)) continue;
          var v = props[k];
          if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') clean[k] = v;
        }
      }
      return resolvedVoid(call('track', { name: name, props: clean }));
    },
  };

  if (Object.freeze) {
    Object.freeze(Arcadium.gameplay);
    Object.freeze(Arcadium.loading);
    Object.freeze(Arcadium.scores);
    Object.freeze(Arcadium.data);
    Object.freeze(Arcadium.achievements);
    Object.freeze(Arcadium);
  }
  global.Arcadium = Arcadium;
})(typeof window !== 'undefined' ? window : this);
