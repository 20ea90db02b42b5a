/* Brick Breaker - Arcadium built-in game (D26). No external assets. */
(() => {
  'use strict';
  const RT = window.ArcadiumRuntime; // sdk/runtime/runtime.js, served by the games origin
  const unlockAchievement = RT.achievement; // D78, through SDK v2 when the page has it
  const { canvas, ctx, ui, beep, toggleSound, startRound, endRound, run } = RT.panelGame({
    ui: 'score level lives',
    sound: { dur: 0.07, type: 'square', vol: 0.04 },
  });

  // ---------- layout ----------
  const W = 600;
  let H = 600;
  let cw = 1,
    ch = 1,
    dpr = 1,
    scale = 1,
    offX = 0,
    offY = 0;
  let TOP = 74;
  const COLS = 10,
    MARGIN = 18,
    GAP = 4,
    BH = 22;
  const paddle = { x: W / 2, y: 560, w: 96, h: 14, target: null, wideT: 0 };
  function resize() {
    ({ w: cw, h: ch, dpr } = RT.fitCanvas(canvas, 2));
    H = Math.max(420, Math.min(1100, Math.round((W * ch) / cw)));
    const newTop = Math.round(74 + Math.max(0, H - 600) * 0.22);
    for (const br of bricks) br.y += newTop - TOP;
    TOP = newTop;
    scale = Math.min(cw / W, ch / H);
    offX = (cw - W * scale) / 2;
    offY = (ch - H * scale) / 2;
    paddle.y = H - 34;
    for (const b of balls) {
      if (b.stuck) b.y = paddle.y - paddle.h / 2 - b.r;
      if (b.y > H) b.y = H - 60;
    }
    if (state !== 'playing') draw();
  }

  // ---------- levels: 1-3 = hits, x = steel (unbreakable), . = empty ----------
  const LEVELS = [
    ['1111111111', '1111111111', '2222222222', '1111111111', '1111111111'],
    ['..11111...', '.1222221..', '1233333321', '1222222221', '.11111111.', '..1....1..'].map((r) => r.padEnd(10, '.').slice(0, 10)),
    ['3.3.3.3.3.', '.2.2.2.2.2', '1111111111', 'x1x1xx1x1x', '2222222222', '1111111111'],
    ['1........1', '21......12', '321....123', 'x321..123x', '1111111111', '2222222222', '3333333333'],
    ['xx222222xx', '1x333333x1', '12x1111x21', '123x..x321', '1233xx3321', '2222222222', '1111111111'],
  ];
  const ROW_COLORS = ['#ff4d6d', '#ff8f3d', '#ffd23d', '#5ee07a', '#3dc7ff', '#7a7cff', '#d46bff'];

  // ---------- game state ----------
  let state = 'title';
  let score = 0,
    lives = 3,
    level = 0,
    paused = false,
    won = false;
  let bricks = [],
    balls = [],
    drops = [],
    parts = [],
    slowT = 0,
    banner = '',
    bannerT = 0;
  const keys = RT.heldKeys();

  function buildLevel(i) {
    bricks = [];
    const rows = LEVELS[i];
    const bw = (W - MARGIN * 2 - GAP * (COLS - 1)) / COLS;
    rows.forEach((row, r) => {
      for (let c = 0; c < COLS; c++) {
        const ch = row[c];
        if (ch === '.' || ch === undefined) continue;
        const hp = ch === 'x' ? Infinity : Number(ch);
        bricks.push({ x: MARGIN + c * (bw + GAP), y: TOP + r * (BH + GAP), w: bw, h: BH, hp, max: hp, color: ROW_COLORS[r % ROW_COLORS.length], flash: 0 });
      }
    });
  }
  function baseSpeed() {
    return 330 + level * 28;
  }
  function newBall(stuck = true) {
    return { x: paddle.x, y: paddle.y - paddle.h / 2 - 7, r: 7, vx: 0, vy: 0, stuck, trail: [] };
  }
  function resetBalls() {
    balls = [newBall(true)];
  }
  function launch() {
    for (const b of balls)
      if (b.stuck) {
        b.stuck = false;
        const a = Math.random() * 0.6 - 0.3;
        const s = baseSpeed();
        b.vx = Math.sin(a) * s;
        b.vy = -Math.cos(a) * s;
        beep(520);
      }
  }
  function updateHud() {
    ui.score.textContent = score;
    ui.level.textContent = level + 1;
    ui.lives.textContent = lives;
  }
  function setState(s) {
    state = s;
    RT.showState(s, ui);
  }
  function startGame() {
    score = 0;
    lives = 3;
    level = 0;
    paused = false;
    won = false;
    paddle.w = 96;
    paddle.wideT = 0;
    paddle.x = W / 2;
    paddle.target = null;
    slowT = 0;
    drops = [];
    parts = [];
    buildLevel(level);
    resetBalls();
    updateHud();
    banner = 'Level 1';
    bannerT = 1.6;
    setState('playing');
    startRound();
  }
  function endGame(didWin) {
    if (state !== 'playing') return;
    won = !!didWin;
    if (score >= 3000) unlockAchievement('score_3000');
    setState('gameover');
    let best;
    try {
      best = Math.max(score, Number(localStorage.getItem('bb-best') || 0));
      localStorage.setItem('bb-best', String(best));
    } catch (e) {
      best = score;
    }
    endRound(score, won, 'Best: ' + best);
    draw();
    setTimeout(() => ui.again.focus({ preventScroll: true }), 50);
  }
  function nextLevel() {
    score += 200 + lives * 50;
    beep(880, 0.2, 'triangle');
    unlockAchievement('first_level');
    if (level + 1 >= LEVELS.length) {
      score += lives * 500;
      unlockAchievement('all_levels');
      if (lives >= 3) unlockAchievement('untouchable');
      updateHud();
      endGame(true);
      return;
    }
    level++;
    buildLevel(level);
    resetBalls();
    drops = [];
    slowT = 0;
    banner = 'Level ' + (level + 1);
    bannerT = 1.6;
    updateHud();
  }

  // ---------- input ----------
  function toWorldX(clientX) {
    return (clientX - offX) / scale;
  }
  canvas.addEventListener('pointermove', (e) => {
    if (state === 'playing') paddle.target = toWorldX(e.clientX);
  });
  canvas.addEventListener('pointerdown', (e) => {
    if (state !== 'playing') return;
    paddle.target = toWorldX(e.clientX);
    if (paused) {
      paused = false;
      return;
    }
    launch();
  });
  window.addEventListener('keydown', (e) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Spacebar'].includes(e.key)) e.preventDefault();
    keys[e.key] = true;
    if (state === 'playing') {
      if (e.key === ' ' || e.key === 'ArrowUp') {
        if (paused) paused = false;
        else launch();
      }
      if (e.key === 'p' || e.key === 'P' || e.key === 'Escape') paused = !paused;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'a' || e.key === 'd') paddle.target = null;
    } else if ((e.key === 'Enter' || e.key === ' ') && !e.repeat && document.activeElement.tagName !== 'BUTTON') {
      startGame();
    }
    if (e.key === 'm' || e.key === 'M') toggleSound();
  });

  // ---------- simulation ----------
  function burst(x, y, color, n = 10) {
    for (let i = 0; i < n; i++) {
      const a = Math.random() * Math.PI * 2,
        s = 40 + Math.random() * 160;
      parts.push({ x, y, vx: Math.cos(a) * s, vy: Math.sin(a) * s, t: 0.5 + Math.random() * 0.4, color });
    }
  }
  function hitBrick(br) {
    br.flash = 0.12;
    if (br.hp === Infinity) {
      beep(200, 0.05);
      return;
    }
    br.hp--;
    score += 10;
    if (br.hp <= 0) {
      score += 40 * br.max;
      beep(440 + Math.random() * 200, 0.06);
      burst(br.x + br.w / 2, br.y + br.h / 2, br.color, 12);
      bricks.splice(bricks.indexOf(br), 1);
      if (Math.random() < 0.14) {
        const types = ['W', 'M', 'S', 'L', 'W', 'M', 'S'];
        drops.push({ x: br.x + br.w / 2, y: br.y + br.h / 2, type: types[Math.floor(Math.random() * types.length)] });
      }
    } else beep(330, 0.04);
    updateHud();
  }
  function stepBall(b, dt) {
    b.x += b.vx * dt;
    b.y += b.vy * dt;
    if (b.x < b.r) {
      b.x = b.r;
      b.vx = Math.abs(b.vx);
      beep(300, 0.03);
    }
    if (b.x > W - b.r) {
      b.x = W - b.r;
      b.vx = -Math.abs(b.vx);
      beep(300, 0.03);
    }
    if (b.y < b.r) {
      b.y = b.r;
      b.vy = Math.abs(b.vy);
      beep(300, 0.03);
    }
    // paddle
    const px = paddle.x - paddle.w / 2,
      py = paddle.y - paddle.h / 2;
    if (b.vy > 0 && b.y + b.r >= py && b.y - b.r <= py + paddle.h && b.x >= px - b.r && b.x <= px + paddle.w + b.r) {
      const rel = Math.max(-1, Math.min(1, (b.x - paddle.x) / (paddle.w / 2)));
      const ang = rel * 1.05;
      const s = Math.hypot(b.vx, b.vy);
      b.vx = Math.sin(ang) * s;
      b.vy = -Math.abs(Math.cos(ang) * s);
      b.y = py - b.r;
      beep(240, 0.05, 'triangle');
    }
    // bricks (one per step)
    for (const br of bricks) {
      const cx = br.x + br.w / 2,
        cy = br.y + br.h / 2;
      const ox = br.w / 2 + b.r - Math.abs(b.x - cx),
        oy = br.h / 2 + b.r - Math.abs(b.y - cy);
      if (ox > 0 && oy > 0) {
        const nx = Math.max(br.x, Math.min(b.x, br.x + br.w)),
          ny = Math.max(br.y, Math.min(b.y, br.y + br.h));
        if ((b.x - nx) ** 2 + (b.y - ny) ** 2 > b.r * b.r && !(nx === b.x || ny === b.y)) continue; // corner miss
        if (ox < oy) {
          b.vx = b.x < cx ? -Math.abs(b.vx) : Math.abs(b.vx);
          b.x += b.x < cx ? -ox : ox;
        } else {
          b.vy = b.y < cy ? -Math.abs(b.vy) : Math.abs(b.vy);
          b.y += b.y < cy ? -oy : oy;
        }
        hitBrick(br);
        break;
      }
    }
  }
  function update(dt) {
    if (bannerT > 0) bannerT -= dt;
    // paddle
    const speed = 640;
    if (keys.ArrowLeft || keys.a || keys.A) paddle.x -= speed * dt;
    if (keys.ArrowRight || keys.d || keys.D) paddle.x += speed * dt;
    if (paddle.target !== null) {
      const d = paddle.target - paddle.x;
      paddle.x += Math.sign(d) * Math.min(Math.abs(d), 1400 * dt);
    }
    if (paddle.wideT > 0) {
      paddle.wideT -= dt;
      if (paddle.wideT <= 0) paddle.w = 96;
    }
    paddle.x = Math.max(paddle.w / 2, Math.min(W - paddle.w / 2, paddle.x));
    if (slowT > 0) slowT -= dt;
    const speedMul = slowT > 0 ? 0.68 : 1;
    // balls
    for (const b of balls) {
      if (b.stuck) {
        b.x = paddle.x;
        b.y = paddle.y - paddle.h / 2 - b.r;
        continue;
      }
      // keep speed normalized and never too flat
      const target = baseSpeed() * speedMul;
      let s = Math.hypot(b.vx, b.vy) || 1;
      b.vx *= target / s;
      b.vy *= target / s;
      if (Math.abs(b.vy) < target * 0.28) {
        b.vy = (b.vy < 0 ? -1 : 1) * target * 0.28;
        b.vx = Math.sign(b.vx || 1) * Math.sqrt(target * target - b.vy * b.vy);
      }
      const dist = target * dt,
        n = Math.max(1, Math.ceil(dist / 4));
      for (let i = 0; i < n; i++) stepBall(b, dt / n);
      b.trail.push(b.x, b.y);
      if (b.trail.length > 16) b.trail.splice(0, 2);
    }
    const before = balls.length;
    balls = balls.filter((b) => b.y - b.r < H + 10);
    if (balls.length === 0 && before > 0) {
      lives--;
      beep(150, 0.3, 'sawtooth');
      updateHud();
      paddle.w = 96;
      paddle.wideT = 0;
      slowT = 0;
      if (lives <= 0) {
        endGame(false);
        return;
      }
      resetBalls();
      banner = 'Ball lost';
      bannerT = 1.1;
    }
    // drops
    for (const d of drops) {
      d.y += 150 * dt;
      if (d.y > paddle.y - paddle.h / 2 - 9 && d.y < paddle.y + paddle.h && Math.abs(d.x - paddle.x) < paddle.w / 2 + 14) {
        d.caught = true;
        score += 25;
        beep(990, 0.1, 'triangle');
        if (d.type === 'W') {
          paddle.w = 150;
          paddle.wideT = 15;
          banner = 'Wide paddle';
        }
        if (d.type === 'S') {
          slowT = 10;
          banner = 'Slow ball';
        }
        if (d.type === 'L') {
          lives = Math.min(lives + 1, 9);
          banner = 'Extra life';
        }
        if (d.type === 'M') {
          const src = balls.find((b) => !b.stuck) || balls[0];
          if (src)
            for (let k = 0; k < 2; k++) {
              const nb = newBall(false);
              nb.x = src.x;
              nb.y = src.y;
              const a = (k ? 0.5 : -0.5) + (Math.random() - 0.5) * 0.3;
              const s = baseSpeed();
              nb.vx = Math.sin(a) * s;
              nb.vy = -Math.cos(a) * s;
              balls.push(nb);
            }
          banner = 'Multi-ball';
        }
        bannerT = 1;
        updateHud();
      }
    }
    drops = drops.filter((d) => !d.caught && d.y < H + 20);
    for (const p of parts) {
      p.x += p.vx * dt;
      p.y += p.vy * dt;
      p.vy += 300 * dt;
      p.t -= dt;
    }
    parts = parts.filter((p) => p.t > 0);
    for (const br of bricks) if (br.flash > 0) br.flash -= dt;
    if (!bricks.some((b) => b.hp !== Infinity)) nextLevel();
  }

  // ---------- drawing ----------
  const roundRect = (x, y, w, h, r) => RT.roundRect(ctx, x, y, w, h, r);
  const DROP_COLORS = { W: '#3dc7ff', M: '#ff4dd2', S: '#5ee07a', L: '#ff5a5a' };
  function draw() {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#05070f';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, dpr * offX, dpr * offY);
    const g = ctx.createLinearGradient(0, 0, 0, H);
    g.addColorStop(0, '#141a3d');
    g.addColorStop(1, '#0a0d22');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, H);
    // grid
    ctx.strokeStyle = 'rgba(120,140,255,.07)';
    ctx.lineWidth = 1;
    for (let x = 0; x <= W; x += 40) {
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, H);
      ctx.stroke();
    }
    for (let y = 0; y <= H; y += 40) {
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(W, y);
      ctx.stroke();
    }
    ctx.strokeStyle = 'rgba(255,204,51,.5)';
    ctx.lineWidth = 2;
    ctx.strokeRect(1, 1, W - 2, H - 2);
    let list = bricks;
    if (state === 'title' && !bricks.length) {
      buildLevel(1);
      list = bricks;
    }
    for (const br of list) {
      let col = br.hp === Infinity ? '#8a93a8' : br.color;
      roundRect(br.x, br.y, br.w, br.h, 4);
      ctx.fillStyle = col;
      ctx.fill();
      if (br.hp !== Infinity && br.hp > 1) {
        ctx.strokeStyle = 'rgba(255,255,255,.85)';
        ctx.lineWidth = br.hp > 2 ? 3 : 2;
        ctx.stroke();
      }
      ctx.fillStyle = 'rgba(255,255,255,.28)';
      ctx.fillRect(br.x + 3, br.y + 3, br.w - 6, 4);
      if (br.hp === Infinity) {
        ctx.fillStyle = 'rgba(0,0,0,.25)';
        ctx.fillRect(br.x + 4, br.y + br.h - 6, br.w - 8, 3);
      }
      if (br.flash > 0) {
        ctx.fillStyle = 'rgba(255,255,255,.7)';
        ctx.fillRect(br.x, br.y, br.w, br.h);
      }
    }
    for (const p of parts) {
      ctx.globalAlpha = Math.max(0, Math.min(1, p.t * 2));
      ctx.fillStyle = p.color;
      ctx.fillRect(p.x - 2, p.y - 2, 4, 4);
    }
    ctx.globalAlpha = 1;
    for (const d of drops) {
      roundRect(d.x - 16, d.y - 9, 32, 18, 9);
      ctx.fillStyle = DROP_COLORS[d.type];
      ctx.fill();
      ctx.fillStyle = '#10131f';
      ctx.font = 'bold 13px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(d.type, d.x, d.y + 1);
    }
    // paddle
    const px = paddle.x - paddle.w / 2,
      py = paddle.y - paddle.h / 2;
    ctx.shadowColor = '#ffcc33';
    ctx.shadowBlur = 14;
    roundRect(px, py, paddle.w, paddle.h, 7);
    const pg = ctx.createLinearGradient(0, py, 0, py + paddle.h);
    pg.addColorStop(0, '#ffe58a');
    pg.addColorStop(1, '#ff9f1c');
    ctx.fillStyle = pg;
    ctx.fill();
    ctx.shadowBlur = 0;
    // balls
    for (const b of balls) {
      for (let i = 0; i < b.trail.length; i += 2) {
        ctx.fillStyle = `rgba(255,255,255,${0.04 + (i / b.trail.length) * 0.2})`;
        ctx.beginPath();
        ctx.arc(b.trail[i], b.trail[i + 1], b.r * (0.4 + (i / b.trail.length) * 0.5), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.shadowColor = '#fff';
      ctx.shadowBlur = 10;
      ctx.fillStyle = slowT > 0 ? '#a8ffbf' : '#ffffff';
      ctx.beginPath();
      ctx.arc(b.x, b.y, b.r, 0, Math.PI * 2);
      ctx.fill();
      ctx.shadowBlur = 0;
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    if (state === 'playing' && bannerT > 0) {
      ctx.globalAlpha = Math.min(1, bannerT * 2);
      ctx.fillStyle = '#ffcc33';
      ctx.font = 'bold 38px system-ui, sans-serif';
      ctx.fillText(banner, W / 2, H * 0.62);
      ctx.globalAlpha = 1;
    }
    if (state === 'playing' && balls.some((b) => b.stuck) && !paused) {
      ctx.fillStyle = 'rgba(255,255,255,.75)';
      ctx.font = '18px system-ui, sans-serif';
      ctx.fillText('Tap, click or press Space to launch', W / 2, paddle.y - 48);
    }
    if (paused && state === 'playing') {
      ctx.fillStyle = 'rgba(0,0,0,.5)';
      ctx.fillRect(0, 0, W, H);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 40px system-ui, sans-serif';
      ctx.fillText('Paused', W / 2, H / 2);
      ctx.font = '18px system-ui, sans-serif';
      ctx.fillText('Press P or tap to resume', W / 2, H / 2 + 36);
    }
  }

  function frame(dt) {
    if (state === 'playing' && !paused) update(dt);
    draw();
  }
  document.addEventListener('visibilitychange', () => {
    if (document.hidden && state === 'playing') paused = true;
  });

  window.__arcadiumTest = {
    finish() {
      if (state === 'title') startGame();
      if (state === 'playing') endGame(false);
    },
    state: () => ({ state, score, lives, level, bricks: bricks.length }),
  };

  setState('title');
  run({ resize, frame, maxDt: 0.033, start: startGame });
})();
