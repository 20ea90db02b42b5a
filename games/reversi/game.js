/* Reversi - Arcadium built-in strategy game with a computer opponent (D26), or online against a friend or a
 * stranger (sdk/runtime/online.js, D123). No external assets. Online a game scores as one against the Medium
 * computer (your discs x 2): a friend could lose on purpose, so it is worth no more than a Medium game. */
(() => {
  'use strict';
  const RT = window.ArcadiumRuntime; // sdk/runtime/runtime.js, served by the games origin
  const AI = window.ReversiAI;
  const { canvas, ctx, ui, beep, toggleSound, startRound, endRound, run } = RT.panelGame({
    ui: 'you ai status',
    sound: { dur: 0.06, type: 'triangle', vol: 0.05 },
  });

  const LEVEL_NAMES = ['Easy', 'Medium', 'Hard'];
  let level = 1;
  document.querySelectorAll('#levels button').forEach((b) =>
    b.addEventListener('click', () => {
      level = Number(b.dataset.level);
      document.querySelectorAll('#levels button').forEach((x) => {
        x.classList.toggle('on', x === b);
        x.setAttribute('aria-checked', String(x === b));
      });
    }),
  );

  const HUMAN = 1,
    CPU = -1;
  let state = 'title',
    board = AI.initial(),
    turn = HUMAN,
    won = false,
    score = 0;
  let legal = [],
    lastMove = -1,
    flipAnim = new Map(),
    aiTimer = 0,
    overTimer = 0,
    note = '',
    noteT = 0;
  let cursor = { pos: 19, visible: false };
  let cw = 1,
    ch = 1,
    dpr = 1,
    size = 100,
    bx = 0,
    by = 0,
    cell = 10;

  function setState(s) {
    state = s;
    RT.showState(s, ui, ['playing', 'ending']);
  }
  function onBoard() {
    return state === 'playing' || state === 'online';
  }
  function updateHud() {
    const c = AI.count(board);
    ui.you.textContent = c.black;
    ui.ai.textContent = c.white;
    ui.status.textContent = state !== 'playing' ? 'Finished' : turn === HUMAN ? 'Your turn' : 'AI thinking\u2026';
  }
  function startGame() {
    clearTimeout(aiTimer);
    clearTimeout(overTimer);
    board = AI.initial();
    turn = HUMAN;
    lastMove = -1;
    flipAnim = new Map();
    won = false;
    score = 0;
    note = LEVEL_NAMES[level] + ' AI \u2013 you play black';
    noteT = 2;
    legal = AI.legalMoves(board, HUMAN);
    cursor = { pos: legal[0], visible: false };
    setState('playing');
    updateHud();
    startRound();
  }
  function place(pos, color) {
    const flips = AI.flipsFor(board, pos, color);
    if (!flips) return false;
    board = AI.apply(board, pos, color);
    lastMove = pos;
    const now = performance.now();
    flipAnim = new Map();
    flips.forEach((i, k) => flipAnim.set(i, now + k * 25));
    beep(color === HUMAN ? 520 : 390, 0.07);
    return true;
  }
  function nextTurn() {
    const other = -turn;
    if (AI.legalMoves(board, other).length) turn = other;
    else if (!AI.legalMoves(board, turn).length) {
      endGame(600);
      return;
    } else {
      note = other === HUMAN ? 'No move for you \u2013 pass' : 'AI has no move \u2013 your turn again';
      noteT = 1.8;
    }
    legal = turn === HUMAN ? AI.legalMoves(board, HUMAN) : [];
    if (turn === HUMAN && !legal.includes(cursor.pos)) cursor.pos = legal[0];
    updateHud();
    if (turn === CPU) aiTimer = setTimeout(aiMove, 420);
  }
  function aiMove() {
    if (state !== 'playing' || turn !== CPU) return;
    const m = AI.chooseMove(board, CPU, level);
    if (m >= 0) place(m, CPU);
    nextTurn();
  }
  function humanMove(pos) {
    if (!onBoard() || turn !== HUMAN || !legal.includes(pos)) {
      if (onBoard() && turn === HUMAN) beep(160, 0.05, 'square', 0.03);
      return;
    }
    if (state === 'online') {
      online.move(pos);
      return;
    }
    place(pos, HUMAN);
    legal = [];
    nextTurn();
  }
  function endGame(delay) {
    if (state !== 'playing') return;
    clearTimeout(aiTimer);
    const c = AI.count(board);
    won = c.black > c.white;
    score = c.black * (level + 1);
    endRound(
      score,
      won,
      `${c.black} black \u2013 ${c.white} white \u00b7 ${LEVEL_NAMES[level]} AI (\u00d7${level + 1})`,
      c.black === c.white ? 'Draw' : undefined,
    );
    legal = [];
    if (delay) {
      state = 'ending';
      document.body.dataset.state = 'gameover';
      updateHud();
      overTimer = setTimeout(() => setState('gameover'), delay + 900);
    } else setState('gameover');
    beep(won ? 880 : 200, 0.3);
  }

  // ---------- layout ----------
  function resize() {
    ({ w: cw, h: ch, dpr } = RT.fitCanvas(canvas, 2));
    const hudH = Math.max(26, Math.min(44, Math.min(cw, ch) * 0.075));
    size = Math.max(80, Math.floor(Math.min(cw - 12, ch - hudH - 10) / 8) * 8);
    cell = size / 8;
    bx = Math.floor((cw - size) / 2);
    by = Math.floor(hudH + (ch - hudH - size) / 2);
  }

  // ---------- input ----------
  canvas.addEventListener('pointerdown', (e) => {
    if (!onBoard()) return;
    const c = Math.floor((e.clientX - bx) / cell),
      r = Math.floor((e.clientY - by) / cell);
    if (c < 0 || c > 7 || r < 0 || r > 7) return;
    cursor.visible = false;
    humanMove(r * 8 + c);
  });
  window.addEventListener('keydown', (e) => {
    // online, the panels' buttons and the invite link take their keys
    if (state === 'online' && document.activeElement && ['BUTTON', 'INPUT'].includes(document.activeElement.tagName)) return;
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Spacebar'].includes(e.key)) e.preventDefault();
    if (e.key === 'm' || e.key === 'M') {
      toggleSound();
      return;
    }
    if (onBoard()) {
      const mv = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
      if (mv) {
        if (cursor.pos === undefined || cursor.pos < 0) cursor.pos = 27;
        if (cursor.visible) {
          const r = ((cursor.pos >> 3) + mv[0] + 8) % 8,
            c = ((cursor.pos & 7) + mv[1] + 8) % 8;
          cursor.pos = r * 8 + c;
        }
        cursor.visible = true;
        return;
      }
      if (e.key === 'Enter' || e.key === ' ') {
        if (!cursor.visible) {
          cursor.visible = true;
          if (!legal.includes(cursor.pos) && legal.length) cursor.pos = legal[0];
          return;
        }
        humanMove(cursor.pos);
      }
      if (e.key === 'Tab' && legal.length && turn === HUMAN) {
        e.preventDefault();
        cursor.visible = true;
        const i = legal.indexOf(cursor.pos);
        cursor.pos = legal[(i + (e.shiftKey ? legal.length - 1 : 1)) % legal.length];
      }
    } else if (state !== 'ending' && state !== 'online' && (e.key === 'Enter' || e.key === ' ') && !e.repeat && document.activeElement.tagName !== 'BUTTON')
      startGame();
  });

  // ---------- drawing ----------
  function disc(x, y, r, color, squash) {
    const rx = Math.max(0.5, r * Math.abs(squash));
    ctx.fillStyle = 'rgba(0,0,0,.35)';
    ctx.beginPath();
    ctx.ellipse(x + r * 0.08, y + r * 0.12, rx, r, 0, 0, Math.PI * 2);
    ctx.fill();
    const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
    if (color === 1) {
      g.addColorStop(0, '#5a5a66');
      g.addColorStop(1, '#0d0d12');
    } else {
      g.addColorStop(0, '#ffffff');
      g.addColorStop(1, '#c9ccd6');
    }
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.ellipse(x, y, rx, r, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  function draw(now) {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const g = ctx.createRadialGradient(cw / 2, ch / 2, 10, cw / 2, ch / 2, Math.max(cw, ch) * 0.7);
    g.addColorStop(0, '#163326');
    g.addColorStop(1, '#06100b');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, cw, ch);
    // frame + felt
    ctx.fillStyle = '#5b3a1e';
    ctx.fillRect(bx - 6, by - 6, size + 12, size + 12);
    ctx.fillStyle = '#1f8a4c';
    ctx.fillRect(bx, by, size, size);
    ctx.strokeStyle = 'rgba(0,0,0,.45)';
    ctx.lineWidth = 1;
    for (let i = 0; i <= 8; i++) {
      ctx.beginPath();
      ctx.moveTo(bx + i * cell, by);
      ctx.lineTo(bx + i * cell, by + size);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(bx, by + i * cell);
      ctx.lineTo(bx + size, by + i * cell);
      ctx.stroke();
    }
    ctx.fillStyle = 'rgba(0,0,0,.5)';
    for (const [c, r] of [
      [2, 2],
      [6, 2],
      [2, 6],
      [6, 6],
    ]) {
      ctx.beginPath();
      ctx.arc(bx + c * cell, by + r * cell, Math.max(2, cell * 0.06), 0, Math.PI * 2);
      ctx.fill();
    }
    const R = cell * 0.42;
    for (let i = 0; i < 64; i++) {
      const v = board[i];
      const x = bx + (i & 7) * cell + cell / 2,
        y = by + (i >> 3) * cell + cell / 2;
      if (v) {
        let squash = 1,
          col = v;
        const t0 = flipAnim.get(i);
        if (t0 !== undefined) {
          const p = Math.min(1, Math.max(0, (now - t0) / 260));
          squash = Math.cos(p * Math.PI);
          col = p < 0.5 ? -v : v;
          if (p >= 1) flipAnim.delete(i);
        }
        disc(x, y, R, col, squash);
      }
    }
    if (onBoard() && turn === HUMAN) {
      for (const m of legal) {
        const x = bx + (m & 7) * cell + cell / 2,
          y = by + (m >> 3) * cell + cell / 2;
        ctx.fillStyle = 'rgba(255,209,102,.28)';
        ctx.beginPath();
        ctx.arc(x, y, R * 0.9, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = 'rgba(255,209,102,.95)';
        ctx.beginPath();
        ctx.arc(x, y, Math.max(2.5, R * 0.22), 0, Math.PI * 2);
        ctx.fill();
      }
    }
    if (lastMove >= 0) {
      const x = bx + (lastMove & 7) * cell + cell / 2,
        y = by + (lastMove >> 3) * cell + cell / 2;
      ctx.fillStyle = '#ff4d6d';
      ctx.beginPath();
      ctx.arc(x, y, Math.max(2, R * 0.16), 0, Math.PI * 2);
      ctx.fill();
    }
    if (cursor.visible && onBoard() && cursor.pos >= 0) {
      ctx.strokeStyle = '#ffd166';
      ctx.lineWidth = Math.max(2, cell * 0.07);
      ctx.strokeRect(bx + (cursor.pos & 7) * cell + 2, by + (cursor.pos >> 3) * cell + 2, cell - 4, cell - 4);
    }
    if ((onBoard() || state === 'ending') && noteT > 0) {
      const fs = Math.max(13, Math.min(26, size * 0.055));
      ctx.font = `bold ${Math.round(fs)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const w = ctx.measureText(note).width + fs * 1.4;
      ctx.globalAlpha = Math.min(1, noteT * 2);
      ctx.fillStyle = 'rgba(0,0,0,.72)';
      ctx.fillRect(cw / 2 - w / 2, by + size / 2 - fs, w, fs * 2);
      ctx.fillStyle = '#ffd166';
      ctx.fillText(note, cw / 2, by + size / 2 + 1);
      ctx.globalAlpha = 1;
    }
  }
  function frame(dt, now) {
    if (noteT > 0) noteT -= dt;
    draw(now);
  }

  window.__arcadiumTest = {
    finish() {
      if (state === 'title') startGame();
      if (state === 'playing') endGame(0);
    },
    state: () => ({ state, turn, legal: legal.slice(), count: AI.count(board), level }),
    move: (pos) => humanMove(pos),
  };

  /** A game state online (online.js): the board as it is, the discs of the move just played flipping. */
  let onlineRound = 0;
  function showOnline(g, view) {
    const before = onlineRound === g.round ? board : null;
    onlineRound = g.round;
    const next = Int8Array.from(g.board);
    if (before && view.fresh) {
      const now = performance.now();
      flipAnim = new Map();
      let k = 0;
      for (let i = 0; i < 64; i++) if (before[i] && before[i] === -next[i]) flipAnim.set(i, now + k++ * 25);
      if (g.last >= 0 && !before[g.last]) beep(next[g.last] === 1 ? 520 : 390, 0.07);
      if (g.next !== null && g.moves > 0 && g.board[g.last] === (g.next === 0 ? 1 : -1)) {
        note = view.myTurn ? 'No move for your opponent \u2013 your turn again' : 'No move for you \u2013 pass';
        noteT = 1.8;
      }
    }
    board = next;
    lastMove = g.last;
    const mine = view.me === 0 ? 1 : -1;
    turn = view.myTurn ? HUMAN : CPU;
    legal = view.myTurn ? AI.legalMoves(board, mine) : [];
    if (view.myTurn && !legal.includes(cursor.pos)) cursor.pos = legal[0];
  }

  const online = window.ArcadiumOnline.setup({
    key: 'reversi',
    winAchievement: 'online_win',
    rules: AI.rules,
    seats: [
      { name: 'Black', color: '#111' },
      { name: 'White', color: '#f4f4f4' },
    ],
    panel: document.querySelector('#title .panel'),
    enter() {
      clearTimeout(aiTimer);
      clearTimeout(overTimer);
      setState('online');
    },
    exit() {
      board = AI.initial();
      lastMove = -1;
      legal = [];
      flipAnim = new Map();
      setState('title');
    },
    show: showOnline,
    score(g, me) {
      const c = AI.count(Int8Array.from(g.board));
      const mine = me === 0 ? c.black : c.white,
        theirs = me === 0 ? c.white : c.black;
      return {
        score: mine * 2,
        won: g.winner === null ? undefined : g.winner === me,
        detail: `${mine} \u2013 ${theirs} online (\u00d72)`,
      };
    },
  });

  setState('title');
  run({ resize, frame, maxDt: 0.05, start: startGame });
})();
