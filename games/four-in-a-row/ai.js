/* Four in a Row computer opponent: minimax (negamax form) with alpha-beta pruning.
 * Board: Int8Array(42), cell index = col * 6 + row (row 0 is the bottom); 0 empty, 1 / 2 players.
 * Works in the browser (window.FourAI) and in Node (module.exports) for testing. */
(function (root) {
  'use strict';
  var COLS = 7,
    ROWS = 6,
    WIN = 1000000;
  var ORDER = [3, 2, 4, 1, 5, 0, 6]; // centre columns first: better pruning

  // every line of four cells, precomputed
  var LINES = [];
  (function () {
    var dirs = [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ];
    for (var c = 0; c < COLS; c++)
      for (var r = 0; r < ROWS; r++) {
        dirs.forEach(function (d) {
          var ec = c + d[0] * 3,
            er = r + d[1] * 3;
          if (ec < 0 || ec >= COLS || er < 0 || er >= ROWS) return;
          LINES.push(
            [0, 1, 2, 3].map(function (k) {
              return (c + d[0] * k) * ROWS + (r + d[1] * k);
            }),
          );
        });
      }
  })();

  function newBoard() {
    return { cells: new Int8Array(COLS * ROWS), heights: new Int8Array(COLS), moves: 0 };
  }
  function canPlay(b, c) {
    return c >= 0 && c < COLS && b.heights[c] < ROWS;
  }
  function play(b, c, p) {
    var r = b.heights[c]++;
    b.cells[c * ROWS + r] = p;
    b.moves++;
    return r;
  }
  function undo(b, c) {
    var r = --b.heights[c];
    b.cells[c * ROWS + r] = 0;
    b.moves--;
  }

  /** The winning line (array of 4 cell indexes) through the last move, or null. */
  function winLine(b, p) {
    for (var i = 0; i < LINES.length; i++) {
      var L = LINES[i],
        cl = b.cells;
      if (cl[L[0]] === p && cl[L[1]] === p && cl[L[2]] === p && cl[L[3]] === p) return L;
    }
    return null;
  }

  function isWinningMove(b, c, p) {
    var r = b.heights[c];
    if (r >= ROWS) return false;
    var cl = b.cells,
      dirs = [
        [1, 0],
        [0, 1],
        [1, 1],
        [1, -1],
      ];
    for (var k = 0; k < 4; k++) {
      var dc = dirs[k][0],
        dr = dirs[k][1],
        n = 1;
      for (var s = -1; s <= 1; s += 2) {
        var x = c + dc * s,
          y = r + dr * s;
        while (x >= 0 && x < COLS && y >= 0 && y < ROWS && cl[x * ROWS + y] === p) {
          n++;
          x += dc * s;
          y += dr * s;
        }
      }
      if (n >= 4) return true;
    }
    return false;
  }

  /** Static evaluation from player p's point of view (player 1 is always the one who moved first).
   *  Open lines count, and three-in-a-line threats are weighted by row parity: in the endgame the
   *  first player's threats on odd rows (1st, 3rd, 5th) and the second player's on even rows tend to
   *  decide the game (zugzwang), so those are worth more. */
  function evaluate(b, p) {
    var o = 3 - p,
      score = 0,
      cl = b.cells;
    for (var r = 0; r < ROWS; r++) {
      if (cl[3 * ROWS + r] === p) score += 4;
      else if (cl[3 * ROWS + r] === o) score -= 4;
    }
    for (var i = 0; i < LINES.length; i++) {
      var L = LINES[i],
        mine = 0,
        theirs = 0,
        empty = -1;
      for (var k = 0; k < 4; k++) {
        var v = cl[L[k]];
        if (v === p) mine++;
        else if (v === o) theirs++;
        else empty = L[k];
      }
      if (mine && theirs) continue;
      if (mine === 3 || theirs === 3) {
        var who = mine === 3 ? p : o,
          row = empty % ROWS;
        var good = (who === 1) === (row % 2 === 0);
        var w = good ? 90 : 35;
        score += who === p ? w : -w;
      } else if (mine === 2) score += 6;
      else if (theirs === 2) score -= 6;
      else if (mine === 1) score += 1;
      else if (theirs === 1) score -= 1;
    }
    return score;
  }

  var nodes = 0;
  function negamax(b, depth, alpha, beta, p) {
    nodes++;
    if (b.moves >= COLS * ROWS) return 0;
    // win now if possible
    for (var i = 0; i < COLS; i++) if (canPlay(b, i) && isWinningMove(b, i, p)) return WIN - b.moves;
    if (depth === 0) return evaluate(b, p);
    var best = -Infinity;
    for (var j = 0; j < COLS; j++) {
      var c = ORDER[j];
      if (!canPlay(b, c)) continue;
      play(b, c, p);
      var v = -negamax(b, depth - 1, -beta, -alpha, 3 - p);
      undo(b, c);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  /**
   * Choose a column for player p. depth: search depth (plies). randomness: chance (0..1) of playing
   * a random legal move instead (used by the easy level; it still takes an immediate win).
   */
  function bestMove(b, p, depth, randomness) {
    var legal = ORDER.filter(function (c) {
      return canPlay(b, c);
    });
    if (!legal.length) return -1;
    for (var i = 0; i < legal.length; i++) if (isWinningMove(b, legal[i], p)) return legal[i];
    if (randomness && Math.random() < randomness) return legal[Math.floor(Math.random() * legal.length)];
    nodes = 0;
    var best = -Infinity,
      choices = [],
      alpha = -Infinity,
      beta = Infinity;
    for (var j = 0; j < legal.length; j++) {
      var c = legal[j];
      play(b, c, p);
      var v = -negamax(b, depth - 1, -beta, -alpha + 1, 3 - p); // +1: keep equal moves comparable
      undo(b, c);
      if (v > best) {
        best = v;
        choices = [c];
      } else if (v === best) choices.push(c);
      if (v > alpha) alpha = v;
    }
    // among equally good moves prefer the most central one, with a little variety
    if (choices.length > 1 && Math.random() < 0.3) return choices[Math.floor(Math.random() * choices.length)];
    return choices[0];
  }

  /**
   * The rules of a game online (sdk/runtime/online.js, D123): the board as a plain array of the 42 cells (col * 6 +
   * row), 0 empty, 1 the first mover's, 2 the second's; seat 0 moves first; a move is a column.
   */
  function fromCells(cells) {
    var b = newBoard();
    for (var c = 0; c < COLS; c++)
      for (var r = 0; r < ROWS; r++) {
        var v = cells[c * ROWS + r];
        if (!v) continue;
        b.cells[c * ROWS + r] = v;
        b.heights[c] = r + 1;
        b.moves++;
      }
    return b;
  }
  var rules = {
    initial: function () {
      return Array.prototype.slice.call(newBoard().cells);
    },
    /** 42 cells of 0, 1 or 2, none floating above an empty one, the first mover one disc ahead or level */
    validBoard: function (cells) {
      if (!Array.isArray(cells) || cells.length !== COLS * ROWS) return false;
      var ones = 0,
        twos = 0;
      for (var c = 0; c < COLS; c++) {
        var empty = false;
        for (var r = 0; r < ROWS; r++) {
          var v = cells[c * ROWS + r];
          if (v !== 0 && v !== 1 && v !== 2) return false;
          if (v === 0) empty = true;
          else if (empty) return false;
          if (v === 1) ones++;
          if (v === 2) twos++;
        }
      }
      return ones === twos || ones === twos + 1;
    },
    legal: function (cells, col, seat) {
      if (!Number.isInteger(col) || col < 0 || col >= COLS || cells[col * ROWS + ROWS - 1] !== 0) return false;
      var b = fromCells(cells);
      return !winLine(b, 1) && !winLine(b, 2) && b.moves % 2 === seat;
    },
    apply: function (cells, col, seat) {
      var b = fromCells(cells),
        p = seat + 1;
      play(b, col, p);
      var board = Array.prototype.slice.call(b.cells);
      if (winLine(b, p)) return { board: board, next: null, winner: seat };
      if (b.moves >= COLS * ROWS) return { board: board, next: null, winner: null };
      return { board: board, next: 1 - seat, winner: null };
    },
  };

  var api = {
    rules: rules,
    fromCells: fromCells,
    COLS: COLS,
    ROWS: ROWS,
    newBoard: newBoard,
    canPlay: canPlay,
    play: play,
    undo: undo,
    winLine: winLine,
    isWinningMove: isWinningMove,
    evaluate: evaluate,
    bestMove: bestMove,
    get nodes() {
      return nodes;
    },
    LEVELS: { easy: { depth: 2, randomness: 0.3 }, medium: { depth: 4, randomness: 0 }, hard: { depth: 9, randomness: 0 } },
  };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else root.FourAI = api;
})(this);
