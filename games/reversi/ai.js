/* Reversi rules and computer opponent (alpha-beta search with a positional evaluation). */
(function (root) {
  'use strict';
  const DIRS = [
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 0],
    [1, 1],
  ];
  const WEIGHTS = [
    120, -20, 20, 5, 5, 20, -20, 120, -20, -40, -5, -5, -5, -5, -40, -20, 20, -5, 15, 3, 3, 15, -5, 20, 5, -5, 3, 3, 3, 3, -5, 5, 5, -5, 3, 3, 3, 3, -5, 5, 20,
    -5, 15, 3, 3, 15, -5, 20, -20, -40, -5, -5, -5, -5, -40, -20, 120, -20, 20, 5, 5, 20, -20, 120,
  ];
  // X and C squares next to each corner: only bad while the corner is empty
  const CORNERS = [
    [0, [1, 8, 9]],
    [7, [6, 15, 14]],
    [56, [57, 48, 49]],
    [63, [62, 55, 54]],
  ];

  function initial() {
    const b = new Int8Array(64);
    b[27] = -1;
    b[36] = -1;
    b[28] = 1;
    b[35] = 1; // black (1) on d5/e4, white (-1) on d4/e5
    return b;
  }
  function flipsFor(b, pos, color) {
    if (b[pos] !== 0) return null;
    const r0 = pos >> 3,
      c0 = pos & 7;
    let out = null;
    for (const [dr, dc] of DIRS) {
      let r = r0 + dr,
        c = c0 + dc,
        n = 0;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && b[r * 8 + c] === -color) {
        r += dr;
        c += dc;
        n++;
      }
      if (n > 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && b[r * 8 + c] === color) {
        out = out || [];
        for (let k = 1; k <= n; k++) out.push((r0 + dr * k) * 8 + (c0 + dc * k));
      }
    }
    return out;
  }
  function legalMoves(b, color) {
    const list = [];
    for (let i = 0; i < 64; i++) if (b[i] === 0 && flipsFor(b, i, color)) list.push(i);
    return list;
  }
  function apply(b, pos, color) {
    const f = flipsFor(b, pos, color);
    const nb = b.slice();
    if (!f) return null;
    nb[pos] = color;
    for (const i of f) nb[i] = color;
    return nb;
  }
  function count(b) {
    let black = 0,
      white = 0;
    for (let i = 0; i < 64; i++) {
      if (b[i] === 1) black++;
      else if (b[i] === -1) white++;
    }
    return { black, white, empty: 64 - black - white };
  }
  function evaluate(b, color) {
    let pos = 0,
      mine = 0,
      theirs = 0;
    for (let i = 0; i < 64; i++) {
      const v = b[i];
      if (!v) continue;
      pos += v * WEIGHTS[i];
      if (v === color) mine++;
      else theirs++;
    }
    for (const [corner, adj] of CORNERS) {
      if (b[corner] !== 0) for (const a of adj) pos -= b[a] * WEIGHTS[a]; // neutralise penalties once the corner is taken
    }
    pos *= color;
    const myMob = legalMoves(b, color).length,
      opMob = legalMoves(b, -color).length;
    const mob = myMob + opMob ? (60 * (myMob - opMob)) / (myMob + opMob + 2) : 0;
    const empties = 64 - mine - theirs;
    const discs = empties < 14 ? 3 * (mine - theirs) : 0;
    return pos + mob + discs;
  }

  function search(b, color, maxDepth, budget) {
    let nodes = 0,
      aborted = false;
    function negamax(board, col, depth, alpha, beta, passed) {
      if (++nodes > budget) {
        aborted = true;
        return 0;
      }
      const moves = legalMoves(board, col);
      if (!moves.length) {
        if (passed || !legalMoves(board, -col).length) {
          const c = count(board);
          const diff = (c.black - c.white) * col;
          return diff > 0 ? 10000 + diff : diff < 0 ? -10000 + diff : 0;
        }
        return -negamax(board, -col, depth, -beta, -alpha, true);
      }
      if (depth <= 0) return evaluate(board, col);
      moves.sort((x, y) => WEIGHTS[y] - WEIGHTS[x]);
      let best = -Infinity;
      for (const m of moves) {
        const v = -negamax(apply(board, m, col), -col, depth - 1, -beta, -alpha, false);
        if (aborted) return 0;
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
      }
      return best;
    }
    const moves = legalMoves(b, color);
    if (!moves.length) return { move: -1, scores: [] };
    let bestMove = moves[0],
      bestScores = moves.map((m) => ({ move: m, score: 0 }));
    for (let d = 1; d <= maxDepth; d++) {
      const scored = [];
      let alpha = -Infinity;
      const ordered = moves.slice().sort((x, y) => WEIGHTS[y] - WEIGHTS[x]);
      for (const m of ordered) {
        const v = -negamax(apply(b, m, color), -color, d - 1, -Infinity, -alpha + 5, false);
        if (aborted) break;
        scored.push({ move: m, score: v });
        if (v > alpha) alpha = v;
      }
      if (aborted) break;
      scored.sort((x, y) => y.score - x.score);
      bestScores = scored;
      bestMove = scored[0].move;
    }
    return { move: bestMove, scores: bestScores, nodes };
  }

  // level 0 easy, 1 medium, 2 hard
  function chooseMove(b, color, level) {
    const moves = legalMoves(b, color);
    if (!moves.length) return -1;
    const empties = count(b).empty;
    if (level === 0) {
      if (Math.random() < 0.35) return moves[Math.floor(Math.random() * moves.length)];
      const r = search(b, color, 1, 1e5);
      const top = r.scores.slice(0, 3);
      return top[Math.floor(Math.random() * top.length)].move;
    }
    if (level === 1) {
      const r = search(b, color, 4, 90000);
      const close = r.scores.filter((s) => s.score >= r.scores[0].score - 4);
      return close[Math.floor(Math.random() * close.length)].move;
    }
    const depth = empties <= 10 ? empties : 6;
    return search(b, color, depth, 220000).move;
  }

  /**
   * The rules of a game online (sdk/runtime/online.js, D123): the board as a plain array of 64 squares, 1 black
   * (seat 0, moves first), -1 white (seat 1), 0 empty; a move is a square; a player with no move passes; the game
   * ends when neither can move, most discs winning.
   */
  const colorOf = (seat) => (seat === 0 ? 1 : -1);
  const rules = {
    initial: () => Array.from(initial()),
    validBoard: (b) => Array.isArray(b) && b.length === 64 && b.every((v) => v === 0 || v === 1 || v === -1),
    legal: (b, pos, seat) => Number.isInteger(pos) && pos >= 0 && pos < 64 && !!flipsFor(Int8Array.from(b), pos, colorOf(seat)),
    apply(b, pos, seat) {
      const board = apply(Int8Array.from(b), pos, colorOf(seat));
      const other = 1 - seat;
      const next = legalMoves(board, colorOf(other)).length ? other : legalMoves(board, colorOf(seat)).length ? seat : null;
      const c = count(board);
      const winner = next !== null || c.black === c.white ? null : c.black > c.white ? 0 : 1;
      return { board: Array.from(board), next, winner };
    },
  };

  const api = { initial, flipsFor, legalMoves, apply, count, evaluate, chooseMove, search, rules };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else root.ReversiAI = api;
})(this);
