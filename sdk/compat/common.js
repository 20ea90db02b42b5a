/*!
 * Arcadium: what the portal adapters (D77, sdk/compat/{poki,crazygames,gamedistribution}.js) share. Not served on
 * its own: the games origin serves /sdk/compat/{name}.js as /sdk/v2.js, then this file and the adapter inside one
 * function scope (src/server/services/compat-scripts.ts), so arcadiumCompat is no global.
 */
/* exported arcadiumCompat */
function arcadiumCompat(global, NAME) {
  'use strict';

  var warned = {};

  function info(msg, extra) {
    if (global.console && console.info) console.info('[Arcadium] ' + NAME + ': ' + msg, extra === undefined ? '' : extra);
  }

  /** window.Arcadium when it is SDK v2, else null. */
  function arcadium() {
    var a = global.Arcadium;
    return a && a.version === 2 ? a : null;
  }

  /** Calls Arcadium v2 (a dotted path such as "data.setItem"); never throws, never leaves a rejection unhandled. */
  function call(pathName, args) {
    var target = arcadium();
    var parts = pathName.split('.');
    var owner = null;
    for (var i = 0; target && i < parts.length; i++) {
      owner = target;
      target = target[parts[i]];
    }
    if (typeof target !== 'function') {
      info('window.Arcadium v2 is missing, ' + pathName + ' not sent');
      return Promise.resolve(undefined);
    }
    try {
      return Promise.resolve(target.apply(owner, args || [])).then(null, function (err) {
        info(pathName + ' failed', err);
        return undefined;
      });
    } catch (err) {
      info(pathName + ' failed', err);
      return Promise.resolve(undefined);
    }
  }

  /** One console.warn per function name the adapter does not support. */
  function warnOnce(name) {
    if (warned[name]) return;
    warned[name] = true;
    if (global.console && console.warn) console.warn('[Arcadium] ' + NAME + '.' + name + ' is not supported here');
  }

  /** A function that warns once and answers `result` (or what the function `result` answers). */
  function unsupported(name, result) {
    return function () {
      warnOnce(name);
      return typeof result === 'function' ? result() : result;
    };
  }

  /**
   * The game's page on the site. Arcadium v2's init() answers no address, so it is built from what the frame
   * knows: the site's origin is the frame's referrer (the site sends its origin to other origins), the game's
   * id is in the frame's own address (/game-frame/{id}/). Without either, the frame's own address.
   */
  function gamePageUrl() {
    var loc = global.location || {};
    var match = /\/game-frame\/(\d+)(\/|$)/.exec(loc.pathname || '');
    var referrer = (global.document && global.document.referrer) || '';
    var origin = /^(https?:\/\/[^/?#]+)/.exec(referrer);
    if (match && origin) return origin[1] + '/game/' + match[1];
    return String(loc.href || '');
  }

  /** The frame address's query parameter `name`, or `missing` when it has none (a malformed pair is skipped). */
  function urlParam(name, missing) {
    var search = ((global.location && global.location.search) || '').replace(/^\?/, '');
    var pairs = search ? search.split('&') : [];
    for (var i = 0; i < pairs.length; i++) {
      var eq = pairs[i].indexOf('=');
      try {
        var key = decodeURIComponent((eq < 0 ? pairs[i] : pairs[i].slice(0, eq)).replace(/\+/g, ' '));
        if (key === String(name)) return decodeURIComponent((eq < 0 ? '' : pairs[i].slice(eq + 1)).replace(/\+/g, ' '));
      } catch (e) {
        // a malformed pair is skipped
      }
    }
    return missing;
  }

  // D122: the bounds the game page checks an invite link's parameters against (src/client/features/games/invite-code.ts)
  var INVITE_PARAMS_MAX = 8;
  var INVITE_KEY = /^[A-Za-z0-9_-]{1,32}$/;
  var INVITE_VALUE = /^[A-Za-z0-9_.~-]{1,64}$/;

  /**
   * The pairs of `params` (an object of strings, numbers or booleans) an invite link can carry, each key after
   * `prefix`: at most INVITE_PARAMS_MAX, the rest dropped with a note in the console, as the page would drop them.
   */
  function invitePairs(params, prefix) {
    var pairs = [];
    if (!params || typeof params !== 'object') return pairs;
    for (var key in params) {
      if (!Object.prototype.hasOwnProperty.call(params, key)) continue;
      var raw = params[key];
      var value = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : null;
      var name = (prefix || '') + key;
      if (pairs.length < INVITE_PARAMS_MAX && value !== null && INVITE_KEY.test(name) && INVITE_VALUE.test(value)) pairs.push([name, value]);
      else info('an invite link carries at most ' + INVITE_PARAMS_MAX + ' parameters of A-Z a-z 0-9 _ - (values also . ~, up to 64); dropped', key);
    }
    return pairs;
  }

  /** The game's page with `params` in its query: the link a friend follows to play along (D122). */
  function inviteLink(params, prefix) {
    var base = gamePageUrl().replace(/[?#].*$/, '');
    var pairs = invitePairs(params, prefix);
    var query = [];
    for (var i = 0; i < pairs.length; i++) query.push(encodeURIComponent(pairs[i][0]) + '=' + encodeURIComponent(pairs[i][1]));
    return query.length ? base + '?' + query.join('&') : base;
  }

  /** The invite parameters in Arcadium's init() answer, checked again (a copy; null without any). */
  function inviteParamsOf(initResult) {
    var pairs = invitePairs(initResult && initResult.inviteParams, '');
    if (!pairs.length) return null;
    var params = {};
    // defined, not assigned: a key such as __proto__ stays a plain key
    for (var i = 0; i < pairs.length; i++)
      Object.defineProperty(params, pairs[i][0], { value: pairs[i][1], enumerable: true, writable: true, configurable: true });
    return params;
  }

  function later(fn) {
    setTimeout(fn, 0);
  }

  return {
    info: info,
    arcadium: arcadium,
    call: call,
    warnOnce: warnOnce,
    unsupported: unsupported,
    gamePageUrl: gamePageUrl,
    urlParam: urlParam,
    inviteLink: inviteLink,
    inviteParamsOf: inviteParamsOf,
    later: later,
  };
}
