/* Arcadium built-in games runtime: the one copy of the helpers every game in games/ uses (D26).
 *
 * Served by the games origin at /sdk/runtime/runtime.js, next to the SDK (/sdk/v2.js, or v1); a game
 * loads it after the SDK and before its own script:
 *   <script src="/sdk/v2.js"></script>
 *   <script src="/sdk/runtime/runtime.js"></script>
 *   <script src="game.js"></script>
 * Why served rather than copied into each installed package: the games origin always answers with the
 * current bytes, so no install or re-install step has to keep copies in step with this file (the
 * start-up repair only re-installs missing package folders), and a change here reaches every game at
 * once. The price is the SDK's own: a game folder opened from disk has no runtime (nor SDK).
 *
 * Not part of the SDK: packages uploaded by administrators do not need it (sdk/README.md).
 *
 * window.ArcadiumRuntime:
 *   sdk(name, ...args)        calls window.Arcadium[name] when the SDK is there (v1's names, mapped to v2's
 *                             calls); host problems never break a game (without the SDK, a no-op)
 *   sdkInit()                 SDK v2's init() (resolves with null without it, or when it fails)
 *   roomsApi()                SDK v2's Arcadium.rooms, or null (D120: the built-in games that play online)
 *   onSdkEvent(event, fn)     SDK v2's on(event, fn) (the page's "invite" event, …); nothing without SDK v2
 *   achievement(key)          unlocks one of the game's achievements through SDK v2; a no-op with v1
 *                             or without an SDK, and a refusal never breaks the game
 *   byId(id)                  document.getElementById
 *   sound(defaults)           WebAudio tones, muted by default (see below)
 *   soundButton(btn, sound)   a "Sound: On / Sound: Off" text button; returns its toggle function
 *   panelGame(opts)           a game with its own panels: adds their standard parts to the page and gives
 *                             canvas, ctx, ui elements, sound, the round's SDK calls and the start-up (see below)
 *   fitCanvas(canvas, maxDpr) sizes the canvas to the window at the device pixel ratio (capped)
 *   heldKeys(keyOf, opts)     the keys held down now (cleared on key up and when the window blurs)
 *   coarsePointer()           true on a touch screen (show touch controls from the start)
 *   canvasTouch(canvas, touch, opts)  touch buttons drawn on the canvas: pointers held on them set touch flags
 *   loop(step, maxDt, last)   the animation loop: step(dt in seconds, capped at maxDt, now)
 *   showState(state, panels, hudIn)  body[data-state] and the title / game-over / HUD panels' "hidden" class
 *   roundRect(g, x, y, w, h, r)       a rounded-rectangle path (never throws on tiny or negative sizes)
 * sdk/runtime/shell.js builds the optional screen shell (window.Shell) on these helpers.
 */
