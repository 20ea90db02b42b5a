/* Four in a Row: drop discs against a minimax / alpha-beta computer opponent (see ai.js), or online against a
 * friend or a stranger (sdk/runtime/online.js, D123).
 * Score: a win is worth a base by strength plus a bonus for winning quickly; a draw half the base;
 * a loss two points per disc you played. Wins and losses are reported with won true / false,
 * a draw with won null. Online a game scores as one against the Medium computer: a friend could lose on
 * purpose, so an online win is worth no more than a Medium win. */
(function () {
  'use strict';
  var unlockAchievement = window.ArcadiumRuntime.achievement; // D78, through SDK v2 when the page has it
  var S = window.Shell,
    AI = window.FourAI;
  var COLS = AI.COLS,
    ROWS = AI.ROWS,
    TAU = Math.PI * 2;
  var BASE = { easy: 100, medium: 300, hard: 700 };
  var NAMES = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

  var board,
    human = 1,
    cpu = 2,
    level,
    turn,
    sel = 3,
    drops,
    winCells,
    thinking,
    over,
    playerMoves,
    record = { w: 0, l: 0, d: 0 };
  var geo = { x: 0, y: 0, cell: 40 };
  var hoverCol = -1,
    pulse = 0,
    round = 0,
    pending = null,
    online = null,
    onlineRound = 0;

  function boardState() {
    return S.state === 'playing' || S.state === 'online';
  }

  function layout(w, h) {
    var top = h < 330 ? 22 : 40,
      bottom = h < 330 ? 4 : 14;
    // Never below a pixel: a frame squeezed to almost nothing must not give negative radii (canvas calls throw on them).
    var cell = Math.max(1, Math.min((w - 16) / COLS, (h - top - bottom) / (ROWS + 1), 90));
    geo.cell = cell;
    geo.x = (w - cell * COLS) / 2;
    geo.y = top + cell + (h - top - bottom - cell * (ROWS + 1)) / 2; // top of the board (a row of space above for the hovering disc)
  }

  function colAt(px) {
    var c = Math.floor((px - geo.x) / geo.cell);
    return c >= 0 && c < COLS ? c : -1;
  }

  function status(t) {
    S.hud('hud-turn', t);
  }

  function drop(c, who) {
    var r = AI.play(board, c, who);
    drops.push({ c: c, r: r, who: who, y: -1, vy: 0, done: false });
    S.beep(who === human ? 420 : 300, 0.08, 'triangle', 0.06);
    return r;
  }

  function humanMove(c) {
    if (over || thinking || turn !== human || c < 0 || !AI.canPlay(board, c)) return;
    if (S.state === 'online') {
      sel = c;
      online.move(c);
      return;
    }
    sel = c;
    playerMoves++;
    drop(c, human);
    if (checkEnd(human)) return;
    turn = cpu;
    cpuMove();
  }

  function cpuMove() {
    thinking = true;
    status('Computer is thinking…');
    var L = AI.LEVELS[level],
      my = round;
    setTimeout(function () {
      if (my !== round || over || S.state !== 'playing') {
        thinking = false;
        return;
      }
      var c = AI.bestMove(board, cpu, L.depth, L.randomness);
      // let the thinking message show for a moment even when the search is instant
      setTimeout(function () {
        if (my !== round || over || S.state !== 'playing') {
          thinking = false;
          return;
        }
        thinking = false;
        drop(c, cpu);
        if (checkEnd(cpu)) return;
        turn = human;
        status('Your turn');
      }, 250);
    }, 280);
  }

  function checkEnd(who) {
    var line = AI.winLine(board, who);
    if (line) {
      winCells = line;
      finishRound(who === human ? 'win' : 'loss');
      return true;
    }
    if (board.moves >= COLS * ROWS) {
      finishRound('draw');
      return true;
    }
    return false;
  }

  function scoreFor(result) {
    if (result === 'win') return BASE[level] + Math.max(0, 22 - playerMoves) * (level === 'hard' ? 20 : level === 'medium' ? 10 : 5);
    if (result === 'draw') return Math.round(BASE[level] / 2);
    return playerMoves * 2;
  }

  function finishRound(result, immediate) {
    over = true;
    var sc = scoreFor(result);
    if (result === 'win') {
      record.w++;
      unlockAchievement('first_win');
      if (level === 'medium' || level === 'hard') unlockAchievement('beat_medium');
      if (level === 'hard') unlockAchievement('beat_hard');
      if (playerMoves <= 4) unlockAchievement('quick_win');
      status('You connected four!');
      S.beep(523, 0.15, 'triangle', 0.08, 1046);
    } else if (result === 'loss') {
      record.l++;
      status('The computer connected four');
      S.beep(300, 0.4, 'sawtooth', 0.05, 120);
    } else {
      record.d++;
      unlockAchievement('draw');
      status('Board full: draw');
    }
    S.hud('hud-record', record.w + '-' + record.l + '-' + record.d);
    var won = result === 'win' ? true : result === 'loss' ? false : undefined;
    var detail = (result === 'draw' ? 'Draw against ' : result === 'win' ? 'Beat ' : 'Lost to ') + NAMES[level] + ' computer in ' + playerMoves + ' moves';
    var label = result === 'draw' ? "It's a Draw" : undefined;
    pending = [sc, won, detail, label];
    var my = round;
    if (immediate) S.gameOver(sc, won, detail, label);
    else
      setTimeout(function () {
        if (my === round) S.gameOver(sc, won, detail, label);
      }, 1500);
  }

  /* ---------- pointer ---------- */
  S.canvas.addEventListener('pointermove', function (e) {
    hoverCol = colAt(e.clientX);
    if (hoverCol >= 0) sel = hoverCol;
  });
  S.canvas.addEventListener('pointerleave', function () {
    hoverCol = -1;
  });
  S.canvas.addEventListener('pointerup', function (e) {
    if (!boardState()) return;
    var c = colAt(e.clientX);
    if (c >= 0 && e.clientY > geo.y - geo.cell * 1.2 && e.clientY < geo.y + geo.cell * ROWS + 10) humanMove(c);
  });

  /* ---------- drawing ---------- */
  function disc(g, x, y, r, who, alpha) {
    g.globalAlpha = alpha == null ? 1 : alpha;
    // online the first mover is red on both screens (the colours are the game's, online.js); solo you are red
    var isHuman = S.state === 'online' ? who === 1 : who === human;
    var base = isHuman ? '#ff4d5e' : '#ffd23f',
      dark = isHuman ? '#b5192c' : '#c99a00';
    var grd = g.createRadialGradient(x - r * 0.3, y - r * 0.3, r * 0.1, x, y, r);
    grd.addColorStop(0, isHuman ? '#ff9aa4' : '#fff0a8');
    grd.addColorStop(0.5, base);
    grd.addColorStop(1, dark);
    g.fillStyle = grd;
    g.beginPath();
    g.arc(x, y, r, 0, TAU);
    g.fill();
    g.strokeStyle = 'rgba(0,0,0,.18)';
    g.lineWidth = r * 0.12;
    g.beginPath();
    g.arc(x, y, r * 0.62, 0, TAU);
    g.stroke();
    g.globalAlpha = 1;
  }

  var game = {
    start: function (opts) {
      level = NAMES[opts.level] ? opts.level : 'medium';
      var cpuFirst = opts.first === 'cpu';
      // player 1 is always the one who moves first (the AI's evaluation relies on it)
      human = cpuFirst ? 2 : 1;
      cpu = 3 - human;
      round++;
      pending = null;
      board = AI.newBoard();
      drops = [];
      winCells = null;
      over = false;
      thinking = false;
      playerMoves = 0;
      sel = 3;
      S.hud('hud-level', NAMES[level]);
      S.hud('hud-record', record.w + '-' + record.l + '-' + record.d);
      turn = cpuFirst ? cpu : human;
      if (cpuFirst) cpuMove();
      else status('Your turn');
    },
    finish: function () {
      // test hook / give up: counts as a loss with the current score
      if (!over) finishRound('loss', true);
      else if (pending) S.gameOver(pending[0], pending[1], pending[2], pending[3]);
    },
    score: function () {
      return playerMoves * 2;
    },
    onTitle: function () {
      over = true;
    },
    onKey: function (code) {
      if (over) return;
      if (code === 'ArrowLeft' || code === 'KeyA') {
        sel = (sel + COLS - 1) % COLS;
        S.beep(700, 0.02, 'sine', 0.02);
      } else if (code === 'ArrowRight' || code === 'KeyD') {
        sel = (sel + 1) % COLS;
        S.beep(700, 0.02, 'sine', 0.02);
      } else if (code === 'ArrowDown' || code === 'KeyS' || code === 'Space' || code === 'Enter' || code === 'NumpadEnter') humanMove(sel);
      else if (/^(Digit|Numpad)[1-7]$/.test(code)) {
        sel = +code.slice(-1) - 1;
        humanMove(sel);
      }
    },
    update: function (dt) {
      pulse += dt;
      if (!drops) return;
      drops.forEach(function (d) {
        if (d.done) return;
        // fall from above the board to row d.r (y counted in cells from the top row, -1 = hover row)
        var target = ROWS - 1 - d.r;
        d.vy += 40 * dt;
        d.y += d.vy * dt;
        if (d.y >= target) {
          if (d.vy > 4) {
            d.y = target;
            d.vy = -d.vy * 0.25;
          } else {
            d.y = target;
            d.done = true;
          }
        }
      });
    },
    draw: function (g, w, h) {
      var bg = g.createLinearGradient(0, 0, 0, h);
      bg.addColorStop(0, '#13295c');
      bg.addColorStop(1, '#0a1430');
      g.fillStyle = bg;
      g.fillRect(0, 0, w, h);
      layout(w, h);
      var c = geo.cell,
        r = c * 0.4,
        x0 = geo.x,
        y0 = geo.y;
      var cells = board ? board.cells : null;
      // hovering disc / column highlight
      if (board && !over && boardState() && turn === human && !thinking) {
        g.fillStyle = 'rgba(255,255,255,.06)';
        g.fillRect(x0 + sel * c, y0, c, c * ROWS);
        disc(g, x0 + (sel + 0.5) * c, y0 - c * 0.55, r, human, 0.85 + 0.15 * Math.sin(pulse * 6));
      }
      // discs (behind the board face)
      if (drops)
        drops.forEach(function (d) {
          disc(g, x0 + (d.c + 0.5) * c, y0 + (d.y + 0.5) * c, r, d.who);
        });
      if (!board) {
        // decorative discs behind the title
        [
          [3, 0, 1],
          [3, 1, 2],
          [2, 0, 2],
          [4, 0, 1],
          [4, 1, 1],
          [4, 2, 2],
          [5, 0, 2],
        ].forEach(function (a) {
          disc(g, x0 + (a[0] + 0.5) * c, y0 + (ROWS - 1 - a[1] + 0.5) * c, r, a[2] === 1 ? 1 : 2);
        });
      }
      // board face with holes (even-odd fill)
      g.beginPath();
      g.rect(x0 - c * 0.12, y0 - c * 0.08, c * COLS + c * 0.24, c * ROWS + c * 0.2);
      for (var cc = 0; cc < COLS; cc++)
        for (var rr = 0; rr < ROWS; rr++) {
          g.moveTo(x0 + (cc + 0.5) * c + r * 1.02, y0 + (rr + 0.5) * c);
          g.arc(x0 + (cc + 0.5) * c, y0 + (rr + 0.5) * c, r * 1.02, 0, TAU, true);
        }
      var face = g.createLinearGradient(0, y0, 0, y0 + c * ROWS);
      face.addColorStop(0, '#2f6bff');
      face.addColorStop(1, '#1f48c9');
      g.fillStyle = face;
      g.fill('evenodd');
      g.fillStyle = '#173aa6';
      g.fillRect(x0 - c * 0.12, y0 + c * ROWS + c * 0.12, c * COLS + c * 0.24, c * 0.1);
      // column numbers for keyboard players
      if (c > 26 && board && boardState()) {
        g.fillStyle = 'rgba(255,255,255,.55)';
        g.font = 'bold ' + Math.round(c * 0.22) + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        g.textBaseline = 'middle';
        for (cc = 0; cc < COLS; cc++) g.fillText(String(cc + 1), x0 + (cc + 0.5) * c, y0 + c * ROWS + c * 0.02);
      }
      // winning line
      if (
        winCells &&
        drops.every(function (d) {
          return d.done;
        })
      ) {
        g.strokeStyle = '#ffffff';
        g.lineWidth = Math.max(3, c * 0.1);
        g.lineCap = 'round';
        var a = winCells[0],
          b = winCells[3];
        var ax = x0 + (Math.floor(a / ROWS) + 0.5) * c,
          ay = y0 + (ROWS - 1 - (a % ROWS) + 0.5) * c;
        var bx = x0 + (Math.floor(b / ROWS) + 0.5) * c,
          by = y0 + (ROWS - 1 - (b % ROWS) + 0.5) * c;
        g.globalAlpha = 0.6 + 0.4 * Math.sin(pulse * 8);
        g.beginPath();
        g.moveTo(ax, ay);
        g.lineTo(bx, by);
        g.stroke();
        winCells.forEach(function (i) {
          g.beginPath();
          g.arc(x0 + (Math.floor(i / ROWS) + 0.5) * c, y0 + (ROWS - 1 - (i % ROWS) + 0.5) * c, r * 1.05, 0, TAU);
          g.stroke();
        });
        g.globalAlpha = 1;
      }
      if (cells && thinking) {
        g.fillStyle = '#ffd23f';
        for (var k = 0; k < 3; k++) {
          g.globalAlpha = 0.3 + 0.7 * Math.max(0, Math.sin(pulse * 6 - k * 0.8));
          g.beginPath();
          g.arc(w / 2 + (k - 1) * c * 0.3, y0 - c * 0.55, c * 0.09, 0, TAU);
          g.fill();
        }
        g.globalAlpha = 1;
      }
    },
  };

  S.init(game);

  /** A game state online (online.js): the board as it is, the disc just played falling in. */
  function showOnline(g, view) {
    var incremental = board && onlineRound === g.round;
    var kept = {};
    if (incremental)
      drops.forEach(function (d) {
        kept[d.c * ROWS + d.r] = d;
      });
    onlineRound = g.round;
    board = AI.fromCells(g.board);
    human = view.me + 1;
    cpu = 3 - human;
    turn = g.next === null ? 0 : g.next + 1;
    over = g.next === null;
    thinking = false;
    drops = [];
    for (var c = 0; c < COLS; c++)
      for (var r = 0; r < board.heights[c]; r++) {
        var who = board.cells[c * ROWS + r],
          d = kept[c * ROWS + r];
        if (d && d.who === who) drops.push(d);
        else if (incremental) {
          drops.push({ c: c, r: r, who: who, y: -1, vy: 0, done: false });
          S.beep(who === human ? 420 : 300, 0.08, 'triangle', 0.06);
        } else drops.push({ c: c, r: r, who: who, y: ROWS - 1 - r, vy: 0, done: true });
      }
    winCells = over && g.winner !== null ? AI.winLine(board, g.winner + 1) : null;
  }

  online = window.ArcadiumOnline.setup({
    key: 'four-in-a-row',
    winAchievement: 'online_win',
    rules: AI.rules,
    seats: [
      { name: 'Red', color: '#ff4d5e' },
      { name: 'Yellow', color: '#ffd23f' },
    ],
    panel: document.querySelector('#title-screen .panel'),
    enter: function () {
      S.online(true);
    },
    exit: function () {
      board = null;
      drops = null;
      winCells = null;
      S.online(false);
    },
    show: showOnline,
    score: function (g, me) {
      var mine = g.board.filter(function (v) {
        return v === me + 1;
      }).length;
      if (g.winner === me) return { score: BASE.medium + Math.max(0, 22 - mine) * 10, won: true, detail: 'Won online in ' + mine + ' moves' };
      if (g.winner === null) return { score: Math.round(BASE.medium / 2), won: undefined, detail: 'Draw online in ' + mine + ' moves' };
      return { score: mine * 2, won: false, detail: 'Lost online in ' + mine + ' moves' };
    },
  });
  // extra read-only view for automated tests: cells (col * 6 + row, 0 empty, 1 first mover) and your id
  if (window.__arcadiumTest)
    window.__arcadiumTest.board = function () {
      return board ? { cells: Array.prototype.slice.call(board.cells), you: human, yourTurn: turn === human && !thinking && !over } : null;
    };
})();
