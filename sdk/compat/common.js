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
    later: later,
  };
}
