/* Hoop Shot - Arcadium built-in basketball shooting gallery (D26). No external assets. */
(() => {
  'use strict';
  const RT = window.ArcadiumRuntime; // sdk/runtime/runtime.js, served by the games origin
  const { canvas, ctx, ui, beep, toggleSound, startRound, endRound, run } = RT.panelGame({
    ui: 'score time stage',
    sound: { dur: 0.08, type: 'triangle', vol: 0.05 },
    result: "Time's up!",
  });

  // ---------- world ----------
  const G = 980,
    BALL_R = 17,
    RIM_HALF = 33,
    MAX_V = 1250,
    MIN_V = 250,
    ROUND = 60;
  let W = 960,
    H = 540,
    cw = 1,
    ch = 1,
    dpr = 1,
    scale = 1,
    offX = 0,
    offY = 0,
    floorY = 500,
    portrait = false;
  const hoop = { x: 800, y: 230, baseX: 800, baseY: 230, t: 0 };
  function resize() {
    ({ w: cw, h: ch, dpr } = RT.fitCanvas(canvas, 2));
    portrait = ch > cw * 1.05;
    if (portrait) {
      W = 540;
      H = Math.max(600, Math.min(1000, Math.round((540 * ch) / cw)));
    } else {
      W = 960;
      H = 540;
    }
    scale = Math.min(cw / W, ch / H);
    offX = (cw - W * scale) / 2;
    offY = (ch - H * scale) / 2;
    floorY = H - 36;
    hoop.baseX = W - (portrait ? 95 : 150);
    hoop.baseY = portrait ? H * 0.36 : H * 0.42;
    if (state !== 'playing') {
      hoop.x = hoop.baseX;
      hoop.y = hoop.baseY;
    }
    if (shooter) shooter.y = floorY - 70;
  }

  // ---------- state ----------
  let state = 'title',
    score = 0,
    timeLeft = ROUND,
    baskets = 0,
    shots = 0,
    streak = 0,
    bestStreak = 0,
    swishes = 0;
  let balls = [],
    shooter = null,
    nextBallT = 0,
    popups = [],
    aim = { angle: 52, power: 0.72 },
    drag = null;
  const keys = RT.heldKeys(undefined, { keepOnBlur: true }); // as before: held keys survive a blur
  const stage = () => (baskets >= 10 ? 3 : baskets >= 5 ? 2 : 1);

  function spawnShooter() {
    const minX = portrait ? 50 : 70,
      maxX = portrait ? W * 0.42 : W * 0.5;
    shooter = { x: minX + Math.random() * (maxX - minX), y: floorY - 70 };
  }
  function setState(s) {
    state = s;
    RT.showState(s, ui);
  }
  function updateHud() {
    ui.score.textContent = score;
    ui.time.textContent = Math.ceil(timeLeft);
    ui.stage.textContent = stage();
  }
  function startGame() {
    score = 0;
    timeLeft = ROUND;
    baskets = 0;
    shots = 0;
    streak = 0;
    bestStreak = 0;
    swishes = 0;
    balls = [];
    popups = [];
    hoop.t = 0;
    hoop.x = hoop.baseX;
    hoop.y = hoop.baseY;
    drag = null;
    spawnShooter();
    nextBallT = 0;
    setState('playing');
    updateHud();
    startRound();
  }
  function endGame() {
    if (state !== 'playing') return;
    endRound(score, undefined, `${baskets} baskets from ${shots} shots \u00b7 ${swishes} swishes \u00b7 best streak ${bestStreak}`);
    setState('gameover');
  }

  function velocityFromAim() {
    const v = MIN_V + (MAX_V - MIN_V) * aim.power,
      a = (aim.angle * Math.PI) / 180;
    return { vx: Math.cos(a) * v, vy: -Math.sin(a) * v };
  }
  function shoot(vx, vy) {
    if (state !== 'playing' || !shooter || nextBallT > 0) return;
    balls.push({ x: shooter.x + 10, y: shooter.y - 10, vx, vy, spin: 0, rot: 0, touched: false, scored: false, life: 6, above: true });
    shots++;
    nextBallT = 0.75;
    beep(300, 0.08, 'square', 0.03);
  }

  // ---------- input ----------
  const toWorld = (e) => ({ x: (e.clientX - offX) / scale, y: (e.clientY - offY) / scale });
  canvas.addEventListener('pointerdown', (e) => {
    if (state !== 'playing') return;
    drag = { id: e.pointerId, start: toWorld(e), cur: toWorld(e) };
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch (err) {
      /* ignore */
    }
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag || drag.id !== e.pointerId) return;
    drag.cur = toWorld(e);
    const v = dragVelocity();
    if (v) {
      aim.angle = Math.max(10, Math.min(85, (Math.atan2(-v.vy, v.vx) * 180) / Math.PI));
      aim.power = Math.max(0, Math.min(1, (Math.hypot(v.vx, v.vy) - MIN_V) / (MAX_V - MIN_V)));
    }
  });
  function dragVelocity() {
    if (!drag) return null;
    const dx = drag.start.x - drag.cur.x,
      dy = drag.start.y - drag.cur.y;
    if (Math.hypot(dx, dy) < 12) return null;
    return { vx: dx * 4.2, vy: dy * 4.2 };
  }
  const release = (e) => {
    if (!drag || drag.id !== e.pointerId) return;
    const v = dragVelocity();
    drag = null;
    if (v) {
      const va = velocityFromAim();
      shoot(va.vx, va.vy);
    }
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', () => {
    drag = null;
  });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('keydown', (e) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Spacebar'].includes(e.key)) e.preventDefault();
    keys[e.key] = true;
    if (e.key === 'm' || e.key === 'M') toggleSound();
    if (state === 'playing') {
      if (e.key === ' ' || e.key === 'Enter') {
        const v = velocityFromAim();
        shoot(v.vx, v.vy);
      }
      if (e.key === 'ArrowUp') aim.power = Math.min(1, aim.power + 0.02);
      if (e.key === 'ArrowDown') aim.power = Math.max(0, aim.power - 0.02);
      if (e.key === 'ArrowLeft') aim.angle = Math.min(85, aim.angle + 1.5);
      if (e.key === 'ArrowRight') aim.angle = Math.max(10, aim.angle - 1.5);
    } else if ((e.key === 'Enter' || e.key === ' ') && !e.repeat && document.activeElement.tagName !== 'BUTTON') startGame();
  });

  // ---------- physics ----------
  function collidePoint(b, px, py, rad, bounce) {
    const dx = b.x - px,
      dy = b.y - py,
      d = Math.hypot(dx, dy),
      min = BALL_R + rad;
    if (d >= min || d === 0) return false;
    const nx = dx / d,
      ny = dy / d;
    b.x = px + nx * min;
    b.y = py + ny * min;
    const vn = b.vx * nx + b.vy * ny;
    if (vn < 0) {
      b.vx -= (1 + bounce) * vn * nx;
      b.vy -= (1 + bounce) * vn * ny;
      b.vx *= 0.95;
    }
    return true;
  }
  function updateBall(b, dt) {
    b.vy += G * dt;
    b.x += b.vx * dt;
    b.y += b.vy * dt;
    b.rot += (b.vx * dt) / BALL_R;
    b.life -= dt;
    const front = hoop.x - RIM_HALF,
      back = hoop.x + RIM_HALF,
      boardX = back + 9;
    const wasAbove = b.above;
    if (collidePoint(b, front, hoop.y, 4, 0.55)) {
      b.touched = true;
      beep(180, 0.05, 'square', 0.03);
    }
    if (collidePoint(b, back, hoop.y, 4, 0.55)) {
      b.touched = true;
      beep(180, 0.05, 'square', 0.03);
    }
    // backboard: vertical segment from y-110 to y+14 at boardX (6 thick)
    if (b.y > hoop.y - 110 - BALL_R && b.y < hoop.y + 14 + BALL_R) {
      if (b.vx > 0 && b.x + BALL_R > boardX - 3 && b.x < boardX) {
        b.x = boardX - 3 - BALL_R;
        b.vx = -b.vx * 0.6;
        b.touched = true;
        beep(140, 0.06, 'square', 0.04);
      } else if (b.vx < 0 && b.x - BALL_R < boardX + 3 && b.x > boardX) {
        b.x = boardX + 3 + BALL_R;
        b.vx = -b.vx * 0.6;
      }
    }
    b.above = b.y < hoop.y;
    if (!b.scored && wasAbove && !b.above && b.vy > 0 && b.x > front + 4 && b.x < back - 4) {
      b.scored = true;
      baskets++;
      streak++;
      bestStreak = Math.max(bestStreak, streak);
      const st = baskets > 10 ? 3 : baskets > 5 ? 2 : 1;
      let pts = 2 * st;
      const swish = !b.touched;
      if (swish) {
        pts += st;
        swishes++;
      }
      if (streak >= 3) pts += 1;
      score += pts;
      popups.push({ x: hoop.x, y: hoop.y - 40, text: '+' + pts + (swish ? ' SWISH' : ''), t: 1.1 });
      beep(660, 0.1);
      setTimeout(() => beep(990, 0.15), 90);
      updateHud();
    }
    if (b.y > floorY - BALL_R) {
      b.y = floorY - BALL_R;
      b.vy = -b.vy * 0.55;
      b.vx *= 0.8;
      if (Math.abs(b.vy) > 60) beep(110, 0.05, 'sine', 0.06);
      if (!b.scored && !b.missed) {
        b.missed = true;
        streak = 0;
      }
    }
    if (b.x < -BALL_R * 2 || b.x > W + BALL_R * 2) {
      if (!b.scored && !b.missed) {
        b.missed = true;
        streak = 0;
      }
      b.life = 0;
    }
  }
  function update(dt) {
    timeLeft -= dt;
    if (timeLeft <= 0) {
      timeLeft = 0;
      updateHud();
      endGame();
      return;
    }
    // moving hoop in later stages
    const s = stage();
    hoop.t += dt;
    if (s === 1) {
      hoop.x += (hoop.baseX - hoop.x) * Math.min(1, dt * 3);
      hoop.y += (hoop.baseY - hoop.y) * Math.min(1, dt * 3);
    } else if (s === 2) {
      hoop.x = hoop.baseX;
      hoop.y = hoop.baseY + Math.sin(hoop.t * 1.3) * H * 0.1;
    } else {
      hoop.x = hoop.baseX - (portrait ? 40 : 90) * (0.5 + 0.5 * Math.sin(hoop.t * 0.9));
      hoop.y = hoop.baseY + Math.sin(hoop.t * 1.7) * H * 0.12;
    }
    if (keys.ArrowUp) aim.power = Math.min(1, aim.power + 0.45 * dt);
    if (keys.ArrowDown) aim.power = Math.max(0, aim.power - 0.45 * dt);
    if (keys.ArrowLeft) aim.angle = Math.min(85, aim.angle + 40 * dt);
    if (keys.ArrowRight) aim.angle = Math.max(10, aim.angle - 40 * dt);
    if (nextBallT > 0) {
      nextBallT -= dt;
      if (nextBallT <= 0) spawnShooter();
    }
    for (const b of balls) {
      const n = 3;
      for (let i = 0; i < n; i++) updateBall(b, dt / n);
    }
    balls = balls.filter((b) => b.life > 0);
    for (const p of popups) {
      p.t -= dt;
      p.y -= 40 * dt;
    }
    popups = popups.filter((p) => p.t > 0);
    updateHud();
  }

  // ---------- drawing ----------
  function drawBall(x, y, rot) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    const g = ctx.createRadialGradient(-5, -6, 2, 0, 0, BALL_R);
    g.addColorStop(0, '#ffb56b');
    g.addColorStop(1, '#d9590f');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(0, 0, BALL_R, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#3a1a05';
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    ctx.arc(0, 0, BALL_R, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(-BALL_R, 0);
    ctx.lineTo(BALL_R, 0);
    ctx.moveTo(0, -BALL_R);
    ctx.lineTo(0, BALL_R);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(-BALL_R * 1.25, 0, BALL_R * 0.85, -0.9, 0.9);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(BALL_R * 1.25, 0, BALL_R * 0.85, Math.PI - 0.9, Math.PI + 0.9);
    ctx.stroke();
    ctx.restore();
  }
  function drawHoopBack() {
    const back = hoop.x + RIM_HALF,
      boardX = back + 9;
    ctx.fillStyle = '#555c6e';
    ctx.fillRect(boardX + 3, hoop.y - 40, 14, floorY - hoop.y + 40);
    ctx.fillStyle = 'rgba(230,240,255,.92)';
    ctx.fillRect(boardX - 3, hoop.y - 110, 8, 124);
    ctx.strokeStyle = '#ff4d2e';
    ctx.lineWidth = 2;
    ctx.strokeRect(boardX - 3, hoop.y - 60, 8, 40);
    // net
    ctx.strokeStyle = 'rgba(255,255,255,.85)';
    ctx.lineWidth = 1.5;
    const f = hoop.x - RIM_HALF,
      depth = 46;
    for (let i = 0; i <= 6; i++) {
      const x0 = f + (i / 6) * RIM_HALF * 2,
        x1 = hoop.x - RIM_HALF * 0.55 + (i / 6) * RIM_HALF * 1.1;
      ctx.beginPath();
      ctx.moveTo(x0, hoop.y);
      ctx.lineTo(x1, hoop.y + depth);
      ctx.stroke();
    }
    for (let j = 1; j <= 3; j++) {
      const yy = hoop.y + (depth * j) / 3,
        hw = RIM_HALF - (RIM_HALF * 0.45 * j) / 3;
      ctx.beginPath();
      ctx.moveTo(hoop.x - hw, yy);
      ctx.lineTo(hoop.x + hw, yy);
      ctx.stroke();
    }
  }
  function drawRim() {
    ctx.strokeStyle = '#ff5a1f';
    ctx.lineWidth = 6;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(hoop.x - RIM_HALF, hoop.y);
    ctx.lineTo(hoop.x + RIM_HALF + 8, hoop.y);
    ctx.stroke();
  }
  function draw() {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#0d0805';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, dpr * offX, dpr * offY);
    // arena
    const g = ctx.createLinearGradient(0, 0, 0, H);
    g.addColorStop(0, '#1d2140');
    g.addColorStop(0.7, '#2a1c3a');
    g.addColorStop(1, '#3a2218');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = 'rgba(255,255,255,.04)';
    for (let i = 0; i < 5; i++) {
      ctx.beginPath();
      ctx.ellipse(W * (0.1 + i * 0.2), 20, 70, 30, 0, 0, Math.PI);
      ctx.fill();
    }
    // crowd dots
    for (let i = 0; i < 60; i++) {
      ctx.fillStyle = `hsla(${(i * 47) % 360},50%,60%,.18)`;
      ctx.beginPath();
      ctx.arc((i * 97) % W, H * 0.55 + ((i * 53) % 60), 7, 0, Math.PI * 2);
      ctx.fill();
    }
    // floor
    const fg = ctx.createLinearGradient(0, floorY, 0, H);
    fg.addColorStop(0, '#c98a4b');
    fg.addColorStop(1, '#8a5a2b');
    ctx.fillStyle = fg;
    ctx.fillRect(0, floorY, W, H - floorY);
    ctx.strokeStyle = 'rgba(255,255,255,.5)';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(0, floorY + 2);
    ctx.lineTo(W, floorY + 2);
    ctx.stroke();
    drawHoopBack();
    if (state === 'playing' && shooter) {
      // player marker
      ctx.fillStyle = 'rgba(0,0,0,.3)';
      ctx.beginPath();
      ctx.ellipse(shooter.x, floorY + 4, 26, 6, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#3dc7ff';
      ctx.fillRect(shooter.x - 10, shooter.y + 20, 20, 30);
      ctx.fillStyle = '#f5c99b';
      ctx.beginPath();
      ctx.arc(shooter.x, shooter.y + 8, 10, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#2d3a66';
      ctx.fillRect(shooter.x - 9, shooter.y + 50, 7, floorY - shooter.y - 50);
      ctx.fillRect(shooter.x + 2, shooter.y + 50, 7, floorY - shooter.y - 50);
      if (nextBallT <= 0) {
        // trajectory preview
        const v = velocityFromAim();
        let x = shooter.x + 10,
          y = shooter.y - 10,
          vx = v.vx,
          vy = v.vy;
        ctx.fillStyle = 'rgba(255,255,255,.75)';
        const steps = 10,
          dt = 0.045;
        for (let i = 0; i < steps; i++) {
          for (let k = 0; k < 3; k++) {
            vy += (G * dt) / 3;
            x += (vx * dt) / 3;
            y += (vy * dt) / 3;
          }
          ctx.globalAlpha = 1 - i / steps;
          ctx.beginPath();
          ctx.arc(x, y, 4, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.globalAlpha = 1;
        drawBall(shooter.x + 10, shooter.y - 10, 0);
        // power meter
        ctx.fillStyle = 'rgba(0,0,0,.45)';
        ctx.fillRect(shooter.x - 40, shooter.y - 4, 10, 60);
        const pg = ctx.createLinearGradient(0, shooter.y + 56, 0, shooter.y - 4);
        pg.addColorStop(0, '#5ee07a');
        pg.addColorStop(1, '#ff3b3b');
        ctx.fillStyle = pg;
        ctx.fillRect(shooter.x - 40, shooter.y + 56 - 60 * aim.power, 10, 60 * aim.power);
      }
    }
    for (const b of balls) drawBall(b.x, b.y, b.rot);
    drawRim();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const p of popups) {
      ctx.globalAlpha = Math.min(1, p.t * 2);
      ctx.fillStyle = '#ffd23d';
      ctx.font = 'bold 30px system-ui, sans-serif';
      ctx.fillText(p.text, p.x, p.y);
    }
    ctx.globalAlpha = 1;
    if (state === 'playing') {
      ctx.fillStyle = 'rgba(255,255,255,.55)';
      ctx.font = 'bold 20px system-ui, sans-serif';
      if (shots === 0) ctx.fillText('Drag back and release to shoot \u2022 or arrows + Space', W / 2, H * 0.2);
      if (timeLeft < 10) {
        ctx.fillStyle = '#ff5a5a';
        ctx.font = 'bold 64px system-ui, sans-serif';
        ctx.globalAlpha = 0.5;
        ctx.fillText(String(Math.ceil(timeLeft)), W / 2, H * 0.42);
        ctx.globalAlpha = 1;
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
    state: () => ({ state, score, baskets, shots, timeLeft, hoop: { x: hoop.x, y: hoop.y }, shooter }),
  };

  setState('title');
  run({ resize, frame, maxDt: 0.033, start: startGame });
})();
