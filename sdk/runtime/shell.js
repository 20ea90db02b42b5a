/* The optional screen shell of the Arcadium built-in games runtime (D26), on the helpers of
 * runtime.js (load that first; both are served by the games origin, see runtime.js for why):
 *   <link rel="stylesheet" href="/sdk/runtime/shell.css">
 *   <script src="/sdk/v1.js"></script>
 *   <script src="/sdk/runtime/runtime.js"></script>
 *   <script src="/sdk/runtime/shell.js"></script>
 * The game's index.html declares only what is its own: the #game canvas, the .hud, the .touch buttons
 * (if any) and the #title-screen .panel's text and options. The shell adds the standard parts (below).
 * Handles: screen states (body[data-state] = title | playing | gameover, or online: online.js) with the #title-screen and
 * #over-screen panels, the SDK calls of a round, keyboard state (by KeyboardEvent.code), touch buttons,
 * option selectors, a DPR-aware full-window #game canvas, the animation loop, the #mute button (sound
 * muted by default) and the window.__arcadiumTest hook used by automated smoke tests.
 * A game calls Shell.init({ start(options), update(dt, state), draw(ctx, w, h), resize, onKey, finish, score, onTitle }). */
(function () {
  'use strict';

  var RT = window.ArcadiumRuntime;
  var body = document.body;
  var $ = function (sel) {
    return document.querySelector(sel);
  };

  /* ---------- the standard parts: the #mute button after the HUD, an empty .touch bar when the game has
     no touch buttons, the #over-screen panel after the title panel (and, once the game is there, Start) ---------- */
  function speaker(cls, after) {
    // a speaker icon, and after it a cross (off) or sound waves (on)
    return (
      '<svg class="' +
      cls +
      '" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
      '<path d="M11 5 6 9H2v6h4l5 4V5z" fill="currentColor"/><path d="' +
      after +
      '"/></svg>'
    );
  }
  $('.hud').insertAdjacentHTML(
    'afterend',
    '<button id="mute" class="mute" type="button" aria-pressed="false" aria-label="Sound off">' +
      speaker('off', 'm23 9-6 6M17 9l6 6') +
      speaker('on', 'M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14') +
      '</button>',
  );
  if (!$('.touch')) $('#mute').insertAdjacentHTML('afterend', '<div class="touch" aria-hidden="true"></div>');
  $('#title-screen').insertAdjacentHTML(
    'afterend',
    '<div id="over-screen" class="screen"><div class="panel"><h2>Game Over</h2>' +
      '<p id="over-result" class="result"></p><p class="final">Score <b id="over-score">0</b></p><p id="over-detail" class="detail"></p>' +
      '<div class="btns"><button id="again-btn" class="btn" type="button">Play again</button><button id="menu-btn" class="btn ghost" type="button">Menu</button></div></div></div>',
  );
  var state = 'title';
  var game = null;
  var keys = RT.heldKeys(function (e) {
    return e.code || e.key;
  });
  var PREVENT = { ArrowUp: 1, ArrowDown: 1, ArrowLeft: 1, ArrowRight: 1, Space: 1, PageUp: 1, PageDown: 1, Home: 1, End: 1 };

  function setState(s) {
    state = s;
    RT.showState(s);
  }

  /* ---------- canvas ---------- */
  var canvas = $('#game');
  var ctx = canvas ? canvas.getContext('2d') : null;
  var view = { w: 0, h: 0, dpr: 1 };
  function resize() {
    if (!canvas) return;
    var fit = RT.fitCanvas(canvas, 3);
    view.w = fit.w;
    view.h = fit.h;
    view.dpr = fit.dpr;
    ctx.setTransform(fit.dpr, 0, 0, fit.dpr, 0, 0);
    if (game && game.resize) game.resize(fit.w, fit.h);
    if (game && game.draw) game.draw(ctx, fit.w, fit.h);
  }
  window.addEventListener('resize', resize);

  /* ---------- sound (muted by default): the #mute button shows an icon for each state ---------- */
  var sound = RT.sound({ type: 'square', vol: 0.08, tail: 0.02 });
  var muteBtn = $('#mute');
  function setMuted(m) {
    if (muteBtn) {
      muteBtn.setAttribute('aria-pressed', m ? 'false' : 'true');
      muteBtn.setAttribute('aria-label', m ? 'Sound off (click to turn on)' : 'Sound on (click to mute)');
      muteBtn.title = muteBtn.getAttribute('aria-label');
    }
    sound.setOn(!m);
  }
  if (muteBtn) {
    muteBtn.addEventListener('click', function (e) {
      e.stopPropagation();
      setMuted(sound.on);
      muteBtn.blur();
    });
    setMuted(true);
  }

  /* ---------- keyboard ---------- */
  window.addEventListener('keydown', function (e) {
    var code = e.code || e.key;
    if (state === 'online') {
      // a game played online (online.js): its panels' buttons and the invite link take the keys, the board the rest
      var focused = document.activeElement;
      if (focused && (focused.tagName === 'BUTTON' || focused.tagName === 'INPUT')) return;
      if (PREVENT[code]) e.preventDefault();
      if (game && game.onKey) game.onKey(code, !keys[code], e);
      keys[code] = true;
      return;
    }
    if (PREVENT[code]) e.preventDefault();
    if (state !== 'playing' && (code === 'Enter' || code === 'Space' || code === 'NumpadEnter')) {
      // Let a focused option button (or online play's, online.js) take Enter/Space; otherwise start / play again.
      var a = document.activeElement;
      if (a && a.tagName === 'BUTTON' && a.closest('.seg, .ol-lobby')) return;
      e.preventDefault();
      if (a && a.blur) a.blur();
      if (state === 'title' || (state === 'gameover' && Date.now() - overAt > 600)) start();
      return;
    }
    if (state === 'playing' && code === 'Space') {
      var act = document.activeElement;
      if (act && act.blur && act !== body) act.blur();
    }
    var first = !keys[code];
    keys[code] = true;
    if (state === 'playing' && game && game.onKey) game.onKey(code, first, e);
  });

  /* ---------- touch buttons: <button class="tbtn" data-key="ArrowLeft"> ---------- */
  function markTouch() {
    body.classList.add('is-touch');
  }
  if (RT.coarsePointer()) markTouch();
  window.addEventListener('touchstart', markTouch, { passive: true });
  Array.prototype.forEach.call(document.querySelectorAll('.tbtn[data-key]'), function (b) {
    var code = b.getAttribute('data-key');
    var down = function (e) {
      e.preventDefault();
      if (b.setPointerCapture && e.pointerId != null) {
        try {
          b.setPointerCapture(e.pointerId);
        } catch (x) {
          /* */
        }
      }
      b.classList.add('down');
      var first = !keys[code];
      keys[code] = true;
      if (state === 'playing' && game && game.onKey) game.onKey(code, first, e);
    };
    var up = function (e) {
      e.preventDefault();
      b.classList.remove('down');
      keys[code] = false;
    };
    b.addEventListener('pointerdown', down);
    b.addEventListener('pointerup', up);
    b.addEventListener('pointercancel', up);
    b.addEventListener('lostpointercapture', up);
    b.addEventListener('contextmenu', function (e) {
      e.preventDefault();
    });
  });

  /* ---------- option selectors: <div class="seg" data-opt="level"><button data-value="1"> ---------- */
  var options = {};
  Array.prototype.forEach.call(document.querySelectorAll('.seg[data-opt]'), function (seg) {
    var name = seg.getAttribute('data-opt');
    var btns = seg.querySelectorAll('button');
    Array.prototype.forEach.call(btns, function (b) {
      if (b.getAttribute('aria-pressed') === 'true') options[name] = b.getAttribute('data-value');
      b.addEventListener('click', function () {
        Array.prototype.forEach.call(btns, function (o) {
          o.setAttribute('aria-pressed', o === b ? 'true' : 'false');
        });
        options[name] = b.getAttribute('data-value');
        try {
          localStorage.setItem('arc-opt-' + location.pathname + name, options[name]);
        } catch (e) {
          /* */
        }
      });
      b.setAttribute('type', 'button');
    });
    var saved = null;
    try {
      saved = localStorage.getItem('arc-opt-' + location.pathname + name);
    } catch (e) {
      /* */
    }
    if (saved != null) {
      Array.prototype.forEach.call(btns, function (o) {
        if (o.getAttribute('data-value') === saved) {
          o.click();
        }
      });
    }
  });

  /* ---------- round lifecycle ---------- */
  var overAt = 0,
    submitted = false;
  function start() {
    if (state === 'playing' || !game) return;
    submitted = false;
    for (var k in keys) keys[k] = false;
    setState('playing');
    var a = document.activeElement;
    if (a && a.blur) a.blur();
    RT.sdk('gameplayStart');
    game.start(Object.assign({}, options));
    if (canvas) canvas.focus({ preventScroll: true });
  }

  /** End the round: submit the score exactly once, stop gameplay, show the game-over panel.
   *  won: true / false, or undefined when the game has no win or loss (sent as null).
   *  label: optional text replacing the default 'You Win!' / 'You Lose' line.
   *  opts: { submit: false } for a round that does not count on the board (the round still stops). */
  function gameOver(score, won, detail, label, opts) {
    if (state !== 'playing') return;
    score = Math.max(0, Math.round(score || 0));
    setState('gameover');
    overAt = Date.now();
    if (!submitted) {
      submitted = true;
      if (!opts || opts.submit !== false) RT.sdk('submitScore', score, typeof won === 'boolean' ? { won: won } : {});
      RT.sdk('gameplayStop');
    }
    var res = $('#over-result');
    if (res) {
      res.className = 'result' + (won === true ? ' win' : won === false ? ' lose' : '');
      res.textContent = label || (won === true ? 'You Win!' : won === false ? 'You Lose' : '');
      res.style.display = res.textContent ? '' : 'none';
    }
    var sc = $('#over-score');
    if (sc) sc.textContent = String(score);
    var dt = $('#over-detail');
    if (dt) dt.textContent = detail || '';
    var again = $('#again-btn');
    if (again)
      setTimeout(function () {
        if (state === 'gameover') again.focus({ preventScroll: true });
      }, 50);
  }

  function toTitle() {
    if (state === 'playing') return;
    setState('title');
    if (game && game.onTitle) game.onTitle();
  }

  var againBtn = $('#again-btn'),
    menuBtn = $('#menu-btn');
  if (againBtn) againBtn.addEventListener('click', start);
  if (menuBtn) menuBtn.addEventListener('click', toTitle);

  /* ---------- HUD helpers ---------- */
  function hud(id, value) {
    var el = document.getElementById(id);
    if (el && el.textContent !== String(value)) el.textContent = String(value);
  }

  /* ---------- main loop (the first frame has dt = 0) ---------- */
  function frame(dt) {
    if (game) {
      if (game.update) game.update(dt, state);
      if (game.draw && ctx) game.draw(ctx, view.w, view.h);
    }
  }

  /* ---------- test hook ---------- */
  window.__arcadiumTest = {
    /** Ends the current round at once (starting one first if on the title screen):
     *  the game submits its current score and shows the game-over screen. */
    finish: function () {
      if (state === 'title' || state === 'gameover') start();
      if (state === 'playing' && game) {
        if (game.finish) game.finish();
        if (state === 'playing') gameOver(game.score ? game.score() : 0, undefined);
      }
      return state;
    },
    start: function () {
      start();
      return state;
    },
    get state() {
      return state;
    },
  };

  window.Shell = {
    init: function (g) {
      game = g;
      // The Start button, at the end of the title panel, comes with the game: a click on it always starts a round.
      $('#title-screen .panel').insertAdjacentHTML('beforeend', '<div class="btns"><button id="start-btn" class="btn" type="button">Start</button></div>');
      $('#start-btn').addEventListener('click', start);
      setState('title');
      resize();
      RT.loop(frame, 0.05, 0);
      RT.sdk('loadingProgress', 1);
    },
    get state() {
      return state;
    },
    keys: keys,
    view: view,
    ctx: ctx,
    canvas: canvas,
    start: start,
    /** Back to the title screen from the game-over one (as its Menu button). */
    toTitle: toTitle,
    /** The board played online (online.js) instead of a round (true), or back to the title screen (false). */
    online: function (on) {
      if (state === 'playing') return;
      setState(on ? 'online' : 'title');
      if (on && canvas) canvas.focus({ preventScroll: true });
    },
    gameOver: gameOver,
    hud: hud,
    beep: sound.tone,
    noise: sound.noise,
    options: options,
  };
})();
