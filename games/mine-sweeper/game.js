/* Mine Sweeper - Arcadium built-in puzzle game (D26). No external assets. */
(() => {
  'use strict';
  const RT = window.ArcadiumRuntime; // sdk/runtime/runtime.js, served by the games origin
  const unlockAchievement = RT.achievement; // D78, through SDK v2 when the page has it
  const { canvas, ctx, ui, beep, toggleSound, startRound, endRound, run } = RT.panelGame({
    ui: 'mines time flag',
    sound: { dur: 0.06, type: 'square', vol: 0.035 },
  });

  const SIZES = [
    { name: 'Small', cols: 9, rows: 9, mines: 10, base: 1000, par: 120, perCell: 5 },
    { name: 'Medium', cols: 16, rows: 16, mines: 40, base: 4000, par: 400, perCell: 8 },
    { name: 'Large', cols: 30, rows: 16, mines: 99, base: 10000, par: 1000, perCell: 10 },
  ];
  let sizeIdx = 0;
  document.querySelectorAll('#sizes button').forEach((b) =>
    b.addEventListener('click', () => {
      sizeIdx = Number(b.dataset.size);
      document.querySelectorAll('#sizes button').forEach((x) => {
        x.classList.toggle('on', x === b);
        x.setAttribute('aria-checked', String(x === b));
      });
    }),
  );

  // ---------- state ----------
  let state = 'title',
    won = false;
  let size = SIZES[0],
    cols = 9,
    rows = 9,
    transposed = false;
  let cells = [],
    placed = false,
    revealedCount = 0,
    flags = 0,
    startTime = 0,
    elapsed = 0,
    lost = null,
    flagMode = false;
  let cursor = { c: 0, r: 0, visible: false },
    score = 0,
    overTimer = 0;
  let cw = 1,
    ch = 1,
    dpr = 1,
    cell = 20,
    bx = 0,
    by = 0;

  function idx(c, r) {
    return r * cols + c;
  }
  function neighbors(c, r) {
    const out = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        if (!dr && !dc) continue;
        const nc = c + dc,
          nr = r + dr;
        if (nc >= 0 && nc < cols && nr >= 0 && nr < rows) out.push([nc, nr]);
      }
    return out;
  }
  function newBoard() {
    size = SIZES[sizeIdx];
    transposed = size.cols !== size.rows && ch > cw * 1.1;
    cols = transposed ? size.rows : size.cols;
    rows = transposed ? size.cols : size.rows;
    cells = [];
    for (let i = 0; i < cols * rows; i++) cells.push({ mine: false, n: 0, open: false, flag: false, boom: false });
    placed = false;
    revealedCount = 0;
    flags = 0;
    lost = null;
    elapsed = 0;
    startTime = 0;
    cursor = { c: Math.floor(cols / 2), r: Math.floor(rows / 2), visible: false };
  }
  function placeMines(sc, sr) {
    const banned = new Set([idx(sc, sr), ...neighbors(sc, sr).map(([c, r]) => idx(c, r))]);
    const pool = [];
    for (let i = 0; i < cells.length; i++) if (!banned.has(i)) pool.push(i);
    for (let k = 0; k < size.mines && pool.length; k++) {
      const j = Math.floor(Math.random() * pool.length);
      cells[pool[j]].mine = true;
      pool[j] = pool[pool.length - 1];
      pool.pop();
    }
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        cells[idx(c, r)].n = neighbors(c, r).filter(([nc, nr]) => cells[idx(nc, nr)].mine).length;
      }
    placed = true;
    startTime = performance.now();
  }
  function reveal(c, r) {
    if (state !== 'playing' || lost) return;
    const cl = cells[idx(c, r)];
    if (cl.flag) return;
    if (cl.open) {
      chord(c, r);
      return;
    }
    if (!placed) placeMines(c, r);
    if (cl.mine) {
      boom(c, r);
      return;
    }
    // flood fill
    const stack = [[c, r]];
    let opened = 0;
    while (stack.length) {
      const [x, y] = stack.pop();
      const k = cells[idx(x, y)];
      if (k.open || k.flag) continue;
      k.open = true;
      revealedCount++;
      opened++;
      if (k.n === 0) for (const nb of neighbors(x, y)) if (!cells[idx(nb[0], nb[1])].open) stack.push(nb);
    }
    beep(opened > 1 ? 520 : 440, 0.05, 'triangle');
    checkWin();
  }
  function chord(c, r) {
    const cl = cells[idx(c, r)];
    if (!cl.open || cl.n === 0) return;
    const nbs = neighbors(c, r);
    if (nbs.filter(([x, y]) => cells[idx(x, y)].flag).length !== cl.n) return;
    for (const [x, y] of nbs) {
      const k = cells[idx(x, y)];
      if (!k.open && !k.flag) {
        reveal(x, y);
        if (lost) return;
      }
    }
  }
  function toggleFlag(c, r) {
    if (state !== 'playing' || lost) return;
    const cl = cells[idx(c, r)];
    if (cl.open) {
      chord(c, r);
      return;
    }
    cl.flag = !cl.flag;
    flags += cl.flag ? 1 : -1;
    beep(cl.flag ? 780 : 300, 0.05);
    updateHud();
  }
  function boom(c, r) {
    const cl = cells[idx(c, r)];
    cl.boom = true;
    cl.open = true;
    lost = { c, r };
    beep(120, 0.5, 'sawtooth', 0.06);
    for (const k of cells) if (k.mine) k.open = true;
    finishRound(false, 1100);
  }
  function checkWin() {
    if (revealedCount === cols * rows - size.mines) {
      for (const k of cells)
        if (k.mine && !k.flag) {
          k.flag = true;
        }
      flags = size.mines;
      beep(880, 0.25, 'triangle');
      finishRound(true, 900);
    }
    updateHud();
  }
  function seconds() {
    return placed ? (performance.now() - startTime) / 1000 : 0;
  }
  function computeScore(didWin) {
    const t = seconds();
    if (didWin) return Math.round(size.base + Math.max(0, size.par - t) * 10);
    return revealedCount * size.perCell;
  }
  function finishRound(didWin, delay) {
    if (state !== 'playing') return;
    won = !!didWin;
    elapsed = seconds();
    score = computeScore(won);
    if (won) {
      unlockAchievement('first_clear');
      if (size.name === 'Medium') unlockAchievement('medium_clear');
      if (size.name === 'Large') unlockAchievement('large_clear');
      if (size.name === 'Small' && elapsed < 30) unlockAchievement('speed_small');
    }
    endRound(score, won, `${size.name} field \u00b7 ${Math.floor(elapsed)} s \u00b7 ${revealedCount} of ${cols * rows - size.mines} safe squares cleared`);
    clearTimeout(overTimer);
    if (delay) {
      state = 'ending';
      overTimer = setTimeout(() => setState('gameover'), delay);
    } else setState('gameover');
    document.body.dataset.state = 'gameover';
  }
  function updateHud() {
    ui.mines.textContent = size.mines - flags;
    ui.time.textContent = Math.floor(state === 'playing' ? seconds() : elapsed);
  }
  function setState(s) {
    state = s;
    RT.showState(s, ui, ['playing', 'ending']);
  }
  function startGame() {
    clearTimeout(overTimer);
    won = false;
    score = 0;
    flagMode = false;
    setFlagMode(false);
    newBoard();
    layout();
    setState('playing');
    updateHud();
    startRound();
  }
  function setFlagMode(on) {
    flagMode = on;
    ui.flag.textContent = 'Flag mode: ' + (on ? 'On' : 'Off');
    ui.flag.classList.toggle('on', on);
    ui.flag.setAttribute('aria-pressed', String(on));
  }
  ui.flag.addEventListener('click', (e) => {
    e.stopPropagation();
    setFlagMode(!flagMode);
    ui.flag.blur();
  });

  // ---------- layout ----------
  function layout() {
    const hudH = Math.max(26, Math.min(44, Math.min(cw, ch) * 0.075));
    const availW = cw - 8,
      availH = ch - hudH - 6;
    cell = Math.max(8, Math.floor(Math.min(availW / cols, availH / rows)));
    bx = Math.floor((cw - cell * cols) / 2);
    by = Math.floor(hudH + (availH - cell * rows) / 2);
  }
  function resize() {
    ({ w: cw, h: ch, dpr } = RT.fitCanvas(canvas, 2));
    if (state === 'title') newBoard();
    layout();
  }

  // ---------- input ----------
  function cellAt(x, y) {
    const c = Math.floor((x - bx) / cell),
      r = Math.floor((y - by) / cell);
    return c >= 0 && c < cols && r >= 0 && r < rows ? { c, r } : null;
  }
  let press = null;
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('pointerdown', (e) => {
    if (state !== 'playing') return;
    const hit = cellAt(e.clientX, e.clientY);
    if (!hit) return;
    cursor.visible = false;
    if (e.pointerType === 'mouse' && e.button === 2) {
      toggleFlag(hit.c, hit.r);
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    press = { id: e.pointerId, ...hit, x: e.clientX, y: e.clientY, long: false, t: 0 };
    if (e.pointerType !== 'mouse') {
      press.t = setTimeout(() => {
        if (!press) return;
        press.long = true;
        toggleFlag(press.c, press.r);
        try {
          if (navigator.vibrate) navigator.vibrate(30);
        } catch (err) {
          /* ignore */
        }
      }, 420);
    }
  });
  canvas.addEventListener('pointermove', (e) => {
    if (press && press.id === e.pointerId && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 12) {
      clearTimeout(press.t);
      press = null;
    }
  });
  canvas.addEventListener('pointerup', (e) => {
    if (!press || press.id !== e.pointerId) return;
    clearTimeout(press.t);
    const p = press;
    press = null;
    if (p.long) return;
    if (flagMode) toggleFlag(p.c, p.r);
    else reveal(p.c, p.r);
  });
  canvas.addEventListener('pointercancel', () => {
    if (press) clearTimeout(press.t);
    press = null;
  });
  window.addEventListener('keydown', (e) => {
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Spacebar'].includes(e.key)) e.preventDefault();
    if (e.key === 'm' || e.key === 'M') {
      toggleSound();
      return;
    }
    if (state === 'playing') {
      const mv = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1], a: [-1, 0], d: [1, 0], w: [0, -1], s: [0, 1] }[e.key];
      if (mv) {
        if (cursor.visible) {
          cursor.c = (cursor.c + mv[0] + cols) % cols;
          cursor.r = (cursor.r + mv[1] + rows) % rows;
        }
        cursor.visible = true;
        return;
      }
      if (e.key === ' ' || e.key === 'Enter') {
        cursor.visible = true;
        if (flagMode) toggleFlag(cursor.c, cursor.r);
        else reveal(cursor.c, cursor.r);
      }
      if (e.key === 'f' || e.key === 'F') {
        cursor.visible = true;
        toggleFlag(cursor.c, cursor.r);
      }
      if (e.key === 'g' || e.key === 'G') setFlagMode(!flagMode);
    } else if (state !== 'ending' && (e.key === 'Enter' || e.key === ' ') && !e.repeat && document.activeElement.tagName !== 'BUTTON') startGame();
  });

  // ---------- drawing ----------
  const NUM_COLORS = ['', '#4da3ff', '#3fcf6a', '#ff5a5a', '#b77dff', '#ff9f1c', '#2ad4d4', '#f0f0f0', '#a0a0a0'];
  function draw() {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const g = ctx.createLinearGradient(0, 0, 0, ch);
    g.addColorStop(0, '#13261c');
    g.addColorStop(1, '#07110c');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, cw, ch);
    ctx.fillStyle = '#0b1711';
    ctx.fillRect(bx - 4, by - 4, cell * cols + 8, cell * rows + 8);
    const gap = cell >= 16 ? 1.5 : 1,
      rad = Math.max(1, cell * 0.12);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `bold ${Math.round(cell * 0.62)}px system-ui, sans-serif`;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const k = cells[idx(c, r)],
          x = bx + c * cell,
          y = by + r * cell,
          s = cell - gap;
        if (!k) continue;
        if (k.open) {
          ctx.fillStyle = k.boom ? '#d9364f' : (c + r) % 2 ? '#1f3a2b' : '#22402f';
          ctx.fillRect(x, y, s, s);
          if (k.mine) {
            ctx.fillStyle = '#0c0c10';
            ctx.beginPath();
            ctx.arc(x + s / 2, y + s / 2, s * 0.27, 0, Math.PI * 2);
            ctx.fill();
            ctx.strokeStyle = '#0c0c10';
            ctx.lineWidth = Math.max(1, s * 0.08);
            for (let a = 0; a < 4; a++) {
              const an = (a * Math.PI) / 4;
              ctx.beginPath();
              ctx.moveTo(x + s / 2 - Math.cos(an) * s * 0.38, y + s / 2 - Math.sin(an) * s * 0.38);
              ctx.lineTo(x + s / 2 + Math.cos(an) * s * 0.38, y + s / 2 + Math.sin(an) * s * 0.38);
              ctx.stroke();
            }
            ctx.fillStyle = '#fff';
            ctx.fillRect(x + s * 0.38, y + s * 0.36, s * 0.09, s * 0.09);
            if (k.flag && !k.boom && lost) {
              ctx.strokeStyle = '#7dff9a';
              ctx.lineWidth = 2;
              ctx.strokeRect(x + 1, y + 1, s - 2, s - 2);
            }
          } else if (k.n) {
            ctx.fillStyle = NUM_COLORS[k.n];
            ctx.fillText(String(k.n), x + s / 2, y + s / 2 + 1);
          }
        } else {
          ctx.fillStyle = (c + r) % 2 ? '#5fbf6f' : '#6ccc7b';
          ctx.beginPath();
          ctx.roundRect ? ctx.roundRect(x, y, s, s, rad) : ctx.rect(x, y, s, s);
          ctx.fill();
          ctx.fillStyle = 'rgba(255,255,255,.18)';
          ctx.fillRect(x + 1, y + 1, s - 2, Math.max(1, s * 0.12));
          if (k.flag) {
            ctx.fillStyle = '#3a2a1a';
            ctx.fillRect(x + s * 0.42, y + s * 0.2, Math.max(1.5, s * 0.08), s * 0.6);
            ctx.fillStyle = lost && !k.mine ? '#999' : '#ff3b3b';
            ctx.beginPath();
            ctx.moveTo(x + s * 0.5, y + s * 0.2);
            ctx.lineTo(x + s * 0.8, y + s * 0.34);
            ctx.lineTo(x + s * 0.5, y + s * 0.48);
            ctx.fill();
            ctx.fillStyle = '#3a2a1a';
            ctx.fillRect(x + s * 0.28, y + s * 0.76, s * 0.44, Math.max(1.5, s * 0.08));
            if (lost && !k.mine) {
              ctx.strokeStyle = '#ff3b3b';
              ctx.lineWidth = 2;
              ctx.beginPath();
              ctx.moveTo(x + 3, y + 3);
              ctx.lineTo(x + s - 3, y + s - 3);
              ctx.moveTo(x + s - 3, y + 3);
              ctx.lineTo(x + 3, y + s - 3);
              ctx.stroke();
            }
          }
        }
        if (cursor.visible && state === 'playing' && c === cursor.c && r === cursor.r) {
          ctx.strokeStyle = '#ffcc33';
          ctx.lineWidth = Math.max(2, cell * 0.1);
          ctx.strokeRect(x + 1, y + 1, s - 2, s - 2);
        }
      }
  }

  function frame() {
    if (state === 'playing') updateHud();
    draw();
  }

  window.__arcadiumTest = {
    finish() {
      if (state === 'title') startGame();
      if (state === 'playing') finishRound(false, 0);
    },
    state: () => ({ state, cols, rows, revealedCount, flags, placed }),
  };

  setState('title');
  run({ resize, frame, maxDt: 0.033, start: startGame });
})();
