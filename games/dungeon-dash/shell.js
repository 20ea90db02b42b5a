/* Shared runtime for Arcadium built-in games (each game folder has its own copy).
 * Handles: screen states (body[data-state] = title | playing | gameover), the Arcadium SDK calls,
 * keyboard state, touch buttons, a DPR-aware canvas, the animation loop, optional sound (muted by
 * default) and the window.__arcadiumTest hook used by automated smoke tests. */
(function () {
  'use strict';

  // Works without the SDK too (e.g. index.html opened from disk): calls become no-ops.
  var noop = function () {};
  var SDK = window.Arcadium || { version: 0, gameplayStart: noop, gameplayStop: noop, loadingProgress: noop, submitScore: noop };

  var body = document.body;
  var $ = function (sel) { return document.querySelector(sel); };
  var state = 'title';
  var game = null;
  var keys = Object.create(null);
  var PREVENT = { ArrowUp: 1, ArrowDown: 1, ArrowLeft: 1, ArrowRight: 1, Space: 1, PageUp: 1, PageDown: 1, Home: 1, End: 1 };

  function setState(s) {
    state = s;
    body.setAttribute('data-state', s);
  }

  /* ---------- canvas ---------- */
  var canvas = $('#game');
  var ctx = canvas ? canvas.getContext('2d') : null;
  var view = { w: 0, h: 0, dpr: 1 };
  function resize() {
    if (!canvas) return;
    var dpr = Math.min(window.devicePixelRatio || 1, 3);
    var w = Math.max(1, window.innerWidth), h = Math.max(1, window.innerHeight);
    view.w = w; view.h = h; view.dpr = dpr;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (game && game.resize) game.resize(w, h);
    if (game && game.draw) game.draw(ctx, w, h);
  }
  window.addEventListener('resize', resize);

  /* ---------- sound (WebAudio, muted by default) ---------- */
  var audio = null, muted = true;
  var muteBtn = $('#mute');
  function setMuted(m) {
    muted = m;
    if (muteBtn) {
      muteBtn.setAttribute('aria-pressed', m ? 'false' : 'true');
      muteBtn.setAttribute('aria-label', m ? 'Sound off (click to turn on)' : 'Sound on (click to mute)');
      muteBtn.title = muteBtn.getAttribute('aria-label');
    }
    if (!m && !audio) {
      try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { audio = null; }
    }
    if (audio && audio.state === 'suspended') audio.resume();
  }
  if (muteBtn) {
    muteBtn.addEventListener('click', function (e) { e.stopPropagation(); setMuted(!muted); muteBtn.blur(); });
    setMuted(true);
  }
  /** Play a short tone: freq in Hz (slides to freqEnd if given), dur in seconds. */
  function beep(freq, dur, type, vol, freqEnd) {
    if (muted || !audio) return;
    try {
      var t = audio.currentTime, o = audio.createOscillator(), g = audio.createGain();
      o.type = type || 'square';
      o.frequency.setValueAtTime(freq, t);
      if (freqEnd) o.frequency.exponentialRampToValueAtTime(Math.max(20, freqEnd), t + dur);
      g.gain.setValueAtTime(vol == null ? 0.08 : vol, t);
      g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
      o.connect(g); g.connect(audio.destination);
      o.start(t); o.stop(t + dur + 0.02);
    } catch (e) { /* ignore */ }
  }
  function noise(dur, vol) {
    if (muted || !audio) return;
    try {
      var len = Math.floor(audio.sampleRate * dur), buf = audio.createBuffer(1, len, audio.sampleRate), d = buf.getChannelData(0);
      for (var i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len);
      var s = audio.createBufferSource(), g = audio.createGain();
      g.gain.value = vol == null ? 0.15 : vol;
      s.buffer = buf; s.connect(g); g.connect(audio.destination); s.start();
    } catch (e) { /* ignore */ }
  }

  /* ---------- keyboard ---------- */
  window.addEventListener('keydown', function (e) {
    var code = e.code || e.key;
    if (PREVENT[code]) e.preventDefault();
    if (state !== 'playing' && (code === 'Enter' || code === 'Space' || code === 'NumpadEnter')) {
      // Let a focused option button take Enter/Space; otherwise start / play again.
      var a = document.activeElement;
      if (a && a.tagName === 'BUTTON' && a.closest('.seg')) return;
      e.preventDefault();
      if (a && a.blur) a.blur();
      if (state === 'title' || (state === 'gameover' && Date.now() - overAt > 600)) start();
      return;
    }
    if (state === 'playing' && code === 'Space') {
      var act = document.activeElement; if (act && act.blur && act !== body) act.blur();
    }
    var first = !keys[code];
    keys[code] = true;
    if (state === 'playing' && game && game.onKey) game.onKey(code, first, e);
  });
  window.addEventListener('keyup', function (e) { keys[e.code || e.key] = false; });
  window.addEventListener('blur', function () { for (var k in keys) keys[k] = false; });

  /* ---------- touch buttons: <button class="tbtn" data-key="ArrowLeft"> ---------- */
  function markTouch() { body.classList.add('is-touch'); }
  if (window.matchMedia && window.matchMedia('(pointer: coarse)').matches) markTouch();
  window.addEventListener('touchstart', markTouch, { passive: true });
  Array.prototype.forEach.call(document.querySelectorAll('.tbtn[data-key]'), function (b) {
    var code = b.getAttribute('data-key');
    var down = function (e) {
      e.preventDefault();
      if (b.setPointerCapture && e.pointerId != null) { try { b.setPointerCapture(e.pointerId); } catch (x) { /* */ } }
      b.classList.add('down');
      var first = !keys[code];
      keys[code] = true;
      if (state === 'playing' && game && game.onKey) game.onKey(code, first, e);
    };
    var up = function (e) { e.preventDefault(); b.classList.remove('down'); keys[code] = false; };
    b.addEventListener('pointerdown', down);
    b.addEventListener('pointerup', up);
    b.addEventListener('pointercancel', up);
    b.addEventListener('lostpointercapture', up);
    b.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  });

  /* ---------- option selectors: <div class="seg" data-opt="level"><button data-value="1"> ---------- */
  var options = {};
  Array.prototype.forEach.call(document.querySelectorAll('.seg[data-opt]'), function (seg) {
    var name = seg.getAttribute('data-opt');
    var btns = seg.querySelectorAll('button');
    Array.prototype.forEach.call(btns, function (b) {
      if (b.getAttribute('aria-pressed') === 'true') options[name] = b.getAttribute('data-value');
      b.addEventListener('click', function () {
        Array.prototype.forEach.call(btns, function (o) { o.setAttribute('aria-pressed', o === b ? 'true' : 'false'); });
        options[name] = b.getAttribute('data-value');
        try { localStorage.setItem('arc-opt-' + location.pathname + name, options[name]); } catch (e) { /* */ }
      });
      b.setAttribute('type', 'button');
    });
    var saved = null;
    try { saved = localStorage.getItem('arc-opt-' + location.pathname + name); } catch (e) { /* */ }
    if (saved != null) {
      Array.prototype.forEach.call(btns, function (o) {
        if (o.getAttribute('data-value') === saved) { o.click(); }
      });
    }
  });

  /* ---------- round lifecycle ---------- */
  var overAt = 0, submitted = false;
  function start() {
    if (state === 'playing' || !game) return;
    submitted = false;
    for (var k in keys) keys[k] = false;
    setState('playing');
    var a = document.activeElement; if (a && a.blur) a.blur();
    SDK.gameplayStart();
    game.start(Object.assign({}, options));
    if (canvas) canvas.focus({ preventScroll: true });
  }

  /** End the round: submit the score exactly once, stop gameplay, show the game-over panel.
   *  won: true / false, or undefined when the game has no win or loss (sent as null).
   *  label: optional text replacing the default 'You Win!' / 'You Lose' line. */
  function gameOver(score, won, detail, label) {
    if (state !== 'playing') return;
    score = Math.max(0, Math.round(score || 0));
    setState('gameover');
    overAt = Date.now();
    if (!submitted) {
      submitted = true;
      SDK.submitScore(score, typeof won === 'boolean' ? { won: won } : {});
      SDK.gameplayStop();
    }
    var res = $('#over-result');
    if (res) {
      res.className = 'result' + (won === true ? ' win' : won === false ? ' lose' : '');
      res.textContent = label || (won === true ? 'You Win!' : won === false ? 'You Lose' : '');
      res.style.display = res.textContent ? '' : 'none';
    }
    var sc = $('#over-score'); if (sc) sc.textContent = String(score);
    var dt = $('#over-detail'); if (dt) dt.textContent = detail || '';
    var again = $('#again-btn'); if (again) setTimeout(function () { if (state === 'gameover') again.focus({ preventScroll: true }); }, 50);
  }

  function toTitle() {
    if (state === 'playing') return;
    setState('title');
    if (game && game.onTitle) game.onTitle();
  }

  var startBtn = $('#start-btn'), againBtn = $('#again-btn'), menuBtn = $('#menu-btn');
  if (startBtn) startBtn.addEventListener('click', start);
  if (againBtn) againBtn.addEventListener('click', start);
  if (menuBtn) menuBtn.addEventListener('click', toTitle);

  /* ---------- HUD helpers ---------- */
  function hud(id, value) {
    var el = document.getElementById(id);
    if (el && el.textContent !== String(value)) el.textContent = String(value);
  }

  /* ---------- main loop ---------- */
  var last = 0;
  function frame(t) {
    var dt = last ? Math.min(0.05, (t - last) / 1000) : 0;
    last = t;
    if (game) {
      if (game.update) game.update(dt, state);
      if (game.draw && ctx) game.draw(ctx, view.w, view.h);
    }
    requestAnimationFrame(frame);
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
    start: function () { start(); return state; },
    get state() { return state; }
  };

  window.Shell = {
    init: function (g) {
      game = g;
      setState('title');
      resize();
      requestAnimationFrame(frame);
      SDK.loadingProgress(1);
    },
    get state() { return state; },
    keys: keys,
    view: view,
    ctx: ctx,
    canvas: canvas,
    start: start,
    gameOver: gameOver,
    hud: hud,
    beep: beep,
    noise: noise,
    options: options
  };
})();