(function () {
  'use strict';

  var host = window.Arcadium || null;

  /**
   * The games call the SDK by v1's names; with SDK v2 (D75, /sdk/v2.js) these are its calls of the same
   * meaning. v2's calls return promises: a refusal is the host's business, never the game's.
   */
  var V2_CALLS = {
    loadingProgress: function (p) {
      return host.loading.progress(p);
    },
    gameplayStart: function () {
      return host.gameplay.start();
    },
    gameplayStop: function () {
      return host.gameplay.stop();
    },
    submitScore: function (score, options) {
      return host.scores.submit(score, options);
    },
  };

  /** Calls the SDK; works without it too (index.html opened from disk): calls become no-ops. */
  function sdk(name) {
    var args = Array.prototype.slice.call(arguments, 1);
    try {
      if (host && host.version === 2 && V2_CALLS[name]) {
        var result = V2_CALLS[name].apply(null, args);
        if (result && typeof result.catch === 'function') result.catch(function () {});
      } else if (host && typeof host[name] === 'function') host[name].apply(host, args);
    } catch (e) {
      /* host problems never break the game */
    }
  }

  /**
   * D120: SDK v2's `init()` (the player's invite code is known once it resolved) and `Arcadium.rooms`, for the
   * built-in games that play online; null without SDK v2.
   */
  function sdkInit() {
    if (!host || host.version !== 2 || typeof host.init !== 'function') return Promise.resolve(null);
    return host.init().catch(function () {
      return null;
    });
  }
  function roomsApi() {
    return host && host.version === 2 && host.rooms ? host.rooms : null;
  }
  /** SDK v2's `on(event, listener)` (e.g. "invite"); nothing without SDK v2. */
  function onSdkEvent(event, listener) {
    if (host && host.version === 2 && typeof host.on === 'function') host.on(event, listener);
  }

  /** D78: `Arcadium.achievements.unlock(key)` of SDK v2 when the page has it (during a round; once per player, the page knows). */
  function achievement(key) {
    try {
      var v2 = window.Arcadium;
      if (!v2 || v2.version !== 2 || !v2.achievements || typeof v2.achievements.unlock !== 'function') return;
      var done = v2.achievements.unlock(key);
      if (done && typeof done.catch === 'function') done.catch(function () {});
    } catch (e) {
      /* host problems never break the game */
    }
  }

  /**
   * SDK v2's page events: while the page is hidden or a dialog covers the game, loop() passes no time
   * (the game stands still); the page's sound control turned off turns every sound() off.
   */
  var paused = false;
  var sounds = [];
  if (host && host.version === 2 && typeof host.on === 'function') {
    host.on('pause', function () {
      paused = true;
    });
    host.on('resume', function () {
      paused = false;
    });
    host.on('mute', function (e) {
      if (!e || !e.muted) return;
      for (var i = 0; i < sounds.length; i++) if (sounds[i].sound.on) sounds[i].off();
    });
  }

  function byId(id) {
    return document.getElementById(id);
  }

  /**
   * Sound, muted by default; the audio context is made when sound is first turned on (a user gesture).
   * defaults: { dur, type, vol, tail } for tone(); tail: seconds an oscillator runs on after its fade.
   */
  function sound(defaults) {
    var d = defaults || {};
    var audio = null,
      on = false;
    function context() {
      if (!audio) audio = new (window.AudioContext || window.webkitAudioContext)();
      return audio;
    }
    function setOn(value) {
      on = !!value;
      if (on && !audio) {
        try {
          context();
        } catch (e) {
          audio = null;
        }
      }
      if (audio && audio.state === 'suspended') audio.resume();
    }
    /** A short tone: freq in Hz (sliding to freqEnd if given), dur in seconds. */
    function tone(freq, dur, type, vol, freqEnd) {
      if (!on || !audio) return;
      if (dur === undefined) dur = d.dur;
      try {
        var t = audio.currentTime,
          o = audio.createOscillator(),
          g = audio.createGain();
        o.type = type || d.type || 'square';
        o.frequency.setValueAtTime(freq, t);
        if (freqEnd) o.frequency.exponentialRampToValueAtTime(Math.max(20, freqEnd), t + dur);
        g.gain.setValueAtTime(vol == null ? d.vol : vol, t);
        g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
        o.connect(g);
        g.connect(audio.destination);
        o.start(t);
        o.stop(t + dur + (d.tail || 0));
      } catch (e) {
        /* ignore */
      }
    }
    /** A burst of fading white noise (explosions, crashes). */
    function noise(dur, vol) {
      if (!on || !audio) return;
      try {
        var len = Math.floor(audio.sampleRate * dur),
          buf = audio.createBuffer(1, len, audio.sampleRate),
          data = buf.getChannelData(0);
        for (var i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
        var s = audio.createBufferSource(),
          g = audio.createGain();
        g.gain.value = vol == null ? 0.15 : vol;
        s.buffer = buf;
        s.connect(g);
        g.connect(audio.destination);
        s.start();
      } catch (e) {
        /* ignore */
      }
    }
    var api = {
      get on() {
        return on;
      },
      setOn: setOn,
      context: context,
      tone: tone,
      noise: noise,
    };
    sounds.push({
      sound: api,
      off: function () {
        setOn(false);
      },
    });
    return api;
  }

  /** A text button "Sound: On" / "Sound: Off" that toggles s (a sound()) and plays a blip when turned on. */
  function soundButton(btn, s, onChange) {
    function toggle() {
      s.setOn(!s.on);
      btn.textContent = s.on ? 'Sound: On' : 'Sound: Off';
      s.tone(660);
      if (onChange) onChange(s.on);
    }
    // the page's sound control turned off (above) also updates this button
    for (var i = 0; i < sounds.length; i++) {
      if (sounds[i].sound !== s) continue;
      sounds[i].off = function () {
        s.setOn(false);
        btn.textContent = 'Sound: Off';
        if (onChange) onChange(false);
      };
    }
    btn.addEventListener('click', function (e) {
      e.stopPropagation();
      toggle();
      btn.blur();
    });
    return toggle;
  }

  /*
   * The standard parts of a game that draws its own panels, added by panelGame to what its index.html
   * declares (the #c canvas, the #hud with the game's own fields, the #title .panel with its text): the
   * sound button at the end of the HUD, the Start button at the end of the title panel, and the
   * game-over panel after it (#result, #final, #detail, the Play again button).
   */
  var PANEL_MUTE = '<button id="mute" type="button" aria-label="Toggle sound">Sound: Off</button>';
  var PANEL_START = '<button id="start" type="button">Start</button>';
  var PANEL_OVER =
    '<div id="over" class="screen hidden"><div class="panel"><h2 id="result"></h2><h1>Game Over</h1>' +
    '<p class="big">Score: <span id="final">0</span></p><p id="detail"></p><button id="again" type="button">Play again</button></div></div>';
  var PANEL_IDS = 'hud title over result final detail mute start again';

  /**
   * The common start of a game that draws its own panels. Reports loadingProgress(0.2), adds the standard
   * parts above (opts.result: the game-over heading until the game writes one, default 'You Lose') and
   * returns:
   *   canvas, ctx             the #c canvas and its 2D context
   *   ui                      the standard elements and those of opts.ui (space-separated ids), by id
   *   sound, beep             sound(opts.sound) and its tone()
   *   toggleSound             the #mute text button's toggle (soundButton; opts.onSoundChange(on) after)
   *   startRound()            a round starts: gameplayStart
   *   endRound(score, won, detail, label)  the round ends: submitScore (rounded down, at least 0; won
   *                           true / false, or undefined for no win or loss) and gameplayStop, once a round;
   *                           the panel's #final, #detail (if given) and #result (label, else 'You Win!' /
   *                           'You Lose' by won, else as it is). Returns false, doing nothing, when the round
   *                           has ended already.
   *   run({ resize, frame, maxDt, start })  the start-up, last: resize() now and on every window resize, the
   *                           Start and Play again buttons call start(), loop(frame, maxDt), loadingProgress(1)
   */
  function panelGame(opts) {
    sdk('loadingProgress', 0.2);
    byId('hud').insertAdjacentHTML('beforeend', PANEL_MUTE);
    document.querySelector('#title .panel').insertAdjacentHTML('beforeend', PANEL_START);
    byId('title').insertAdjacentHTML('afterend', PANEL_OVER);
    byId('result').textContent = opts.result || 'You Lose';
    var canvas = byId('c'),
      ui = {};
    (PANEL_IDS + ' ' + (opts.ui || '')).split(' ').forEach(function (id) {
      if (id) ui[id] = byId(id);
    });
    var s = sound(opts.sound),
      ended = false;
    return {
      canvas: canvas,
      ctx: canvas.getContext('2d'),
      ui: ui,
      sound: s,
      beep: s.tone,
      toggleSound: soundButton(ui.mute, s, opts.onSoundChange),
      startRound: function () {
        ended = false;
        sdk('gameplayStart');
      },
      endRound: function (score, won, detail, label) {
        if (ended) return false;
        ended = true;
        sdk('submitScore', Math.max(0, Math.floor(score)), typeof won === 'boolean' ? { won: won } : {});
        sdk('gameplayStop');
        ui.final.textContent = score;
        if (detail !== undefined) ui.detail.textContent = detail;
        if (label || typeof won === 'boolean') ui.result.textContent = label || (won ? 'You Win!' : 'You Lose');
        return true;
      },
      run: function (o) {
        window.addEventListener('resize', o.resize);
        o.resize();
        ui.start.addEventListener('click', o.start);
        ui.again.addEventListener('click', o.start);
        loop(o.frame, o.maxDt);
        sdk('loadingProgress', 1);
      },
    };
  }

  /** Sizes canvas to the window in device pixels (ratio capped at maxDpr); returns { w, h, dpr } in CSS pixels. */
  function fitCanvas(canvas, maxDpr) {
    var dpr = Math.min(window.devicePixelRatio || 1, maxDpr);
    var w = Math.max(1, window.innerWidth),
      h = Math.max(1, window.innerHeight);
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    return { w: w, h: h, dpr: dpr };
  }

  /**
   * The keys held down now, by keyOf(event) (default event.key). The game's own keydown handler sets
   * keys[k] = true; key up clears it, and so does the window losing focus unless opts.keepOnBlur.
   */
  function heldKeys(keyOf, opts) {
    var keys = Object.create(null);
    var of =
      keyOf ||
      function (e) {
        return e.key;
      };
    window.addEventListener('keyup', function (e) {
      keys[of(e)] = false;
    });
    if (!(opts && opts.keepOnBlur))
      window.addEventListener('blur', function () {
        for (var k in keys) keys[k] = false;
      });
    return keys;
  }

  /** True on a device whose main pointer is coarse (a touch screen): show the touch controls from the start. */
  function coarsePointer() {
    return !!(window.matchMedia && window.matchMedia('(pointer: coarse)').matches);
  }

  /**
   * Touch buttons drawn on the canvas: touch is the game's flags object ({ left: false, jump: false … });
   * while opts.active(), every pointer held on the canvas sets the flag of the button under it
   * (rects() gives { name: { x, y, w, h } } in CSS pixels, hit within opts.pad, twice that above).
   * opts.elsewhere(p, touch): a pointer on no button (optional); opts.onTouchPointer(e): any pointer
   * that is not a mouse went down (show the buttons); opts.onChange(before, why): after the flags were
   * worked out again (why: 'down' | 'move' | 'up').
   */
  function canvasTouch(canvas, touch, opts) {
    var names = Object.keys(touch);
    var pointers = new Map();
    function refresh(why) {
      var before = Object.assign({}, touch);
      names.forEach(function (k) {
        touch[k] = false;
      });
      var b = opts.rects(),
        pad = opts.pad;
      pointers.forEach(function (p) {
        names.forEach(function (k) {
          var r = b[k];
          if (p.x >= r.x - pad && p.x <= r.x + r.w + pad && p.y >= r.y - pad * 2 && p.y <= r.y + r.h + pad) touch[k] = true;
        });
        if (opts.elsewhere) opts.elsewhere(p, touch);
      });
      if (opts.onChange) opts.onChange(before, why);
    }
    canvas.addEventListener('pointerdown', function (e) {
      if (e.pointerType !== 'mouse' && opts.onTouchPointer) opts.onTouchPointer(e);
      if (!opts.active()) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch (err) {
        /* ignore */
      }
      refresh('down');
    });
    canvas.addEventListener('pointermove', function (e) {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      refresh('move');
    });
    var up = function (e) {
      pointers.delete(e.pointerId);
      refresh('up');
    };
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('contextmenu', function (e) {
      e.preventDefault();
    });
  }

  /**
   * Runs step(dt, now) on every animation frame; dt in seconds, at most maxDt. last: the time the loop
   * counts the first frame from (default now; 0 gives the first frame dt = 0).
   */
  function loop(step, maxDt, last) {
    if (last === undefined) last = performance.now();
    function frame(now) {
      var dt = last ? Math.min(maxDt, Math.max(0, (now - last) / 1000)) : 0;
      last = now;
      step(paused ? 0 : dt, now);
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  }

  /**
   * Shows a screen state: body[data-state] = state and, for games with their own panels,
   * panels = { title, over, hud } toggled with the "hidden" class; the HUD shows in the states
   * hudIn (default ['playing']).
   */
  function showState(state, panels, hudIn) {
    document.body.setAttribute('data-state', state);
    if (!panels) return;
    panels.title.classList.toggle('hidden', state !== 'title');
    panels.over.classList.toggle('hidden', state !== 'gameover');
    panels.hud.classList.toggle('hidden', (hudIn || ['playing']).indexOf(state) < 0);
  }

  /** Starts a rounded-rectangle path on the 2D context g (fill or stroke it after). */
  function roundRect(g, x, y, w, h, r) {
    // A canvas squeezed to almost nothing (a frame being resized) gives tiny or negative sizes: arcTo throws on a negative radius.
    r = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
    g.beginPath();
    g.moveTo(x + r, y);
    g.arcTo(x + w, y, x + w, y + h, r);
    g.arcTo(x + w, y + h, x, y + h, r);
    g.arcTo(x, y + h, x, y, r);
    g.arcTo(x, y, x + w, y, r);
    g.closePath();
  }

  window.ArcadiumRuntime = {
    sdk: sdk,
    sdkInit: sdkInit,
    roomsApi: roomsApi,
    onSdkEvent: onSdkEvent,
    achievement: achievement,
    byId: byId,
    sound: sound,
    soundButton: soundButton,
    panelGame: panelGame,
    fitCanvas: fitCanvas,
    heldKeys: heldKeys,
    loop: loop,
    showState: showState,
    coarsePointer: coarsePointer,
    canvasTouch: canvasTouch,
    roundRect: roundRect,
  };
})();
