/* Dungeon Dash: turn-based dungeon crawl on a procedurally generated grid.
 * Collect gems, pick up the key, reach the unlocked exit; monsters move whenever you move. */
(function () {
  'use strict';
  var S = window.Shell;
  var TAU = Math.PI * 2;

  var WALL = 1,
    FLOOR = 0;
  var map, cols, rows, player, monsters, items, exit, level, score, lives, hasKey, turn, repeatT, msg, msgT, hurtT, shakeT, animT, pops, tileSize, camX, camY;
  var running = false;

  var DIRS = { ArrowUp: [0, -1], KeyW: [0, -1], ArrowDown: [0, 1], KeyS: [0, 1], ArrowLeft: [-1, 0], KeyA: [-1, 0], ArrowRight: [1, 0], KeyD: [1, 0] };

  function ri(a, b) {
    return a + Math.floor(Math.random() * (b - a + 1));
  }
  function at(x, y) {
    return x < 0 || y < 0 || x >= cols || y >= rows ? WALL : map[y * cols + x];
  }
  function set(x, y, v) {
    map[y * cols + x] = v;
  }

  /* ---------- generation: rooms joined by L-shaped corridors ---------- */
  function generate() {
    var sz = Math.min(level, 6);
    cols = 25 + sz * 2;
    rows = 17 + sz;
    map = new Array(cols * rows).fill(WALL);
    var rooms = [],
      tries = 0,
      want = 6 + sz;
    while (rooms.length < want && tries++ < 400) {
      var w = ri(4, 7),
        h = ri(3, 5),
        x = ri(1, cols - w - 2),
        y = ri(1, rows - h - 2);
      var ok = rooms.every(function (r) {
        return x + w + 1 < r.x || r.x + r.w + 1 < x || y + h + 1 < r.y || r.y + r.h + 1 < y;
      });
      if (!ok) continue;
      rooms.push({ x: x, y: y, w: w, h: h, cx: x + (w >> 1), cy: y + (h >> 1) });
    }
    rooms.forEach(function (r) {
      for (var yy = r.y; yy < r.y + r.h; yy++) for (var xx = r.x; xx < r.x + r.w; xx++) set(xx, yy, FLOOR);
    });
    rooms.sort(function (a, b) {
      return a.cx - b.cx;
    });
    function carve(a, b) {
      var x = a.cx,
        y = a.cy,
        horizFirst = Math.random() < 0.5;
      function h() {
        while (x !== b.cx) {
          set(x, y, FLOOR);
          x += b.cx > x ? 1 : -1;
        }
      }
      function v() {
        while (y !== b.cy) {
          set(x, y, FLOOR);
          y += b.cy > y ? 1 : -1;
        }
      }
      if (horizFirst) {
        h();
        v();
      } else {
        v();
        h();
      }
      set(x, y, FLOOR);
    }
    for (var i = 1; i < rooms.length; i++) carve(rooms[i - 1], rooms[i]);
    // a couple of extra loops so monsters can be avoided
    for (var k = 0; k < 2 && rooms.length > 3; k++) carve(rooms[ri(0, rooms.length - 1)], rooms[ri(0, rooms.length - 1)]);

    var start = rooms[0];
    player = { x: start.cx, y: start.cy, px: start.cx, py: start.cy, face: 1, inv: 0 };
    var dist = bfs(player.x, player.y);
    // exit in the farthest reachable floor cell, key in a far room that is not the exit's
    var far = 0,
      ex = player.x,
      ey = player.y;
    for (var yy = 0; yy < rows; yy++)
      for (var xx = 0; xx < cols; xx++) {
        var d = dist[yy * cols + xx];
        if (d > far) {
          far = d;
          ex = xx;
          ey = yy;
        }
      }
    exit = { x: ex, y: ey };
    items = [];
    var floor = [];
    for (yy = 0; yy < rows; yy++)
      for (xx = 0; xx < cols; xx++) {
        if (at(xx, yy) === FLOOR && dist[yy * cols + xx] > 2 && !(xx === ex && yy === ey)) floor.push([xx, yy, dist[yy * cols + xx]]);
      }
    // key: a cell roughly 55-80% of the way to the exit distance, away from the exit itself
    var cand = floor.filter(function (c) {
      return c[2] > far * 0.45 && Math.abs(c[0] - ex) + Math.abs(c[1] - ey) > 6;
    });
    if (!cand.length) cand = floor;
    var kc = cand[ri(0, cand.length - 1)];
    items.push({ x: kc[0], y: kc[1], t: 'key' });
    var taken = {};
    taken[kc[0] + ',' + kc[1]] = 1;
    taken[ex + ',' + ey] = 1;
    function freeCell(minD) {
      for (var n = 0; n < 200; n++) {
        var c = floor[ri(0, floor.length - 1)];
        if (c[2] >= (minD || 0) && !taken[c[0] + ',' + c[1]]) {
          taken[c[0] + ',' + c[1]] = 1;
          return c;
        }
      }
      return null;
    }
    var gems = 8 + level * 2;
    for (i = 0; i < gems; i++) {
      var c = freeCell();
      if (c) items.push({ x: c[0], y: c[1], t: Math.random() < 0.15 ? 'ruby' : 'gem' });
    }
    if (level > 1 || Math.random() < 0.5) {
      c = freeCell(6);
      if (c) items.push({ x: c[0], y: c[1], t: 'heart' });
    }
    monsters = [];
    var nm = Math.min(2 + level, 12);
    for (i = 0; i < nm; i++) {
      c = freeCell(7);
      if (!c) break;
      var bat = level > 1 && Math.random() < 0.35;
      monsters.push({ x: c[0], y: c[1], px: c[0], py: c[1], t: bat ? 'bat' : 'slime', stun: 0, phase: Math.random() * TAU });
    }
    hasKey = false;
    turn = 0;
  }

  function bfs(sx, sy) {
    var dist = new Array(cols * rows).fill(-1),
      q = [sx, sy],
      h = 0;
    dist[sy * cols + sx] = 0;
    while (h < q.length) {
      var x = q[h++],
        y = q[h++],
        d = dist[y * cols + x];
      for (var k = 0; k < 4; k++) {
        var nx = x + [1, -1, 0, 0][k],
          ny = y + [0, 0, 1, -1][k];
        if (at(nx, ny) === FLOOR && dist[ny * cols + nx] < 0) {
          dist[ny * cols + nx] = d + 1;
          q.push(nx, ny);
        }
      }
    }
    return dist;
  }

  function say(t) {
    msg = t;
    msgT = 1.6;
  }
  function pop(x, y, text, color) {
    pops.push({ x: x, y: y, text: text, c: color, t: 0 });
  }

  /* ---------- turns ---------- */
  function tryMove(dx, dy) {
    if (!running) return;
    if (dx) player.face = dx;
    var nx = player.x + dx,
      ny = player.y + dy;
    if (at(nx, ny) === WALL) {
      S.beep(110, 0.05, 'square', 0.03);
      return;
    }
    if (nx === exit.x && ny === exit.y && !hasKey) {
      say('The exit is locked: find the key!');
      S.beep(160, 0.12, 'sawtooth', 0.04);
      return;
    }
    player.px = player.x;
    player.py = player.y;
    player.x = nx;
    player.y = ny;
    animT = 0;
    turn++;
    if (player.inv > 0) player.inv--;
    // pick-ups
    for (var i = items.length - 1; i >= 0; i--) {
      var it = items[i];
      if (it.x !== nx || it.y !== ny) continue;
      items.splice(i, 1);
      if (it.t === 'gem') {
        score += 10 * level;
        pop(nx, ny, '+' + 10 * level, '#7ff0ff');
        S.beep(990, 0.08, 'triangle', 0.06, 1480);
      } else if (it.t === 'ruby') {
        score += 30 * level;
        pop(nx, ny, '+' + 30 * level, '#ff6b8b');
        S.beep(1180, 0.12, 'triangle', 0.07, 1760);
      } else if (it.t === 'key') {
        hasKey = true;
        score += 25;
        pop(nx, ny, 'KEY!', '#ffd54a');
        say('Got the key: the exit is open!');
        S.beep(660, 0.25, 'triangle', 0.07, 1320);
      } else if (it.t === 'heart') {
        lives = Math.min(lives + 1, 5);
        pop(nx, ny, '+1 life', '#ff7a8a');
        S.beep(520, 0.2, 'sine', 0.08, 1040);
      }
    }
    if (nx === exit.x && ny === exit.y && hasKey) {
      nextLevel();
      return;
    }
    if (bump()) return;
    moveMonsters();
    bump();
  }

  function bump() {
    for (var i = 0; i < monsters.length; i++) {
      var m = monsters[i];
      if (m.x === player.x && m.y === player.y) {
        if (player.inv > 0) continue;
        lives--;
        player.inv = 4;
        hurtT = 0.35;
        shakeT = 0.3;
        m.stun = 3;
        // knock the monster back to where it came from (if it can)
        if (at(m.px, m.py) === FLOOR && !(m.px === player.x && m.py === player.y)) {
          m.x = m.px;
          m.y = m.py;
        }
        S.noise(0.25, 0.2);
        pop(player.x, player.y, '-1 life', '#ff5a5a');
        if (lives <= 0) {
          running = false;
          setTimeout(function () {
            S.gameOver(score, undefined, 'Fell on level ' + level);
          }, 450);
        }
        return true;
      }
    }
    return false;
  }

  function moveMonsters() {
    var dist = null;
    monsters.forEach(function (m) {
      m.px = m.x;
      m.py = m.y;
      if (m.stun > 0) {
        m.stun--;
        return;
      }
      var md = Math.abs(m.x - player.x) + Math.abs(m.y - player.y);
      var opts = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].filter(function (d) {
        var nx = m.x + d[0],
          ny = m.y + d[1];
        if (at(nx, ny) === WALL || (nx === exit.x && ny === exit.y)) return false;
        return !monsters.some(function (o) {
          return o !== m && o.x === nx && o.y === ny;
        });
      });
      if (!opts.length) return;
      var d;
      if (m.t === 'slime') {
        // slimes are slow (skip every third turn) and chase when close
        if ((turn + Math.floor(m.phase * 10)) % 3 === 0) return;
        if (md <= 7) {
          if (!dist) dist = bfs(player.x, player.y);
          opts.sort(function (a, b) {
            return dist[(m.y + a[1]) * cols + m.x + a[0]] - dist[(m.y + b[1]) * cols + m.x + b[0]];
          });
          d = Math.random() < 0.85 ? opts[0] : opts[ri(0, opts.length - 1)];
        } else d = opts[ri(0, opts.length - 1)];
      } else {
        // bats flutter erratically, drifting toward the player
        if (Math.random() < 0.5 && md <= 9) {
          opts.sort(function (a, b) {
            return Math.abs(m.x + a[0] - player.x) + Math.abs(m.y + a[1] - player.y) - (Math.abs(m.x + b[0] - player.x) + Math.abs(m.y + b[1] - player.y));
          });
          d = opts[0];
        } else d = opts[ri(0, opts.length - 1)];
      }
      m.x += d[0];
      m.y += d[1];
    });
  }

  function nextLevel() {
    var bonus = 100 * level;
    score += bonus;
    S.beep(520, 0.15, 'triangle', 0.07, 780);
    setTimeout(function () {
      S.beep(780, 0.25, 'triangle', 0.07, 1560);
    }, 150);
    level++;
    generate();
    say('Level ' + level + '  (+' + bonus + ' bonus)');
    animT = 1;
    centerCamera(true);
  }

  /* ---------- camera ---------- */
  function layout(w, h) {
    var top = h < 330 ? 22 : 34;
    var fit = Math.min(w / cols, (h - top) / rows);
    tileSize = Math.max(fit, Math.min(30, Math.min(w, h - top) / 8));
    tileSize = Math.floor(Math.max(tileSize, 14));
    return top;
  }
  function centerCamera(snap) {
    var w = S.view.w,
      h = S.view.h,
      top = layout(w, h);
    // keep the hero clear of the on-screen arrow pad on touch devices
    var touch = document.body.classList.contains('is-touch');
    var padL = touch && h < 330 ? 125 : 0,
      padB = touch && h >= 330 ? 170 : 0;
    var mw = cols * tileSize,
      mh = rows * tileSize,
      vh = h - top;
    var lerp = animT < 1 ? player.px + (player.x - player.px) * ease(animT) : player.x;
    var lerpY = animT < 1 ? player.py + (player.y - player.py) * ease(animT) : player.y;
    var tx = mw <= w ? (w - mw) / 2 : clamp(padL + (w - padL) / 2 - (lerp + 0.5) * tileSize, w - mw, 0);
    var ty = mh <= vh ? top + (vh - mh) / 2 : clamp(top + (vh - padB) / 2 - (lerpY + 0.5) * tileSize, top + vh - mh, top);
    if (snap || camX == null) {
      camX = tx;
      camY = ty;
    } else {
      camX += (tx - camX) * 0.25;
      camY += (ty - camY) * 0.25;
    }
  }
  function clamp(v, a, b) {
    return v < a ? a : v > b ? b : v;
  }
  function ease(t) {
    t = clamp(t, 0, 1);
    return 1 - (1 - t) * (1 - t);
  }

  /* ---------- swipe / tap on the playfield ---------- */
  var touchStart = null;
  S.canvas.addEventListener('pointerdown', function (e) {
    if (S.state === 'playing') touchStart = { x: e.clientX, y: e.clientY };
  });
  S.canvas.addEventListener('pointerup', function (e) {
    if (!touchStart || S.state !== 'playing') return;
    var dx = e.clientX - touchStart.x,
      dy = e.clientY - touchStart.y;
    touchStart = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 18) {
      // a tap: step toward the tapped point
      var px = camX + (player.x + 0.5) * tileSize,
        py = camY + (player.y + 0.5) * tileSize;
      dx = e.clientX - px;
      dy = e.clientY - py;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < tileSize * 0.5) return;
    }
    if (Math.abs(dx) > Math.abs(dy)) tryMove(dx > 0 ? 1 : -1, 0);
    else tryMove(0, dy > 0 ? 1 : -1);
  });

  /* ---------- drawing ---------- */
  function drawTile(g, x, y, t) {
    var s = tileSize,
      X = camX + x * s,
      Y = camY + y * s;
    if (t === WALL) {
      // only draw walls that touch floor, the rest is solid darkness
      var edge =
        at(x + 1, y) === FLOOR ||
        at(x - 1, y) === FLOOR ||
        at(x, y + 1) === FLOOR ||
        at(x, y - 1) === FLOOR ||
        at(x + 1, y + 1) === FLOOR ||
        at(x - 1, y - 1) === FLOOR ||
        at(x + 1, y - 1) === FLOOR ||
        at(x - 1, y + 1) === FLOOR;
      if (!edge) return;
      g.fillStyle = '#4a3b6e';
      g.fillRect(X, Y, s, s);
      g.fillStyle = '#6a569a';
      g.fillRect(X, Y, s, s * 0.3);
      g.fillStyle = 'rgba(0,0,0,.25)';
      g.fillRect(X + s * 0.5, Y + s * 0.3, 1, s * 0.35);
      g.fillRect(X + s * 0.2, Y + s * 0.65, 1, s * 0.35);
      g.fillRect(X, Y + s * 0.65, s, 1);
    } else {
      g.fillStyle = (x + y) % 2 ? '#30264a' : '#372c54';
      g.fillRect(X, Y, s, s);
    }
  }

  function drawItem(g, it, t) {
    var s = tileSize,
      cx = camX + (it.x + 0.5) * s,
      cy = camY + (it.y + 0.5) * s + Math.sin(t * 3 + it.x) * s * 0.05;
    g.save();
    g.translate(cx, cy);
    if (it.t === 'gem' || it.t === 'ruby') {
      var r = s * 0.28;
      g.beginPath();
      g.moveTo(0, -r);
      g.lineTo(r * 0.85, -r * 0.2);
      g.lineTo(0, r);
      g.lineTo(-r * 0.85, -r * 0.2);
      g.closePath();
      g.fillStyle = it.t === 'gem' ? '#43e0ff' : '#ff4f7b';
      g.fill();
      g.beginPath();
      g.moveTo(0, -r);
      g.lineTo(r * 0.35, -r * 0.2);
      g.lineTo(0, r * 0.5);
      g.lineTo(-r * 0.35, -r * 0.2);
      g.closePath();
      g.fillStyle = 'rgba(255,255,255,.45)';
      g.fill();
    } else if (it.t === 'key') {
      g.strokeStyle = '#ffd54a';
      g.fillStyle = '#ffd54a';
      g.lineWidth = Math.max(2, s * 0.09);
      g.beginPath();
      g.arc(-s * 0.15, 0, s * 0.14, 0, TAU);
      g.stroke();
      g.fillRect(-s * 0.02, -s * 0.04, s * 0.32, s * 0.08);
      g.fillRect(s * 0.18, 0, s * 0.06, s * 0.13);
      g.fillRect(s * 0.08, 0, s * 0.05, s * 0.1);
      g.globalAlpha = 0.25 + 0.2 * Math.sin(t * 4);
      g.beginPath();
      g.arc(0, 0, s * 0.45, 0, TAU);
      g.fill();
      g.globalAlpha = 1;
    } else if (it.t === 'heart') {
      var k = s * 0.014;
      g.fillStyle = '#ff5f7e';
      g.beginPath();
      g.moveTo(0, 12 * k);
      g.bezierCurveTo(-18 * k, 0, -12 * k, -14 * k, 0, -5 * k);
      g.bezierCurveTo(12 * k, -14 * k, 18 * k, 0, 0, 12 * k);
      g.fill();
    }
    g.restore();
  }

  function drawExit(g, t) {
    var s = tileSize,
      X = camX + exit.x * s,
      Y = camY + exit.y * s;
    g.fillStyle = hasKey ? '#1b5e4a' : '#4a2c2c';
    g.fillRect(X + 1, Y + 1, s - 2, s - 2);
    // stairs
    for (var i = 0; i < 4; i++) {
      g.fillStyle = hasKey ? 'rgba(94,230,176,' + (0.35 + i * 0.15) + ')' : 'rgba(160,110,90,' + (0.3 + i * 0.12) + ')';
      g.fillRect(X + s * 0.15 + i * s * 0.05, Y + s * (0.2 + i * 0.17), s * (0.7 - i * 0.1), s * 0.12);
    }
    if (!hasKey) {
      g.fillStyle = '#ffd54a';
      g.beginPath();
      g.arc(X + s / 2, Y + s * 0.42, s * 0.1, 0, TAU);
      g.fill();
      g.fillRect(X + s * 0.46, Y + s * 0.45, s * 0.08, s * 0.2);
    } else {
      g.strokeStyle = 'rgba(94,230,176,' + (0.5 + 0.4 * Math.sin(t * 5)) + ')';
      g.lineWidth = 2;
      g.strokeRect(X + 2, Y + 2, s - 4, s - 4);
    }
  }

  function drawPlayer(g, t) {
    var s = tileSize,
      k = ease(animT);
    var x = player.px + (player.x - player.px) * k,
      y = player.py + (player.y - player.py) * k;
    var cx = camX + (x + 0.5) * s,
      cy = camY + (y + 0.5) * s - Math.sin(k * Math.PI) * s * 0.12;
    if (player.inv > 0 && Math.floor(t * 10) % 2) g.globalAlpha = 0.4;
    g.save();
    g.translate(cx, cy);
    g.scale(player.face, 1);
    g.fillStyle = 'rgba(0,0,0,.3)';
    g.beginPath();
    g.ellipse(0, s * 0.38, s * 0.28, s * 0.08, 0, 0, TAU);
    g.fill();
    g.fillStyle = '#3d8bff';
    g.beginPath();
    g.roundRect ? g.roundRect(-s * 0.24, -s * 0.05, s * 0.48, s * 0.4, s * 0.1) : g.rect(-s * 0.24, -s * 0.05, s * 0.48, s * 0.4);
    g.fill();
    g.fillStyle = '#ffd9b0';
    g.beginPath();
    g.arc(0, -s * 0.16, s * 0.2, 0, TAU);
    g.fill();
    g.fillStyle = '#c7ced9';
    g.beginPath();
    g.arc(0, -s * 0.2, s * 0.21, Math.PI, 0);
    g.fill();
    g.fillRect(-s * 0.23, -s * 0.22, s * 0.46, s * 0.05);
    g.fillStyle = '#1b1b2b';
    g.fillRect(s * 0.06, -s * 0.15, s * 0.05, s * 0.07);
    g.fillStyle = '#e6e6f0';
    g.fillRect(s * 0.26, -s * 0.12, s * 0.05, s * 0.42);
    g.fillStyle = '#a0703a';
    g.fillRect(s * 0.21, s * 0.12, s * 0.15, s * 0.05);
    g.restore();
    g.globalAlpha = 1;
  }

  function drawMonster(g, m, t) {
    var s = tileSize,
      k = ease(animT);
    var x = m.px + (m.x - m.px) * k,
      y = m.py + (m.y - m.py) * k;
    var cx = camX + (x + 0.5) * s,
      cy = camY + (y + 0.5) * s;
    g.save();
    g.translate(cx, cy);
    if (m.stun > 0) g.globalAlpha = 0.6;
    if (m.t === 'slime') {
      var sq = 1 + Math.sin(t * 5 + m.phase) * 0.06;
      g.scale(1 / sq, sq);
      g.fillStyle = '#4cd964';
      g.beginPath();
      g.moveTo(-s * 0.32, s * 0.32);
      g.quadraticCurveTo(-s * 0.34, -s * 0.3, 0, -s * 0.3);
      g.quadraticCurveTo(s * 0.34, -s * 0.3, s * 0.32, s * 0.32);
      g.closePath();
      g.fill();
      g.fillStyle = 'rgba(255,255,255,.35)';
      g.beginPath();
      g.arc(-s * 0.12, -s * 0.12, s * 0.06, 0, TAU);
      g.fill();
      g.fillStyle = '#fff';
      g.beginPath();
      g.arc(-s * 0.1, 0, s * 0.08, 0, TAU);
      g.arc(s * 0.1, 0, s * 0.08, 0, TAU);
      g.fill();
      g.fillStyle = '#111';
      g.beginPath();
      g.arc(-s * 0.08, s * 0.01, s * 0.035, 0, TAU);
      g.arc(s * 0.12, s * 0.01, s * 0.035, 0, TAU);
      g.fill();
    } else {
      var fl = Math.sin(t * 16 + m.phase);
      g.translate(0, Math.sin(t * 4 + m.phase) * s * 0.06);
      g.fillStyle = '#b469ff';
      g.beginPath();
      g.moveTo(0, 0);
      g.lineTo(-s * 0.42, -s * 0.1 - fl * s * 0.14);
      g.lineTo(-s * 0.3, s * 0.1);
      g.lineTo(-s * 0.16, s * 0.02);
      g.closePath();
      g.fill();
      g.beginPath();
      g.moveTo(0, 0);
      g.lineTo(s * 0.42, -s * 0.1 - fl * s * 0.14);
      g.lineTo(s * 0.3, s * 0.1);
      g.lineTo(s * 0.16, s * 0.02);
      g.closePath();
      g.fill();
      g.fillStyle = '#7a35c9';
      g.beginPath();
      g.arc(0, 0, s * 0.17, 0, TAU);
      g.fill();
      g.fillStyle = '#ffe14d';
      g.fillRect(-s * 0.09, -s * 0.05, s * 0.06, s * 0.06);
      g.fillRect(s * 0.03, -s * 0.05, s * 0.06, s * 0.06);
    }
    g.restore();
  }

  var clock = 0;
  var game = {
    start: function () {
      level = 1;
      score = 0;
      lives = 3;
      pops = [];
      msg = '';
      msgT = 0;
      hurtT = 0;
      shakeT = 0;
      animT = 1;
      repeatT = 0;
      generate();
      running = true;
      camX = null;
      centerCamera(true);
      say('Find the key, then the exit!');
    },
    finish: function () {
      running = false;
      S.gameOver(score, undefined, 'Explored to level ' + level);
    },
    score: function () {
      return score;
    },
    onTitle: function () {
      running = false;
    },
    onKey: function (code, first) {
      var d = DIRS[code];
      if (d && first) {
        tryMove(d[0], d[1]);
        repeatT = 0.24;
      }
    },
    update: function (dt, state) {
      clock += dt;
      if (!map) {
        level = 1;
        score = 0;
        lives = 3;
        pops = [];
        generate();
        animT = 1;
      }
      if (state !== 'playing') {
        centerCamera(true);
        return;
      }
      animT = Math.min(1, animT + dt / 0.12);
      if (msgT > 0) msgT -= dt;
      if (hurtT > 0) hurtT -= dt;
      if (shakeT > 0) shakeT -= dt;
      pops.forEach(function (p) {
        p.t += dt;
      });
      pops = pops.filter(function (p) {
        return p.t < 0.9;
      });
      // held direction keys / pad buttons repeat
      repeatT -= dt;
      if (running && repeatT <= 0) {
        for (var code in DIRS) {
          if (S.keys[code]) {
            tryMove(DIRS[code][0], DIRS[code][1]);
            repeatT = 0.14;
            break;
          }
        }
      }
      centerCamera(false);
      S.hud('hud-score', score);
      S.hud('hud-level', level);
      S.hud('hud-lives', Math.max(0, lives));
      S.hud('hud-key', hasKey ? 'yes' : 'no');
    },
    draw: function (g, w, h) {
      g.fillStyle = '#120e1a';
      g.fillRect(0, 0, w, h);
      if (!map) return;
      if (camX == null) centerCamera(true);
      g.save();
      if (shakeT > 0) g.translate((Math.random() - 0.5) * 8 * shakeT, (Math.random() - 0.5) * 8 * shakeT);
      var s = tileSize;
      var x0 = Math.max(0, Math.floor(-camX / s) - 1),
        x1 = Math.min(cols - 1, Math.ceil((w - camX) / s) + 1);
      var y0 = Math.max(0, Math.floor(-camY / s) - 1),
        y1 = Math.min(rows - 1, Math.ceil((h - camY) / s) + 1);
      for (var y = y0; y <= y1; y++) for (var x = x0; x <= x1; x++) drawTile(g, x, y, at(x, y));
      drawExit(g, clock);
      items.forEach(function (it) {
        drawItem(g, it, clock);
      });
      monsters.forEach(function (m) {
        drawMonster(g, m, clock);
      });
      drawPlayer(g, clock);
      // light radius: darken what is far from the hero
      var pcx = camX + (player.x + 0.5) * s,
        pcy = camY + (player.y + 0.5) * s;
      var rad = g.createRadialGradient(pcx, pcy, s * 2, pcx, pcy, s * 9);
      rad.addColorStop(0, 'rgba(10,6,18,0)');
      rad.addColorStop(1, 'rgba(10,6,18,.4)');
      g.fillStyle = rad;
      g.fillRect(0, 0, w, h);
      pops.forEach(function (p) {
        g.globalAlpha = 1 - p.t / 0.9;
        g.fillStyle = p.c;
        g.font = 'bold ' + Math.max(11, Math.round(s * 0.45)) + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        g.fillText(p.text, camX + (p.x + 0.5) * s, camY + p.y * s - p.t * s);
      });
      g.globalAlpha = 1;
      g.restore();
      if (hurtT > 0) {
        g.fillStyle = 'rgba(255,40,60,' + hurtT + ')';
        g.fillRect(0, 0, w, h);
      }
      if (S.state === 'playing' && msgT > 0 && msg) {
        var fs = h < 330 ? 12 : 16;
        g.font = 'bold ' + fs + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        var tw = g.measureText(msg).width + 20,
          my = h < 330 ? 30 : 46;
        g.globalAlpha = Math.min(1, msgT * 2);
        g.fillStyle = 'rgba(0,0,0,.6)';
        g.fillRect(w / 2 - tw / 2, my - fs, tw, fs + 10);
        g.fillStyle = '#5ee6b0';
        g.fillText(msg, w / 2, my);
        g.globalAlpha = 1;
      }
    },
  };

  S.init(game);
})();
