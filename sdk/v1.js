/*!
 * Arcadium game SDK, version 1 (decision D22).
 *
 * Served by the games origin at /sdk/v1.js. Include it before your own script:
 *   <script src="/sdk/v1.js"></script>
 *
 * Every call posts exactly one envelope to the parent window (the Arcadium game page):
 *   { v: 1, type: "gameplay.start" | "gameplay.stop" | "loading.progress" | "score.submit", payload }
 *
 * targetOrigin is "*" on purpose: the envelope carries no secret, and the host page only accepts
 * messages whose event.source is its own game iframe and whose event.origin is the games origin.
 * Outside a frame (the game opened directly while developing) the calls send nothing and only
 * log what they would have sent with console.info.
 *
 * No dependencies, no network access, no globals other than window.Arcadium.
 */
(function (global) {
  'use strict';

  if (global.Arcadium && global.Arcadium.version === 1) return; // included twice: keep the first

  var MAX_SCORE = 1000000000; // the server accepts integers 0..1,000,000,000 (D23)
  var PREFIX = '[Arcadium SDK]';

  function inFrame() {
    try {
      return global.parent != null && global.parent !== global;
    } catch (e) {
      return true; // a cross-origin parent may throw on access: we are framed
    }
  }

  function send(type, payload) {
    var envelope = { v: 1, type: type, payload: payload };
    if (!inFrame()) {
      if (global.console && console.info) console.info(PREFIX + ' not in a frame, would send:', envelope);
      return;
    }
    try {
      global.parent.postMessage(envelope, '*');
    } catch (e) {
      if (global.console && console.warn) console.warn(PREFIX + ' could not post message:', e);
    }
  }

  function warn(msg, value) {
    if (global.console && console.warn) console.warn(PREFIX + ' ' + msg, value);
  }

  var Arcadium = {
    /** SDK / envelope version. */
    version: 1,

    /** A round (a play of the game) has started: the player is now actually playing. */
    gameplayStart: function () {
      send('gameplay.start', {});
    },

    /** The round has ended or gameplay is interrupted (game over screen, menu...). */
    gameplayStop: function () {
      send('gameplay.stop', {});
    },

    /**
     * Loading progress, a number from 0 to 1. Call loadingProgress(1) once the game is ready.
     * Values outside 0..1 are clamped (with a warning); anything that is not a finite number is
     * refused with a warning and nothing is sent.
     */
    loadingProgress: function (p) {
      if (typeof p !== 'number' || !isFinite(p)) {
        warn('loadingProgress(p) needs a finite number between 0 and 1, got', p);
        return;
      }
      if (p < 0 || p > 1) {
        warn('loadingProgress(p) clamped to 0..1, got', p);
        p = p < 0 ? 0 : 1;
      }
      send('loading.progress', { progress: p });
    },

    /**
     * Report the final score of a round: a non-negative integer (fractions are rounded).
     * options.won: true (the player won), false (lost) or omitted when the game has no
     * win/loss; omitted (or anything that is not a boolean) is sent as won: null.
     * Invalid scores (not a finite number, negative, above 1,000,000,000) are refused with a
     * console warning and nothing is sent.
     */
    submitScore: function (score, options) {
      if (typeof score !== 'number' || !isFinite(score)) {
        warn('submitScore(score) needs a finite number, got', score);
        return;
      }
      var rounded = Math.round(score);
      if (rounded !== score) warn('submitScore(score) rounded a non-integer score:', score);
      if (rounded < 0 || rounded > MAX_SCORE) {
        warn('submitScore(score) needs an integer from 0 to ' + MAX_SCORE + ', got', score);
        return;
      }
      var won = null;
      if (options != null && options.won != null) {
        if (typeof options.won === 'boolean') won = options.won;
        else warn('submitScore(score, {won}) expects won to be a boolean; sending null, got', options.won);
      }
      send('score.submit', { score: rounded, won: won });
    },
  };

  if (Object.freeze) Object.freeze(Arcadium);
  global.Arcadium = Arcadium;
})(typeof window !== 'undefined' ? window : this);
