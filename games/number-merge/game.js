/* Number Merge: slide the tiles of a 4x4 board; equal numbers merge and add to the score.
 * The round ends when no move is possible. Reaching the 2048 tile counts as a win. */
(function () {
  'use strict';
  var unlockAchievement = window.ArcadiumRuntime.achievement; // D78, through SDK v2 when the page has it
  var S = window.Shell;
  var N = 4,
    ANIM = 0.11,
    UNDOS = 3;
  var tiles, score, best, undoStack, undosLeft, anim, running, won2048, toast, toastT, shakeT, lastDir;
  var box = { x: 0, y: 0, size: 100 };
  var undoBtn = document.getElementById('undo-btn');

  var COLORS = {
    2: ['#f3e9dc', '#5b4a3a'],
    4: ['#f1dfc2', '#5b4a3a'],
    8: ['#ffb37a', '#fff'],
    16: ['#ff9657', '#fff'],
    32: ['#ff7a5c', '#fff'],
    64: ['#ff5a3c', '#fff'],
    128: ['#f7d367', '#fff'],
    256: ['#f6c945', '#fff'],
    512: ['#f2bc2a', '#fff'],
    1024: ['#7ad37a', '#fff'],
    2048: ['#3fc6a6', '#fff'],
    4096: ['#4aa3ff', '#fff'],
    8192: ['#8a6cff', '#fff'],
  };

  function grid() {
    var g = [];
    for (var r = 0; r < N; r++) g.push([null, null, null, null]);
    tiles.forEach(function (t) {
      if (!t.dead) g[t.r][t.c] = t;
    });
    return g;
  }

  function spawn() {
    var g = grid(),
      free = [];
    for (var r = 0; r < N; r++) for (var c = 0; c < N; c++) if (!g[r][c]) free.push([r, c]);
    if (!free.length) return;
    var p = free[Math.floor(Math.random() * free.length)];
    tiles.push({ v: Math.random() < 0.9 ? 2 : 4, r: p[0], c: p[1], fr: p[0], fc: p[1], show: 0, born: 1, pop: 0, dead: false });
  }

  function finishAnim() {
    tiles = tiles.filter(function (t) {
      return !t.dead;
    });
    tiles.forEach(function (t) {
      t.fr = t.r;
      t.fc = t.c;
      if (t.show !== t.v && t.show) t.pop = 1;
      t.show = t.v;
    });
    anim = 0;
  }

  function snapshot() {
    return {
      score: score,
      tiles: tiles
        .filter(function (t) {
          return !t.dead;
        })
        .map(function (t) {
          return { v: t.v, r: t.r, c: t.c };
        }),
    };
  }

  function canMove() {
    var g = grid();
    for (var r = 0; r < N; r++)
      for (var c = 0; c < N; c++) {
        var t = g[r][c];
        if (!t) return true;
        if (c + 1 < N && g[r][c + 1] && g[r][c + 1].v === t.v) return true;
        if (r + 1 < N && g[r + 1][c] && g[r + 1][c].v === t.v) return true;
      }
    return false;
  }

  function move(dir) {
    if (!running) return;
    if (anim > 0) finishAnim();
    var before = snapshot();
    var dr = dir === 'up' ? -1 : dir === 'down' ? 1 : 0,
      dc = dir === 'left' ? -1 : dir === 'right' ? 1 : 0;
    var g = grid(),
      moved = false,
      gained = 0;
    for (var line = 0; line < N; line++) {
      // collect this line's tiles starting from the edge we slide toward
      var cells = [];
      for (var i = 0; i < N; i++) {
        var k = dr + dc > 0 ? N - 1 - i : i;
        var r = dr ? k : line,
          c = dc ? k : line;
        cells.push([r, c]);
      }
      var pos = 0,
        last = null;
      cells.forEach(function (rc) {
        var t = g[rc[0]][rc[1]];
        if (!t) return;
        t.fr = t.r;
        t.fc = t.c;
        if (last && last.v === t.v && !last.merged) {
          t.r = last.r;
          t.c = last.c;
          t.dead = true;
          last.v *= 2;
          last.merged = true;
          gained += last.v;
          moved = true;
        } else {
          var target = cells[pos++];
          if (t.r !== target[0] || t.c !== target[1]) moved = true;
          t.r = target[0];
          t.c = target[1];
          last = t;
        }
      });
    }
    tiles.forEach(function (t) {
      t.merged = false;
    });
    if (!moved) {
      tiles.forEach(function (t) {
        t.fr = t.r;
        t.fc = t.c;
      });
      shakeT = 0.15;
      lastDir = dir;
      S.beep(140, 0.05, 'square', 0.03);
      return;
    }
    undoStack.push(before);
    if (undoStack.length > 20) undoStack.shift();
    score += gained;
    anim = ANIM;
    if (gained) S.beep(300 + Math.min(900, Math.log2(gained) * 60), 0.09, 'triangle', 0.06);
    else S.beep(220, 0.03, 'sine', 0.03);
    spawn();
    var top = maxTile();
    if (top > best) best = top;
    if (top >= 512) unlockAchievement('tile_512');
    if (top >= 4096) unlockAchievement('tile_4096');
    if (top >= 2048 && !won2048) {
      won2048 = true;
      unlockAchievement('tile_2048');
      showToast('2048! You win. Keep going for a higher score!');
      S.beep(660, 0.3, 'triangle', 0.08, 1320);
    }
    updateUndo();
    if (!canMove()) {
      running = false;
      setTimeout(function () {
        end();
      }, 700);
      showToast('No moves left!');
    }
  }

  function maxTile() {
    return tiles.reduce(function (m, t) {
      return t.dead ? m : Math.max(m, t.v);
    }, 0);
  }

  function undo() {
    if (!running || !undosLeft || !undoStack.length) return;
    finishAnim();
    var s = undoStack.pop();
    score = s.score;
    tiles = s.tiles.map(function (t) {
      return { v: t.v, show: t.v, r: t.r, c: t.c, fr: t.r, fc: t.c, born: 0, pop: 0, dead: false };
    });
    undosLeft--;
    S.beep(400, 0.08, 'sine', 0.05, 200);
    updateUndo();
  }
  function updateUndo() {
    if (!undoBtn) return;
    S.hud('undo-left', undosLeft);
    undoBtn.disabled = !undosLeft || !undoStack.length || !running;
  }
  if (undoBtn)
    undoBtn.addEventListener('click', function (e) {
      e.stopPropagation();
      undo();
      undoBtn.blur();
    });

  function end() {
    if (score >= 20000) unlockAchievement('score_20000');
    // reaching 2048 is the win; otherwise the board simply filled up
    S.gameOver(score, won2048, 'Best tile ' + maxTile(), won2048 ? 'You Win! (2048 reached)' : 'No moves left');
  }

  function showToast(t) {
    toast = t;
    toastT = 2.2;
  }

  /* ---------- swipe ---------- */
  var sw = null;
  window.addEventListener('pointerdown', function (e) {
    if (S.state !== 'playing' || e.target.closest('button')) return;
    sw = { x: e.clientX, y: e.clientY };
  });
  window.addEventListener('pointerup', function (e) {
    if (!sw) return;
    var dx = e.clientX - sw.x,
      dy = e.clientY - sw.y;
    sw = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 22) return;
    if (Math.abs(dx) > Math.abs(dy)) move(dx > 0 ? 'right' : 'left');
    else move(dy > 0 ? 'down' : 'up');
  });
  window.addEventListener('pointercancel', function () {
    sw = null;
  });

  function layout(w, h) {
    var top = h < 330 ? 24 : 44,
      bottom = h < 330 ? 6 : 50;
    var size = Math.min(w - 24, h - top - bottom, 560);
    if (w > h * 1.3 && h < 330) size = Math.min(h - top - 6, w * 0.6);
    box.size = size;
    box.x = (w - size) / 2;
    box.y = top + (h - top - bottom - size) / 2;
  }

  var rrect = window.ArcadiumRuntime.roundRect; // (g, x, y, w, h, r): sdk/runtime/runtime.js

  var game = {
    start: function () {
      tiles = [];
      score = 0;
      best = 2;
      undoStack = [];
      undosLeft = UNDOS;
      anim = 0;
      won2048 = false;
      toast = '';
      toastT = 0;
      shakeT = 0;
      spawn();
      spawn();
      tiles.forEach(function (t) {
        t.show = t.v;
      });
      running = true;
      updateUndo();
    },
    finish: function () {
      running = false;
      end();
    },
    score: function () {
      return score;
    },
    onTitle: function () {
      running = false;
    },
    onKey: function (code, first, e) {
      var map = { ArrowUp: 'up', KeyW: 'up', ArrowDown: 'down', KeyS: 'down', ArrowLeft: 'left', KeyA: 'left', ArrowRight: 'right', KeyD: 'right' };
      if (map[code]) move(map[code]);
      else if (code === 'KeyU' || code === 'KeyZ' || code === 'Backspace') {
        if (e && e.preventDefault) e.preventDefault();
        undo();
      }
    },
    update: function (dt, state) {
      if (!tiles) {
        // a decorative board behind the title screen
        tiles = [];
        [2, 4, 8, 16, 32, 64, 128, 2048].forEach(function (v, i) {
          var r = Math.floor(i / 3),
            c = (i * 3) % 4;
          tiles.push({ v: v, show: v, r: r, c: c, fr: r, fc: c, born: 0, pop: 0 });
        });
        score = 0;
      }
      if (anim > 0) {
        anim -= dt;
        if (anim <= 0) finishAnim();
      }
      tiles.forEach(function (t) {
        if (anim <= 0 && t.born > 0) t.born = Math.max(0, t.born - dt / 0.12);
        if (t.pop > 0) t.pop = Math.max(0, t.pop - dt / 0.15);
      });
      if (toastT > 0) toastT -= dt;
      if (shakeT > 0) shakeT -= dt;
      if (state === 'playing') {
        S.hud('hud-score', score);
        S.hud('hud-best', maxTile());
      }
    },
    draw: function (g, w, h) {
      var bg = g.createLinearGradient(0, 0, w, h);
      bg.addColorStop(0, '#241d3a');
      bg.addColorStop(1, '#15121f');
      g.fillStyle = bg;
      g.fillRect(0, 0, w, h);
      if (!tiles) return;
      layout(w, h);
      var pad = box.size * 0.025,
        cell = (box.size - pad * 5) / 4;
      var ox = box.x,
        oy = box.y;
      if (shakeT > 0) {
        var a = (Math.sin(shakeT * 80) * 4 * shakeT) / 0.15;
        if (lastDir === 'left' || lastDir === 'right') ox += a;
        else oy += a;
      }
      g.fillStyle = '#3a3152';
      rrect(g, ox, oy, box.size, box.size, pad * 2);
      g.fill();
      for (var r = 0; r < N; r++)
        for (var c = 0; c < N; c++) {
          g.fillStyle = 'rgba(255,255,255,.07)';
          rrect(g, ox + pad + c * (cell + pad), oy + pad + r * (cell + pad), cell, cell, pad * 1.2);
          g.fill();
        }
      var k = anim > 0 ? 1 - anim / ANIM : 1;
      k = 1 - (1 - k) * (1 - k);
      var order = tiles.slice().sort(function (a, b) {
        return (a.dead ? 0 : 1) - (b.dead ? 0 : 1);
      });
      order.forEach(function (t) {
        var rr = t.fr + (t.r - t.fr) * k,
          cc = t.fc + (t.c - t.fc) * k;
        var x = ox + pad + cc * (cell + pad),
          y = oy + pad + rr * (cell + pad);
        var v = anim > 0 ? t.show || t.v : t.v;
        if (anim > 0 && !t.show) return; // newly spawned tile appears after the slide
        var sc = 1;
        if (t.born > 0) sc = 1 - t.born * 0.9;
        if (t.pop > 0) sc = 1 + Math.sin(t.pop * Math.PI) * 0.12;
        var col = COLORS[v] || ['#2b2b44', '#fff'];
        g.save();
        g.translate(x + cell / 2, y + cell / 2);
        g.scale(sc, sc);
        g.fillStyle = col[0];
        rrect(g, -cell / 2, -cell / 2, cell, cell, pad * 1.2);
        g.fill();
        g.fillStyle = 'rgba(0,0,0,.12)';
        g.fillRect(-cell / 2 + pad, cell / 2 - pad * 0.9, cell - pad * 2, pad * 0.5);
        var digits = String(v).length;
        var fs = cell * (digits <= 2 ? 0.48 : digits === 3 ? 0.4 : digits === 4 ? 0.32 : 0.26);
        g.fillStyle = col[1];
        g.font = '800 ' + Math.round(fs) + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        g.textBaseline = 'middle';
        g.fillText(String(v), 0, cell * 0.03);
        g.restore();
      });
      if (toastT > 0 && S.state === 'playing') {
        var fs2 = h < 330 ? 12 : 16;
        g.font = 'bold ' + fs2 + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        g.textBaseline = 'middle';
        var tw = g.measureText(toast).width + 24;
        g.globalAlpha = Math.min(1, toastT * 2);
        g.fillStyle = 'rgba(0,0,0,.75)';
        rrect(g, w / 2 - tw / 2, box.y + box.size / 2 - fs2, tw, fs2 * 2, 8);
        g.fill();
        g.fillStyle = '#ffcf7a';
        g.fillText(toast, w / 2, box.y + box.size / 2);
        g.globalAlpha = 1;
      }
    },
  };

  S.init(game);
})();
