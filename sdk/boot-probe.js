/* Arcadium boot probe (D132): what the CMS's "Run boot test" learns from inside a game's frame.
 *
 * The games origin adds this script as the first thing in a package's index.html, and only when the frame's
 * address asks for it (?arcadium-boot-test=1): an ordinary play never loads it. Being first, it hears the
 * game's errors from its very first script, whether or not the game loads an SDK. It posts to the page that
 * framed it (only the site may frame the games origin):
 *   { arcadiumBootProbe: 1, type: 'frame', payload: { by: 'dom' } }     DOMContentLoaded, then a painted frame
 *   { arcadiumBootProbe: 1, type: 'frame', payload: { by: 'canvas' } }  the first drawing on a canvas, painted
 *   { arcadiumBootProbe: 1, type: 'error', payload: { message } }       an uncaught error, an unhandled
 *                                                                      rejection, console.error, a file that
 *                                                                      did not load (at most 20, 300 chars)
 * and answers { arcadiumBootProbe: 1, type: 'picture' } from the framing page with
 *   { arcadiumBootProbe: 1, type: 'picture', payload: { picture: dataUrl | null, note: string | null } }:
 * the largest canvas, scaled down to 320 px, as JPEG. A canvas holding another site's pictures cannot be read
 * (the browser's same-origin rule): then the picture is null and the note says so.
 */
(function () {
  'use strict';
  var parentWindow = window.parent;
  if (!parentWindow || parentWindow === window) return;

  var MAX_ERRORS = 20;
  var MAX_CHARS = 300;
  var SIDE = 320;
  var errorsSent = 0;

  function post(type, payload) {
    try {
      parentWindow.postMessage({ arcadiumBootProbe: 1, type: type, payload: payload }, '*');
    } catch (e) {
      /* the page went away */
    }
  }

  function clip(text) {
    var s = String(text);
    return s.length > MAX_CHARS ? s.slice(0, MAX_CHARS - 1) + '\u2026' : s;
  }

  function reportError(message) {
    if (errorsSent >= MAX_ERRORS) return;
    errorsSent += 1;
    post('error', { message: clip(message) });
  }

  function describe(value) {
    if (value && typeof value === 'object' && 'message' in value) return String(value.message);
    try {
      return typeof value === 'string' ? value : JSON.stringify(value);
    } catch (e) {
      return String(value);
    }
  }

  // Capturing: a script, style or image that fails to load fires 'error' on its element, not on the window.
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target !== window && target.tagName) {
        reportError('Could not load ' + (target.src || target.href || target.tagName.toLowerCase()));
        return;
      }
      reportError(event.message || describe(event.error) || 'Script error');
    },
    true,
  );
  window.addEventListener('unhandledrejection', function (event) {
    reportError('Unhandled rejection: ' + describe(event.reason));
  });
  if (window.console && typeof window.console.error === 'function') {
    var original = window.console.error;
    window.console.error = function () {
      try {
        reportError(Array.prototype.map.call(arguments, describe).join(' '));
      } catch (e) {
        /* never break the game's logging */
      }
      return original.apply(this, arguments);
    };
  }

  // The first frame: after DOMContentLoaded, and after the first drawing on a canvas, each once the browser
  // has painted (two animation frames: the one that draws, and the one after it is on screen).
  function afterPaint(callback) {
    requestAnimationFrame(function () {
      requestAnimationFrame(callback);
    });
  }
  var canvasSeen = false;
  function drew() {
    if (canvasSeen) return;
    canvasSeen = true;
    afterPaint(function () {
      post('frame', { by: 'canvas' });
    });
  }
  function watch(proto, names) {
    if (!proto) return;
    names.forEach(function (name) {
      var fn = proto[name];
      if (typeof fn !== 'function') return;
      proto[name] = function () {
        if (!canvasSeen) drew();
        return fn.apply(this, arguments);
      };
    });
  }
  watch(window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype, [
    'fillRect',
    'fill',
    'stroke',
    'strokeRect',
    'fillText',
    'drawImage',
    'putImageData',
  ]);
  watch(window.WebGLRenderingContext && WebGLRenderingContext.prototype, ['drawArrays', 'drawElements', 'clear']);
  watch(window.WebGL2RenderingContext && WebGL2RenderingContext.prototype, ['drawArrays', 'drawElements', 'clear']);

  function domReady() {
    afterPaint(function () {
      post('frame', { by: 'dom' });
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', domReady);
  else domReady();

  function picture() {
    var canvases = document.getElementsByTagName('canvas');
    var best = null;
    for (var i = 0; i < canvases.length; i++) {
      var c = canvases[i];
      if (c.width > 0 && c.height > 0 && (!best || c.width * c.height > best.width * best.height)) best = c;
    }
    if (!best) return { picture: null, note: 'The game draws no canvas, so there is no picture.' };
    var scale = Math.min(1, SIDE / Math.max(best.width, best.height));
    var small = document.createElement('canvas');
    small.width = Math.max(1, Math.round(best.width * scale));
    small.height = Math.max(1, Math.round(best.height * scale));
    try {
      var g = small.getContext('2d');
      g.fillStyle = '#000';
      g.fillRect(0, 0, small.width, small.height);
      g.drawImage(best, 0, 0, small.width, small.height);
      return { picture: small.toDataURL('image/jpeg', 0.7), note: null };
    } catch (e) {
      return {
        picture: null,
        note: 'The canvas shows pictures from another site, so the browser does not let it be read.',
      };
    }
  }

  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow) return;
    var data = event.data;
    if (!data || data.arcadiumBootProbe !== 1 || data.type !== 'picture') return;
    var answer = picture();
    try {
      parentWindow.postMessage({ arcadiumBootProbe: 1, type: 'picture', payload: answer }, event.origin);
    } catch (e) {
      /* the page went away */
    }
  });
})();
