/* Night Drift - Arcadium built-in top-down time trial (D26). No external assets. */
(() => {
  'use strict';
  const RT = window.ArcadiumRuntime; // sdk/runtime/runtime.js, served by the games origin
  // sound: engine hum + blips, muted by default
  const { canvas, ctx, ui, sound, beep, toggleSound, startRound, endRound, run } = RT.panelGame({
    ui: 'lap time best',
    sound: { dur: 0.1, type: 'square', vol: 0.04 },
    onSoundChange: (on) => {
      if (!on) setEngine(0);
    },
    result: 'Finished!',
  });
  let engine = null;
  function setEngine(speed) {
    try {
      if (!sound.on || state !== 'playing') {
        if (engine) {
          engine.g.gain.value = 0;
        }
        return;
      }
      if (!engine) {
        const a = sound.context(),
          o = a.createOscillator(),
          g = a.createGain();
        o.type = 'sawtooth';
        g.gain.value = 0;
        o.connect(g);
        g.connect(a.destination);
        o.start();
        engine = { o, g };
      }
      engine.o.frequency.value = 45 + speed * 0.22;
      engine.g.gain.value = 0.018;
    } catch (e) {
      /* ignore */
    }
  }

  // ---------- track ----------
  const CTRL = [
    [420, 1250],
    [300, 850],
    [420, 430],
    [880, 260],
    [1380, 330],
    [1560, 680],
    [1900, 560],
    [2230, 760],
    [2230, 1180],
    [1900, 1420],
    [1480, 1380],
    [1180, 1120],
    [850, 1400],
  ];
  const HW = 78; // half width of the asphalt
  const PTS = [];
  (function buildTrack() {
    const n = CTRL.length,
      per = 48;
    for (let i = 0; i < n; i++) {
      const p0 = CTRL[(i - 1 + n) % n],
        p1 = CTRL[i],
        p2 = CTRL[(i + 1) % n],
        p3 = CTRL[(i + 2) % n];
      for (let s = 0; s < per; s++) {
        const t = s / per,
          t2 = t * t,
          t3 = t2 * t;
        const f = (a, b, c, d) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
        PTS.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
      }
    }
  })();
  const N = PTS.length;
  const CPS = 8;
  const cpIndex = (k) => Math.floor((k * N) / CPS) % N;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of PTS) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const trackPath = new Path2D();
  PTS.forEach(([x, y], i) => (i ? trackPath.lineTo(x, y) : trackPath.moveTo(x, y)));
  trackPath.closePath();
  const scenery = [];
  (function () {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 420; i++) {
      const x = minX - 400 + rnd() * (maxX - minX + 800),
        y = minY - 400 + rnd() * (maxY - minY + 800);
      let d = Infinity;
      for (let k = 0; k < N; k += 4) d = Math.min(d, Math.hypot(PTS[k][0] - x, PTS[k][1] - y));
      if (d > HW + 60) scenery.push({ x, y, r: 6 + rnd() * 16, hue: rnd() < 0.5 ? 190 : 300, light: rnd() < 0.25 });
    }
  })();
  function nearest(x, y, hint) {
    let best = -1,
      bd = Infinity;
    const scan = (from, to) => {
      for (let k = from; k <= to; k++) {
        const i = ((k % N) + N) % N;
        const d = (PTS[i][0] - x) ** 2 + (PTS[i][1] - y) ** 2;
        if (d < bd) {
          bd = d;
          best = i;
        }
      }
    };
    if (hint >= 0) scan(hint - 40, hint + 40);
    if (hint < 0 || bd > (HW * 3) ** 2) scan(0, N - 1);
    return { i: best, d: Math.sqrt(bd) };
  }

  // ---------- state ----------
  const LAPS = 3;
  let state = 'title',
    score = 0,
    finished = false;
  let raceTime = 0,
    lapStart = 0,
    lap = 1,
    lapTimes = [],
    bestLap = null,
    countdown = 0,
    nextCp = 1,
    message = '',
    messageT = 0;
  let skids = [];
  const car = { x: 0, y: 0, a: 0, vx: 0, vy: 0, idx: 0, steer: 0, drifting: false };
  const keys = RT.heldKeys((e) => (e.key.length === 1 ? e.key.toLowerCase() : e.key)),
    touch = { left: false, right: false, brake: false, drift: false };
  let showTouch = RT.coarsePointer(),
    usingTouch = false;
  try {
    const b = Number(localStorage.getItem('nd-best-lap'));
    if (b > 0) bestLap = b;
  } catch (e) {
    /* ignore */
  }

  function fmt(s) {
    if (s == null) return '--';
    const m = Math.floor(s / 60);
    const r = s - m * 60;
    return (m ? m + ':' + (r < 10 ? '0' : '') : '') + r.toFixed(2);
  }
  function resetCar() {
    const [x0, y0] = PTS[N - 6],
      [x1, y1] = PTS[N - 5];
    car.x = x0;
    car.y = y0;
    car.a = Math.atan2(y1 - y0, x1 - x0);
    car.vx = 0;
    car.vy = 0;
    car.idx = N - 6;
    car.steer = 0;
  }
  function setState(s) {
    state = s;
    RT.showState(s, ui);
  }
  function updateHud() {
    ui.lap.textContent = Math.min(lap, LAPS);
    ui.time.textContent = fmt(raceTime);
    ui.best.textContent = fmt(bestLap);
  }
  function startGame() {
    resetCar();
    skids = [];
    raceTime = 0;
    lapStart = 0;
    lap = 1;
    lapTimes = [];
    nextCp = 1;
    countdown = 3.2;
    finished = false;
    score = 0;
    message = '';
    messageT = 0;
    setState('playing');
    updateHud();
    startRound();
  }
  function endGame() {
    if (state !== 'playing') return;
    if (finished) score = Math.round(3000000 / Math.max(1, raceTime));
    else {
      // unfinished race: partial credit for distance covered, always below a finished race
      const done = (lap - 1) * CPS + (nextCp - 1);
      score = Math.max(0, Math.round((done / (LAPS * CPS)) * 1000));
    }
    endRound(
      score,
      undefined,
      finished
        ? `Total ${fmt(raceTime)} \u00b7 laps ${lapTimes.map(fmt).join(' / ')} \u00b7 best lap ${fmt(bestLap)}`
        : `Completed ${lap - 1} of ${LAPS} laps.`,
      finished ? 'Finished!' : 'Race abandoned',
    );
    setEngine(0);
    setState('gameover');
  }

  // ---------- input ----------
  window.addEventListener('keydown', (e) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Spacebar'].includes(e.key)) e.preventDefault();
    keys[e.key.length === 1 ? e.key.toLowerCase() : e.key] = true;
    if (e.key === 'm' || e.key === 'M') toggleSound();
    if (state !== 'playing' && (e.key === 'Enter' || e.key === ' ') && !e.repeat && document.activeElement.tagName !== 'BUTTON') startGame();
  });
  let cw = 1,
    ch = 1,
    dpr = 1,
    zoom = 1;
  function buttons() {
    const s = Math.max(44, Math.min(84, Math.min(cw, ch) * 0.2)),
      m = s * 0.22;
    return {
      left: { x: m, y: ch - s - m, w: s, h: s, label: '\u25C0' },
      right: { x: m * 2 + s, y: ch - s - m, w: s, h: s, label: '\u25B6' },
      brake: { x: cw - (s + m) * 2, y: ch - s - m, w: s, h: s, label: 'BRAKE' },
      drift: { x: cw - s - m, y: ch - s - m, w: s, h: s, label: 'DRIFT' },
    };
  }
  RT.canvasTouch(canvas, touch, {
    rects: buttons,
    pad: 12,
    active: () => state === 'playing',
    onTouchPointer: () => {
      showTouch = true;
      usingTouch = true;
    },
  });

  // ---------- physics ----------
  function update(dt) {
    if (messageT > 0) messageT -= dt;
    if (countdown > 0) {
      const before = Math.ceil(countdown);
      countdown -= dt;
      if (Math.ceil(countdown) !== before) beep(countdown > 0 ? 440 : 880, 0.15);
      if (countdown <= 0) {
        message = 'GO!';
        messageT = 0.8;
      }
      return;
    }
    raceTime += dt;
    const gas = keys.ArrowUp || keys.w || (usingTouch && !touch.brake);
    const brake = keys.ArrowDown || keys.s || touch.brake;
    const steerIn = (keys.ArrowRight || keys.d || touch.right ? 1 : 0) - (keys.ArrowLeft || keys.a || touch.left ? 1 : 0);
    const hand = keys[' '] || touch.drift;
    const fx = Math.cos(car.a),
      fy = Math.sin(car.a),
      rx = -fy,
      ry = fx;
    let vf = car.vx * fx + car.vy * fy,
      vr = car.vx * rx + car.vy * ry;
    const near = nearest(car.x, car.y, car.idx);
    car.idx = near.i;
    const off = near.d > HW;
    const maxV = off ? 210 : 560;
    if (gas) vf += (vf < maxV ? 430 : 0) * dt;
    if (brake) vf -= (vf > 0 ? 720 : 260) * dt;
    vf = Math.max(-160, vf);
    vf *= 1 - (off ? 1.8 : 0.35) * dt;
    if (vf > maxV) vf -= (vf - maxV) * 3 * dt;
    if (!gas && !brake) vf *= 1 - 0.5 * dt;
    car.steer += (steerIn - car.steer) * Math.min(1, dt * 10);
    const speedFactor = Math.max(-1, Math.min(1, vf / 180));
    const turn = (hand ? 3.4 : 2.6) * (1 - Math.min(0.45, Math.abs(vf) / 1400));
    car.a += car.steer * turn * speedFactor * dt;
    const grip = hand ? 1.6 : off ? 4 : 7.5 - Math.min(3, Math.abs(car.steer * vf) / 160);
    vr *= Math.exp(-grip * dt);
    if (hand) vf *= 1 - 0.25 * dt;
    const nfx = Math.cos(car.a),
      nfy = Math.sin(car.a);
    car.vx = nfx * vf + -nfy * vr;
    car.vy = nfy * vf + nfx * vr;
    car.drifting = Math.abs(vr) > 85 && Math.abs(vf) > 120;
    car.x += car.vx * dt;
    car.y += car.vy * dt;
    // barrier: never more than HW + 110 away from the centre line
    const after = nearest(car.x, car.y, car.idx);
    if (after.d > HW + 110) {
      const [px, py] = PTS[after.i],
        k = (HW + 110) / after.d;
      car.x = px + (car.x - px) * k;
      car.y = py + (car.y - py) * k;
      car.vx *= 0.45;
      car.vy *= 0.45;
      beep(90, 0.1, 'sawtooth', 0.05);
    }
    if (car.drifting) {
      for (const s of [-1, 1]) {
        skids.push({ x: car.x - nfx * 14 + -nfy * 9 * s, y: car.y - nfy * 14 + nfx * 9 * s, a: car.a });
      }
      if (skids.length > 900) skids.splice(0, skids.length - 900);
    }
    // checkpoints and laps
    const idx = car.idx;
    const dist = (a, b) => {
      const d = Math.abs(a - b) % N;
      return Math.min(d, N - d);
    };
    if (nextCp < CPS && dist(idx, cpIndex(nextCp)) < 14) {
      nextCp++;
      beep(700, 0.06, 'triangle');
    } else if (nextCp === CPS && dist(idx, 0) < 10 && idx < N / 2) {
      const lt = raceTime - lapStart;
      lapTimes.push(lt);
      lapStart = raceTime;
      if (bestLap == null || lt < bestLap) {
        bestLap = lt;
        message = 'Best lap! ' + fmt(lt);
        try {
          localStorage.setItem('nd-best-lap', String(lt));
        } catch (e) {
          /* ignore */
        }
      } else message = 'Lap ' + fmt(lt);
      messageT = 1.6;
      beep(988, 0.2, 'triangle');
      nextCp = 1;
      lap++;
      if (lap > LAPS) {
        finished = true;
        updateHud();
        endGame();
        return;
      }
      if (lap === LAPS) message += ' \u00b7 Final lap';
    }
    setEngine(Math.hypot(car.vx, car.vy));
    updateHud();
  }

  // ---------- drawing ----------
  function resize() {
    ({ w: cw, h: ch, dpr } = RT.fitCanvas(canvas, 2));
    zoom = Math.max(0.42, Math.min(1.15, Math.min(cw, ch) / 560));
  }
  function drawCar() {
    ctx.save();
    ctx.translate(car.x, car.y);
    ctx.rotate(car.a);
    const lg = ctx.createLinearGradient(20, 0, 200, 0);
    lg.addColorStop(0, 'rgba(255,250,210,.35)');
    lg.addColorStop(1, 'rgba(255,250,210,0)');
    ctx.fillStyle = lg;
    ctx.beginPath();
    ctx.moveTo(18, -8);
    ctx.lineTo(200, -60);
    ctx.lineTo(200, 60);
    ctx.lineTo(18, 8);
    ctx.fill();
    ctx.shadowColor = '#ff3df0';
    ctx.shadowBlur = 16;
    ctx.fillStyle = '#ff3df0';
    ctx.beginPath();
    ctx.roundRect ? ctx.roundRect(-20, -11, 40, 22, 6) : ctx.rect(-20, -11, 40, 22);
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.fillStyle = '#1a0a2a';
    ctx.fillRect(-6, -8, 14, 16);
    ctx.fillStyle = '#7fe8ff';
    ctx.fillRect(6, -8, 5, 16);
    ctx.fillStyle = '#fffbe0';
    ctx.fillRect(17, -9, 3, 5);
    ctx.fillRect(17, 4, 3, 5);
    ctx.fillStyle = '#ff2040';
    ctx.fillRect(-20, -9, 2, 5);
    ctx.fillRect(-20, 4, 2, 5);
    ctx.restore();
  }
  function draw() {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#070812';
    ctx.fillRect(0, 0, cw, ch);
    const look = 0.35;
    let camX = car.x + car.vx * look,
      camY = car.y + car.vy * look;
    if (state === 'title') {
      camX = (minX + maxX) / 2;
      camY = (minY + maxY) / 2;
    }
    const z = state === 'title' ? Math.min(cw / (maxX - minX + 300), ch / (maxY - minY + 300)) : zoom;
    ctx.setTransform(dpr * z, 0, 0, dpr * z, dpr * (cw / 2 - camX * z), dpr * (ch / 2 - camY * z));
    // ground grid
    ctx.strokeStyle = 'rgba(80,90,200,.12)';
    ctx.lineWidth = 2;
    const gx0 = Math.floor((camX - cw / 2 / z) / 100) * 100,
      gy0 = Math.floor((camY - ch / 2 / z) / 100) * 100;
    ctx.beginPath();
    for (let x = gx0; x < camX + cw / 2 / z; x += 100) {
      ctx.moveTo(x, gy0);
      ctx.lineTo(x, camY + ch / 2 / z);
    }
    for (let y = gy0; y < camY + ch / 2 / z; y += 100) {
      ctx.moveTo(gx0, y);
      ctx.lineTo(camX + cw / 2 / z, y);
    }
    ctx.stroke();
    for (const s of scenery) {
      if (s.light) {
        ctx.fillStyle = `hsla(${s.hue},100%,60%,.18)`;
        ctx.beginPath();
        ctx.arc(s.x, s.y, s.r * 2.2, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = s.light ? `hsl(${s.hue},100%,70%)` : 'rgba(30,40,80,.8)';
      ctx.beginPath();
      ctx.arc(s.x, s.y, s.light ? 4 : s.r, 0, Math.PI * 2);
      ctx.fill();
    }
    // track
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#23e0ff';
    ctx.lineWidth = HW * 2 + 12;
    ctx.shadowColor = '#23e0ff';
    ctx.shadowBlur = state === 'title' ? 0 : 18;
    ctx.stroke(trackPath);
    ctx.shadowBlur = 0;
    ctx.strokeStyle = '#1b1d2b';
    ctx.lineWidth = HW * 2;
    ctx.stroke(trackPath);
    ctx.strokeStyle = 'rgba(255,255,255,.22)';
    ctx.lineWidth = 4;
    ctx.setLineDash([30, 34]);
    ctx.stroke(trackPath);
    ctx.setLineDash([]);
    // start line (checkered) and checkpoints
    const drawLine = (i, checker) => {
      const [x0, y0] = PTS[i],
        [x1, y1] = PTS[(i + 1) % N];
      const a = Math.atan2(y1 - y0, x1 - x0);
      ctx.save();
      ctx.translate(x0, y0);
      ctx.rotate(a);
      if (checker) {
        for (let k = -HW; k < HW; k += 13)
          for (let j = 0; j < 2; j++) {
            ctx.fillStyle = (k / 13 + j) & 1 ? '#fff' : '#111';
            ctx.fillRect(j * 10 - 10, k, 10, 13);
          }
      } else {
        ctx.fillStyle = 'rgba(255,61,240,.35)';
        ctx.fillRect(-3, -HW, 6, HW * 2);
      }
      ctx.restore();
    };
    for (let k = 1; k < CPS; k++) if (state !== 'playing' || k === nextCp) drawLine(cpIndex(k), false);
    drawLine(0, true);
    ctx.fillStyle = 'rgba(10,10,10,.5)';
    for (const s of skids) {
      ctx.save();
      ctx.translate(s.x, s.y);
      ctx.rotate(s.a);
      ctx.fillRect(-3, -2, 6, 4);
      ctx.restore();
    }
    if (state !== 'title') drawCar();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // minimap
    if (state === 'playing') {
      const mw = Math.min(150, cw * 0.26),
        mh = (mw * (maxY - minY)) / (maxX - minX),
        mx = cw - mw - 10,
        my = Math.max(36, ch * 0.08);
      const sx = mw / (maxX - minX);
      ctx.fillStyle = 'rgba(0,0,0,.45)';
      ctx.fillRect(mx - 6, my - 6, mw + 12, mh + 12);
      ctx.save();
      ctx.translate(mx - minX * sx, my - minY * sx);
      ctx.scale(sx, sx);
      ctx.strokeStyle = 'rgba(35,224,255,.8)';
      ctx.lineWidth = (6 / sx) * 0.5;
      ctx.stroke(trackPath);
      ctx.fillStyle = '#ff3df0';
      ctx.beginPath();
      ctx.arc(car.x, car.y, 5 / sx, 0, Math.PI * 2);
      ctx.fill();
      const [cx, cy] = PTS[cpIndex(nextCp % CPS)];
      ctx.fillStyle = '#ffd23d';
      ctx.beginPath();
      ctx.arc(cx, cy, 3.5 / sx, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
      // speed
      const kmh = Math.round(Math.hypot(car.vx, car.vy) * 0.45);
      ctx.font = `bold ${Math.round(Math.max(14, Math.min(30, cw / 28)))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = car.drifting ? '#ff3df0' : '#e8ecff';
      ctx.fillText(kmh + ' km/h' + (car.drifting ? '  DRIFT' : ''), cw / 2, ch - (showTouch ? Math.max(44, Math.min(84, Math.min(cw, ch) * 0.2)) * 1.4 : 14));
      let msg = messageT > 0 ? message : '';
      if (countdown > 0) msg = String(Math.ceil(countdown));
      if (msg) {
        ctx.font = `bold ${Math.round(Math.max(22, Math.min(64, cw / 12)))}px system-ui, sans-serif`;
        ctx.textBaseline = 'middle';
        ctx.fillStyle = '#000';
        ctx.fillText(msg, cw / 2 + 2, ch * 0.36 + 3);
        ctx.fillStyle = '#ffd23d';
        ctx.fillText(msg, cw / 2, ch * 0.36);
      }
      if (showTouch) {
        const b = buttons();
        for (const k of ['left', 'right', 'brake', 'drift']) {
          const r = b[k];
          ctx.fillStyle = touch[k] ? 'rgba(255,61,240,.5)' : 'rgba(255,255,255,.15)';
          ctx.strokeStyle = 'rgba(255,255,255,.5)';
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.arc(r.x + r.w / 2, r.y + r.h / 2, r.w / 2, 0, Math.PI * 2);
          ctx.fill();
          ctx.stroke();
          ctx.fillStyle = '#fff';
          ctx.font = `bold ${Math.round(r.w * (r.label.length > 1 ? 0.2 : 0.38))}px system-ui, sans-serif`;
          ctx.textBaseline = 'middle';
          ctx.fillText(r.label, r.x + r.w / 2, r.y + r.h / 2 + 1);
        }
      }
    }
  }

  function frame(dt) {
    if (state === 'playing') update(dt);
    draw();
  }

  window.__arcadiumTest = {
    finish() {
      if (state === 'title') startGame();
      if (state === 'playing') endGame();
    },
    state: () => ({ state, lap, nextCp, raceTime, idx: car.idx, x: car.x, y: car.y, a: car.a, n: N }),
    point: (i) => PTS[((i % N) + N) % N],
  };

  resetCar();
  setState('title');
  run({ resize, frame, maxDt: 0.033, start: startGame });
})();
