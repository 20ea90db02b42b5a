/* Crystal Caverns - Arcadium built-in platformer (D26). No external assets. */
(() => {
  'use strict';
  const RT = window.ArcadiumRuntime; // sdk/runtime/runtime.js, served by the games origin
  const { canvas, ctx, ui, beep, toggleSound, startRound, endRound, run } = RT.panelGame({
    ui: 'score crystals level lives',
    sound: { dur: 0.08, type: 'square', vol: 0.04 },
  });

  // ---------- levels: # rock, - ledge (one-way), ^ spikes, * crystal, P start, D door, e slime, f bat ----------
  const LEVELS = [
    {
      name: 'First Light',
      rows: [
        '..................................................',
        '..................................................',
        '..................................................',
        '..................................................',
        '..................................................',
        '..................................................',
        '..................................................',
        '..................................................',
        '...........................*.*....................',
        '..................*.*.....-----.........*.*.......',
        '........*........#####.................#####......',
        '..P.............######..........e......#####...D..',
        '########...###########^^^#########################',
        '########...#######################################',
      ],
    },
    {
      name: 'Spike Hollow',
      rows: [
        '............................................................',
        '............................................................',
        '............................................................',
        '............................................................',
        '............................................................',
        '............................................................',
        '............................................................',
        '............................................................',
        '................**.........f................**..............',
        '...............----.................*......----.............',
        '.......*....*......................................*........',
        '..P.........................e..####.....e................D..',
        '######..###^^^######...############...#####^^^####...#######',
        '######..############...############...############...#######',
      ],
    },
    {
      name: 'Deep Vault',
      rows: [
        '......................................................................',
        '......................................................................',
        '......................................................................',
        '......................................................................',
        '......................................................................',
        '......................................................................',
        '......................................................................',
        '......................f...............................................',
        '..............................................*..............**.......',
        '....................*....*....................##...f........----......',
        '.........*.........###..###...........*.......##.......*..............',
        '..P..............................e........e.####..^^........e.*.e..D..',
        '########^^^######.............#######^^^###############...############',
        '#################.............#########################...############',
      ],
    },
  ];

  const T = 32,
    GRAV = 1600,
    JUMP_V = 600,
    RUN = 215;
  let cw = 1,
    ch = 1,
    dpr = 1,
    scale = 1,
    viewW = 600,
    viewH = 352;
  function resize() {
    ({ w: cw, h: ch, dpr } = RT.fitCanvas(canvas, 2));
    scale = Math.min(ch / (11 * T), cw / (12 * T));
    viewW = cw / scale;
    viewH = ch / scale;
    if (state !== 'playing') draw();
  }

  // ---------- state ----------
  let state = 'title',
    score = 0,
    lives = 3,
    levelIdx = 0,
    won = false;
  let grid = [],
    cols = 0,
    rows = 0,
    crystals = [],
    enemies = [],
    door = null,
    start = { x: 0, y: 0 };
  let parts = [],
    camX = 0,
    camY = 0,
    levelTime = 0,
    banner = '',
    bannerT = 0,
    deadT = 0,
    doneT = 0,
    time = 0;
  const player = { x: 0, y: 0, w: 18, h: 28, vx: 0, vy: 0, onGround: false, face: 1, coyote: 0, jumpBuf: 0, inv: 0, anim: 0 };
  const keys = RT.heldKeys();
  const touch = { left: false, right: false, jump: false };
  let showTouch = RT.coarsePointer();

  function loadLevel(i) {
    const L = LEVELS[i];
    rows = L.rows.length;
    cols = Math.max(...L.rows.map((r) => r.length));
    grid = [];
    crystals = [];
    enemies = [];
    door = null;
    for (let r = 0; r < rows; r++) {
      const line = [];
      for (let c = 0; c < cols; c++) {
        const chr = L.rows[r][c] || '.';
        let tile = '.';
        if (chr === '#' || chr === '-' || chr === '^') tile = chr;
        else if (chr === '*') crystals.push({ x: c * T + T / 2, y: r * T + T / 2, got: false, ph: Math.random() * 6 });
        else if (chr === 'P') start = { x: c * T + (T - player.w) / 2, y: (r + 1) * T - player.h };
        else if (chr === 'D') door = { x: c * T, y: (r - 1) * T, w: T, h: 2 * T };
        else if (chr === 'e') enemies.push({ kind: 'slime', x: c * T + 4, y: (r + 1) * T - 20, w: 24, h: 20, vx: -55, vy: 0, dead: 0, alive: true });
        else if (chr === 'f')
          enemies.push({ kind: 'bat', x: c * T + 5, y: r * T + 6, w: 22, h: 16, bx: c * T + 5, by: r * T + 6, t: Math.random() * 6, alive: true, dead: 0 });
        line.push(tile);
      }
      grid.push(line);
    }
    levelTime = 0;
    parts = [];
    respawn();
    banner = 'Cave ' + (i + 1) + ': ' + L.name;
    bannerT = 2;
    updateHud();
  }
  function respawn() {
    Object.assign(player, { x: start.x, y: start.y, vx: 0, vy: 0, onGround: false, face: 1, coyote: 0, jumpBuf: 0, inv: 1.2 });
    camX = player.x - viewW / 2;
  }
  function tileAt(c, r) {
    if (c < 0 || c >= cols) return '#';
    if (r < 0 || r >= rows) return '.';
    return grid[r][c];
  }
  const solid = (c, r) => tileAt(c, r) === '#';

  function updateHud() {
    ui.score.textContent = score;
    ui.lives.textContent = lives;
    ui.level.textContent = levelIdx + 1;
    ui.crystals.textContent = crystals.filter((c) => c.got).length + '/' + crystals.length;
  }
  function setState(s) {
    state = s;
    RT.showState(s, ui);
  }
  function startGame() {
    score = 0;
    lives = 3;
    levelIdx = 0;
    won = false;
    deadT = 0;
    doneT = 0;
    loadLevel(0);
    setState('playing');
    startRound();
  }
  function endGame(didWin) {
    if (state !== 'playing') return;
    won = !!didWin;
    setState('gameover');
    endRound(
      score,
      won,
      won ? 'You escaped all three caves with ' + lives + (lives === 1 ? ' life' : ' lives') + ' left.' : 'You reached cave ' + (levelIdx + 1) + ' of 3.',
    );
  }

  function burst(x, y, color, n = 12, sp = 160) {
    for (let i = 0; i < n; i++) {
      const a = Math.random() * Math.PI * 2,
        s = sp * (0.3 + Math.random() * 0.7);
      parts.push({ x, y, vx: Math.cos(a) * s, vy: Math.sin(a) * s - 60, t: 0.5 + Math.random() * 0.5, color });
    }
  }
  function hurt() {
    if (player.inv > 0 || deadT > 0) return;
    burst(player.x + player.w / 2, player.y + player.h / 2, '#ff5577', 20, 220);
    beep(220, 0.35, 'sawtooth', 0.05, 60);
    lives--;
    updateHud();
    deadT = 0.9;
  }

  // ---------- input ----------
  const isLeft = () => keys.ArrowLeft || keys.a || keys.A || touch.left;
  const isRight = () => keys.ArrowRight || keys.d || keys.D || touch.right;
  const isJump = () => keys[' '] || keys.ArrowUp || keys.w || keys.W || touch.jump;
  window.addEventListener('keydown', (e) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Spacebar'].includes(e.key)) e.preventDefault();
    if (state === 'playing' && !keys[e.key] && (e.key === ' ' || e.key === 'ArrowUp' || e.key === 'w' || e.key === 'W')) player.jumpBuf = 0.13;
    keys[e.key] = true;
    if (state !== 'playing' && (e.key === 'Enter' || e.key === ' ') && !e.repeat && document.activeElement.tagName !== 'BUTTON') startGame();
    if (e.key === 'm' || e.key === 'M') toggleSound();
  });
  window.addEventListener('blur', () => {
    touch.left = touch.right = touch.jump = false;
  });

  // touch buttons (screen coordinates)
  function buttons() {
    const s = Math.max(44, Math.min(84, Math.min(cw, ch) * 0.2)),
      m = s * 0.25;
    return {
      left: { x: m, y: ch - s - m, w: s, h: s },
      right: { x: m * 2 + s, y: ch - s - m, w: s, h: s },
      jump: { x: cw - s * 1.25 - m, y: ch - s * 1.25 - m, w: s * 1.25, h: s * 1.25 },
    };
  }
  RT.canvasTouch(canvas, touch, {
    rects: buttons,
    pad: 14,
    active: () => state === 'playing',
    onTouchPointer: () => {
      showTouch = true;
    },
    // anywhere else: left/right half of the screen steers, upper area jumps
    elsewhere: (p) => {
      if (!touch.left && !touch.right && !touch.jump) {
        if (p.x < cw * 0.33) touch.left = true;
        else if (p.x > cw * 0.67) touch.jump = true;
        else touch.right = true;
      }
    },
    onChange: (before, why) => {
      if (why !== 'up' && touch.jump && !before.jump) player.jumpBuf = 0.13;
    },
  });

  // ---------- physics ----------
  function moveX(o, dx) {
    o.x += dx;
    const r0 = Math.floor(o.y / T),
      r1 = Math.floor((o.y + o.h - 0.01) / T);
    if (dx > 0) {
      const c = Math.floor((o.x + o.w) / T);
      for (let r = r0; r <= r1; r++)
        if (solid(c, r)) {
          o.x = c * T - o.w - 0.01;
          return true;
        }
    } else if (dx < 0) {
      const c = Math.floor(o.x / T);
      for (let r = r0; r <= r1; r++)
        if (solid(c, r)) {
          o.x = (c + 1) * T + 0.01;
          return true;
        }
    }
    return false;
  }
  function moveY(o, dy) {
    const oldBottom = o.y + o.h;
    o.y += dy;
    const c0 = Math.floor(o.x / T),
      c1 = Math.floor((o.x + o.w - 0.01) / T);
    if (dy > 0) {
      const r = Math.floor((o.y + o.h) / T);
      for (let c = c0; c <= c1; c++) {
        const t = tileAt(c, r);
        if (t === '#' || (t === '-' && oldBottom <= r * T + 0.5)) {
          o.y = r * T - o.h;
          return 1;
        }
      }
    } else if (dy < 0) {
      const r = Math.floor(o.y / T);
      for (let c = c0; c <= c1; c++)
        if (solid(c, r)) {
          o.y = (r + 1) * T + 0.01;
          return -1;
        }
    }
    return 0;
  }
  const overlap = (a, b) => a.x < b.x + b.w && a.x + a.w > b.x && a.y < b.y + b.h && a.y + a.h > b.y;

  function update(dt) {
    time += dt;
    if (bannerT > 0) bannerT -= dt;
    for (const p of parts) {
      p.x += p.vx * dt;
      p.y += p.vy * dt;
      p.vy += 500 * dt;
      p.t -= dt;
    }
    parts = parts.filter((p) => p.t > 0);
    if (doneT > 0) {
      doneT -= dt;
      if (doneT <= 0) {
        if (levelIdx + 1 >= LEVELS.length) {
          score += lives * 250;
          updateHud();
          endGame(true);
          return;
        }
        levelIdx++;
        loadLevel(levelIdx);
      }
      return;
    }
    if (deadT > 0) {
      deadT -= dt;
      if (deadT <= 0) {
        if (lives <= 0) {
          endGame(false);
          return;
        }
        respawn();
      }
      return;
    }
    levelTime += dt;
    const p = player;
    if (p.inv > 0) p.inv -= dt;
    const dir = (isRight() ? 1 : 0) - (isLeft() ? 1 : 0);
    if (dir) p.face = dir;
    p.vx += (dir * RUN - p.vx) * Math.min(1, dt * (p.onGround ? 14 : 6));
    p.coyote = p.onGround ? 0.1 : p.coyote - dt;
    if (p.jumpBuf > 0) p.jumpBuf -= dt;
    if (p.jumpBuf > 0 && p.coyote > 0) {
      p.vy = -JUMP_V;
      p.coyote = 0;
      p.jumpBuf = 0;
      p.onGround = false;
      beep(440, 0.1, 'square', 0.03, 880);
    }
    p.vy += GRAV * dt * (p.vy < 0 && !isJump() ? 2.4 : 1);
    p.vy = Math.min(p.vy, 900);
    const n = 2;
    p.onGround = false;
    for (let i = 0; i < n; i++) {
      if (moveX(p, (p.vx * dt) / n)) p.vx = 0;
      const hit = moveY(p, (p.vy * dt) / n);
      if (hit === 1) {
        p.vy = 0;
        p.onGround = true;
      } else if (hit === -1) p.vy = 0;
    }
    p.anim += Math.abs(p.vx) * dt;
    // hazards
    if (p.y > rows * T + 40) {
      p.inv = 0;
      hurt();
      return;
    }
    const c0 = Math.floor(p.x / T),
      c1 = Math.floor((p.x + p.w) / T),
      r0 = Math.floor(p.y / T),
      r1 = Math.floor((p.y + p.h) / T);
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        if (tileAt(c, r) === '^' && overlap(p, { x: c * T + 5, y: r * T + 14, w: T - 10, h: T - 14 })) {
          p.inv = 0;
          hurt();
          return;
        }
      }
    for (const cr of crystals) {
      if (!cr.got && Math.abs(p.x + p.w / 2 - cr.x) < 18 && Math.abs(p.y + p.h / 2 - cr.y) < 22) {
        cr.got = true;
        score += 100;
        burst(cr.x, cr.y, '#5ef2ff', 10, 120);
        beep(1200, 0.09, 'triangle', 0.04, 1800);
        if (crystals.every((c) => c.got)) {
          score += 300;
          banner = 'All crystals! +300';
          bannerT = 1.5;
        }
        updateHud();
      }
    }
    // enemies
    for (const en of enemies) {
      if (!en.alive) {
        en.dead -= dt;
        continue;
      }
      if (en.kind === 'slime') {
        en.vy = Math.min(900, en.vy + GRAV * dt);
        if (moveX(en, en.vx * dt)) en.vx = -en.vx;
        if (moveY(en, en.vy * dt) === 1) en.vy = 0;
        const aheadC = Math.floor((en.vx > 0 ? en.x + en.w + 2 : en.x - 2) / T),
          belowR = Math.floor((en.y + en.h + 4) / T);
        const below = tileAt(aheadC, belowR);
        if (below !== '#' && below !== '-') en.vx = -en.vx;
        if (en.y > rows * T + 40) en.alive = false;
      } else {
        en.t += dt;
        const nx = en.bx + Math.sin(en.t * 0.9) * 90;
        en.vx = nx - en.x;
        en.x = nx;
        en.y = en.by + Math.sin(en.t * 2.6) * 14;
      }
      if (overlap(p, en)) {
        if (p.vy > 60 && p.y + p.h - en.y < 16) {
          en.alive = false;
          en.dead = 0.4;
          p.vy = -430;
          score += 50;
          updateHud();
          burst(en.x + en.w / 2, en.y + en.h / 2, en.kind === 'slime' ? '#7dff6a' : '#c06bff', 14, 180);
          beep(300, 0.12, 'square', 0.05, 120);
        } else {
          hurt();
          return;
        }
      }
    }
    if (door && overlap(p, door)) {
      const bonus = Math.max(0, Math.round((90 - levelTime) * 5));
      score += 500 + bonus;
      updateHud();
      banner = 'Cave clear! +' + (500 + bonus);
      bannerT = 1.4;
      doneT = 1.4;
      beep(523, 0.12, 'triangle');
      setTimeout(() => beep(659, 0.12, 'triangle'), 120);
      setTimeout(() => beep(784, 0.2, 'triangle'), 240);
    }
  }

  // ---------- drawing ----------
  function drawBackground() {
    const g = ctx.createLinearGradient(0, 0, 0, ch * dpr);
    g.addColorStop(0, '#1b0f33');
    g.addColorStop(1, '#0a0616');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // parallax stalactites
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    ctx.fillStyle = 'rgba(80,50,130,.35)';
    const off = -(camX * 0.3) % 120;
    for (let x = off - 120; x < viewW + 120; x += 120) {
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x + 20, 60 + ((x - off) % 240 === 0 ? 40 : 0));
      ctx.lineTo(x + 44, 0);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x + 60, 0);
      ctx.lineTo(x + 72, 34);
      ctx.lineTo(x + 86, 0);
      ctx.fill();
    }
    ctx.fillStyle = 'rgba(60,40,110,.35)';
    const off2 = -(camX * 0.5) % 200;
    for (let x = off2 - 200; x < viewW + 200; x += 200) {
      ctx.beginPath();
      ctx.moveTo(x, viewH);
      ctx.lineTo(x + 50, viewH - 90);
      ctx.lineTo(x + 110, viewH - 40);
      ctx.lineTo(x + 160, viewH - 110);
      ctx.lineTo(x + 200, viewH);
      ctx.fill();
    }
  }
  function drawWorld() {
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, -camX * dpr * scale, -camY * dpr * scale);
    const c0 = Math.max(0, Math.floor(camX / T)),
      c1 = Math.min(cols - 1, Math.ceil((camX + viewW) / T));
    for (let r = 0; r < rows; r++)
      for (let c = c0; c <= c1; c++) {
        const t = grid[r][c],
          x = c * T,
          y = r * T;
        if (t === '#') {
          ctx.fillStyle = (c + r) % 2 ? '#3a2a5c' : '#34264f';
          ctx.fillRect(x, y, T, T);
          ctx.fillStyle = 'rgba(0,0,0,.18)';
          ctx.fillRect(x + 4, y + 18, 10, 6);
          ctx.fillRect(x + 18, y + 8, 8, 5);
          if (tileAt(c, r - 1) !== '#') {
            ctx.fillStyle = '#6d4fb0';
            ctx.fillRect(x, y, T, 5);
            ctx.fillStyle = '#5ef2ff';
            ctx.globalAlpha = 0.35;
            ctx.fillRect(x, y, T, 2);
            ctx.globalAlpha = 1;
          }
          if (r === rows - 1 || tileAt(c, r + 1) === '.') {
            ctx.fillStyle = '#231838';
            ctx.fillRect(x, y + T - 4, T, 4);
          }
        } else if (t === '-') {
          ctx.fillStyle = '#8a5a2b';
          ctx.fillRect(x, y, T, 8);
          ctx.fillStyle = '#c58a48';
          ctx.fillRect(x, y, T, 3);
          ctx.fillStyle = '#5b3a1a';
          ctx.fillRect(x + 4, y + 8, 3, 6);
          ctx.fillRect(x + T - 7, y + 8, 3, 6);
        } else if (t === '^') {
          ctx.fillStyle = '#c9cfe0';
          for (let k = 0; k < 3; k++) {
            ctx.beginPath();
            ctx.moveTo(x + k * 10 + 1, y + T);
            ctx.lineTo(x + k * 10 + 6, y + 12);
            ctx.lineTo(x + k * 10 + 11, y + T);
            ctx.fill();
          }
          ctx.fillStyle = '#ff4d6d';
          for (let k = 0; k < 3; k++) ctx.fillRect(x + k * 10 + 5, y + 12, 2, 3);
        }
      }
    // bedrock below the map and bottomless pits
    const below = camY + viewH - rows * T;
    if (below > 0)
      for (let c = c0; c <= c1; c++) {
        if (grid[rows - 1][c] === '#') {
          ctx.fillStyle = c % 2 ? '#2b1f45' : '#281c40';
          ctx.fillRect(c * T, rows * T, T, below + 2);
        }
      }
    if (door) {
      const d = door;
      ctx.fillStyle = 'rgba(255,210,120,.18)';
      ctx.beginPath();
      ctx.arc(d.x + T / 2, d.y + T, 34 + Math.sin(time * 3) * 3, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#4a2c12';
      ctx.beginPath();
      ctx.moveTo(d.x - 3, d.y + d.h);
      ctx.lineTo(d.x - 3, d.y + 14);
      ctx.arc(d.x + T / 2, d.y + 14, T / 2 + 3, Math.PI, 0);
      ctx.lineTo(d.x + T + 3, d.y + d.h);
      ctx.fill();
      ctx.fillStyle = '#ffd27a';
      ctx.beginPath();
      ctx.moveTo(d.x + 3, d.y + d.h);
      ctx.lineTo(d.x + 3, d.y + 16);
      ctx.arc(d.x + T / 2, d.y + 16, T / 2 - 3, Math.PI, 0);
      ctx.lineTo(d.x + T - 3, d.y + d.h);
      ctx.fill();
      ctx.fillStyle = '#fff6d8';
      ctx.fillRect(d.x + 10, d.y + 24, 12, d.h - 24);
    }
    for (const cr of crystals) {
      if (cr.got) continue;
      const y = cr.y + Math.sin(time * 3 + cr.ph) * 3;
      ctx.fillStyle = 'rgba(94,242,255,.2)';
      ctx.beginPath();
      ctx.arc(cr.x, y, 14, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#5ef2ff';
      ctx.beginPath();
      ctx.moveTo(cr.x, y - 11);
      ctx.lineTo(cr.x + 7, y - 2);
      ctx.lineTo(cr.x, y + 11);
      ctx.lineTo(cr.x - 7, y - 2);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = '#e0fdff';
      ctx.beginPath();
      ctx.moveTo(cr.x, y - 11);
      ctx.lineTo(cr.x + 3, y - 2);
      ctx.lineTo(cr.x, y + 4);
      ctx.lineTo(cr.x - 3, y - 2);
      ctx.closePath();
      ctx.fill();
    }
    for (const en of enemies) {
      if (!en.alive) {
        if (en.dead > 0 && en.kind === 'slime') {
          ctx.fillStyle = '#58c94a';
          ctx.fillRect(en.x, en.y + en.h - 5, en.w, 5);
        }
        continue;
      }
      if (en.kind === 'slime') {
        const sq = Math.sin(time * 8 + en.x) * 2;
        ctx.fillStyle = '#58c94a';
        ctx.beginPath();
        ctx.ellipse(en.x + en.w / 2, en.y + en.h - 8 + sq / 2, en.w / 2 + sq / 2, 10 - sq / 2, 0, Math.PI, 0);
        ctx.fill();
        ctx.fillRect(en.x - sq / 2, en.y + en.h - 9 + sq / 2, en.w + sq, 9 - sq / 2);
        ctx.fillStyle = '#fff';
        const ex = en.vx > 0 ? 3 : -3;
        ctx.fillRect(en.x + 6 + ex, en.y + 6, 4, 5);
        ctx.fillRect(en.x + 14 + ex, en.y + 6, 4, 5);
        ctx.fillStyle = '#122';
        ctx.fillRect(en.x + 7 + ex, en.y + 8, 2, 3);
        ctx.fillRect(en.x + 15 + ex, en.y + 8, 2, 3);
      } else {
        const flap = Math.sin(time * 18) * 7,
          cx = en.x + en.w / 2,
          cy = en.y + en.h / 2;
        ctx.fillStyle = '#9b4dff';
        ctx.beginPath();
        ctx.moveTo(cx - 4, cy);
        ctx.lineTo(cx - 18, cy - 4 - flap);
        ctx.lineTo(cx - 12, cy + 4);
        ctx.fill();
        ctx.beginPath();
        ctx.moveTo(cx + 4, cy);
        ctx.lineTo(cx + 18, cy - 4 - flap);
        ctx.lineTo(cx + 12, cy + 4);
        ctx.fill();
        ctx.fillStyle = '#6a2bc2';
        ctx.beginPath();
        ctx.arc(cx, cy, 7, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#ffd23d';
        ctx.fillRect(cx - 4, cy - 3, 2, 2);
        ctx.fillRect(cx + 2, cy - 3, 2, 2);
      }
    }
    // player
    const p = player;
    if (deadT <= 0 && !(p.inv > 0 && Math.floor(time * 12) % 2)) {
      const x = p.x,
        y = p.y,
        f = p.face;
      ctx.fillStyle = 'rgba(255,240,160,.12)';
      ctx.beginPath();
      ctx.moveTo(x + p.w / 2 + f * 6, y + 6);
      ctx.lineTo(x + p.w / 2 + f * 90, y - 10);
      ctx.lineTo(x + p.w / 2 + f * 90, y + 30);
      ctx.fill();
      const leg = p.onGround ? Math.sin(p.anim / 6) * 4 : 3;
      ctx.fillStyle = '#2d3a66';
      ctx.fillRect(x + 3, y + 20, 5, 8 + leg * 0.4);
      ctx.fillRect(x + 10, y + 20, 5, 8 - leg * 0.4);
      ctx.fillStyle = '#ff8a3d';
      ctx.fillRect(x + 1, y + 10, p.w - 2, 12);
      ctx.fillStyle = '#f5c99b';
      ctx.fillRect(x + 3, y + 3, p.w - 6, 9);
      ctx.fillStyle = '#ffd23d';
      ctx.fillRect(x + 1, y, p.w - 2, 5);
      ctx.fillRect(x + (f > 0 ? p.w - 4 : 0), y + 1, 4, 4);
      ctx.fillStyle = '#fff8c8';
      ctx.fillRect(x + (f > 0 ? p.w - 2 : -1), y + 1, 3, 3);
      ctx.fillStyle = '#1a1a2e';
      ctx.fillRect(x + (f > 0 ? 11 : 5), y + 6, 2, 3);
    }
    for (const q of parts) {
      ctx.globalAlpha = Math.max(0, Math.min(1, q.t * 2));
      ctx.fillStyle = q.color;
      ctx.fillRect(q.x - 2, q.y - 2, 4, 4);
    }
    ctx.globalAlpha = 1;
  }
  function drawTouch() {
    if (!showTouch || state !== 'playing') return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const b = buttons();
    const btn = (r, on, label) => {
      ctx.fillStyle = on ? 'rgba(94,242,255,.45)' : 'rgba(255,255,255,.16)';
      ctx.strokeStyle = 'rgba(255,255,255,.5)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(r.x + r.w / 2, r.y + r.h / 2, r.w / 2, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = '#fff';
      ctx.font = `bold ${Math.round(r.w * 0.38)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, r.x + r.w / 2, r.y + r.h / 2 + 1);
    };
    btn(b.left, touch.left, '\u25C0');
    btn(b.right, touch.right, '\u25B6');
    btn(b.jump, touch.jump, '\u25B2');
  }
  function draw() {
    if (state === 'title' && !grid.length) loadLevel(0);
    // camera
    const lw = cols * T,
      lh = rows * T;
    const tx = player.x + player.w / 2 - viewW / 2 + player.face * viewW * 0.08;
    camX += (tx - camX) * 0.12;
    camX = lw <= viewW ? (lw - viewW) / 2 : Math.max(0, Math.min(lw - viewW, camX));
    if (lh <= viewH) {
      const b = buttons(),
        btnSpace = showTouch ? (ch - b.jump.y + 8) / scale : T;
      camY = Math.min((lh - viewH) / 2, lh - viewH + Math.max(T, btnSpace));
    } else camY = Math.max(0, Math.min(lh - viewH, player.y - viewH * 0.55));
    drawBackground();
    drawWorld();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (state === 'playing' && bannerT > 0) {
      ctx.globalAlpha = Math.min(1, bannerT * 2);
      ctx.fillStyle = '#5ef2ff';
      ctx.font = `bold ${Math.round(Math.max(16, Math.min(36, cw / 22)))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.shadowColor = '#000';
      ctx.shadowBlur = 6;
      ctx.fillText(banner, cw / 2, ch * 0.3);
      ctx.shadowBlur = 0;
      ctx.globalAlpha = 1;
    }
    drawTouch();
  }

  function frame(dt) {
    if (state === 'playing') update(dt);
    else time += dt;
    draw();
  }

  window.__arcadiumTest = {
    finish() {
      if (state === 'title') startGame();
      if (state === 'playing') endGame(false);
    },
    level(i) {
      if (state !== 'playing') startGame();
      levelIdx = i;
      loadLevel(i);
    },
    state: () => ({ state, score, lives, levelIdx, x: player.x, y: player.y }),
  };

  setState('title');
  run({ resize, frame, maxDt: 0.033, start: startGame });
})();
