/* Table Tennis: top-down pong-style table tennis against a computer paddle. First to 7 wins.
 * Court coordinates: u along the table (0 = your end, L = computer's end), v across it (0..W).
 * Landscape frames show you on the left; portrait frames show you at the bottom. */
(function () {
  'use strict';
  var S = window.Shell;
  var L = 16,
    W = 9,
    PU = 0.7,
    HALF = 1.15,
    THICK = 0.32,
    R = 0.22,
    TARGET = 7;
  var LEVELS = {
    easy: { name: 'Easy', speed: 5.2, error: 1.8, react: 0.55, ballMax: 15, base: 300, mult: 1 },
    medium: { name: 'Medium', speed: 7.6, error: 1.45, react: 0.3, ballMax: 19, base: 700, mult: 2 },
    hard: { name: 'Hard', speed: 11, error: 0.6, react: 0.05, ballMax: 23, base: 1500, mult: 3 },
  };
  var lv, ball, me, cpu, pts, serveT, server, serveCount, running, cpuAim, pointerV, flashT, msg, msgT, trail;
  var geo = { portrait: false, s: 1, ox: 0, oy: 0 };

  function layout(w, h) {
    var top = h < 330 ? 22 : 40,
      pad = h < 330 ? 6 : 14;
    geo.portrait = h > w * 1.05;
    var cl = geo.portrait ? W : L,
      cw = geo.portrait ? L : W; // screen width / height in court units
    // Never below a hundredth: a frame squeezed to almost nothing must not give negative radii (canvas calls throw on them).
    geo.s = Math.max(0.01, Math.min((w - pad * 2) / (cl + 1.2), (h - top - pad) / (cw + 1.2)));
    geo.ox = (w - cl * geo.s) / 2;
    geo.oy = top + (h - top - pad - cw * geo.s) / 2;
  }
  function toScreen(u, v) {
    return geo.portrait ? { x: geo.ox + v * geo.s, y: geo.oy + (L - u) * geo.s } : { x: geo.ox + u * geo.s, y: geo.oy + v * geo.s };
  }
  function toCourtV(px, py) {
    return geo.portrait ? (px - geo.ox) / geo.s : (py - geo.oy) / geo.s;
  }

  function newPoint() {
    ball = { u: L / 2, v: W / 2, vu: 0, vv: 0, speed: 9, live: false, hop: 0 };
    serveT = 0.9;
    trail = [];
    cpuAim = null;
  }
  function serve() {
    var dir = server === 'me' ? 1 : -1; // the server hits toward the other side
    var ang = (Math.random() - 0.5) * 0.7;
    ball.u = server === 'me' ? PU + 1 : L - PU - 1;
    ball.v = W / 2 + (Math.random() - 0.5) * 3;
    ball.vu = Math.cos(ang) * ball.speed * dir;
    ball.vv = Math.sin(ang) * ball.speed;
    ball.live = true;
    planCpu();
    S.beep(600, 0.04, 'square', 0.04);
  }

  function predictV() {
    // where will the ball cross the computer's paddle line, following the side-rail bounces?
    var u = ball.u,
      v = ball.v,
      vu = ball.vu,
      vv = ball.vv;
    if (vu <= 0) return W / 2;
    var t = (L - PU - u) / vu,
      y = v + vv * t,
      span = W - 2 * R;
    y -= R;
    y = ((y % (2 * span)) + 2 * span) % (2 * span);
    if (y > span) y = 2 * span - y;
    return y + R;
  }
  function planCpu() {
    cpuAim = null;
  }

  function hitPaddle(p, isMe) {
    var off = (ball.v - p.v) / (HALF + R); // -1..1
    off = Math.max(-1, Math.min(1, off));
    ball.speed = Math.min(lv.ballMax, ball.speed * 1.055 + 0.15);
    var ang = off * 1.0 + p.vel * 0.015; // paddle movement adds a little "spin"
    ang = Math.max(-1.1, Math.min(1.1, ang));
    ball.vu = Math.cos(ang) * ball.speed * (isMe ? 1 : -1);
    ball.vv = Math.sin(ang) * ball.speed;
    ball.u = isMe ? PU + THICK / 2 + R : L - PU - THICK / 2 - R;
    ball.hop = 0;
    if (isMe) planCpu();
    S.beep(isMe ? 520 : 440, 0.05, 'square', 0.05);
  }

  function point(toMe) {
    ball.live = false;
    if (toMe) pts.me++;
    else pts.cpu++;
    S.beep(toMe ? 880 : 220, 0.18, 'triangle', 0.06, toMe ? 1320 : 160);
    flashT = 0.4;
    msg = toMe ? 'Your point!' : 'Computer scores';
    msgT = 1.0;
    if (pts.me >= TARGET || pts.cpu >= TARGET) {
      running = false;
      var won = pts.me >= TARGET;
      msg = won ? 'Match won!' : 'Match lost';
      msgT = 2;
      setTimeout(function () {
        end(won);
      }, 1100);
      return;
    }
    serveCount++;
    if (serveCount % 2 === 0) server = server === 'me' ? 'cpu' : 'me';
    newPoint();
  }

  function matchScore(won) {
    return pts.me * 100 + (won ? lv.base + (TARGET - pts.cpu) * 50 * lv.mult : 0);
  }
  function end(won) {
    S.gameOver(matchScore(won), won, 'Final score ' + pts.me + ' - ' + pts.cpu + ' against ' + lv.name + ' computer');
  }

  /* ---------- pointer: the paddle follows the mouse / finger ---------- */
  function onPointer(e) {
    if (S.state !== 'playing') return;
    pointerV = toCourtV(e.clientX, e.clientY);
  }
  S.canvas.addEventListener('pointermove', onPointer);
  S.canvas.addEventListener('pointerdown', onPointer);

  var rrect = window.ArcadiumRuntime.roundRect; // (g, x, y, w, h, r): sdk/runtime/runtime.js

  function drawPaddle(g, p, u, color) {
    var a = toScreen(u - THICK / 2, p.v - HALF),
      b = toScreen(u + THICK / 2, p.v + HALF);
    var x = Math.min(a.x, b.x),
      y = Math.min(a.y, b.y),
      w = Math.abs(a.x - b.x),
      h = Math.abs(a.y - b.y);
    g.fillStyle = 'rgba(0,0,0,.3)';
    rrect(g, x + 3, y + 4, w, h, geo.s * 0.16);
    g.fill();
    g.fillStyle = color;
    rrect(g, x, y, w, h, geo.s * 0.16);
    g.fill();
    g.fillStyle = 'rgba(255,255,255,.35)';
    if (geo.portrait) g.fillRect(x + w * 0.1, y + h * 0.15, w * 0.8, h * 0.18);
    else g.fillRect(x + w * 0.15, y + h * 0.1, w * 0.2, h * 0.8);
  }

  var game = {
    start: function (opts) {
      lv = LEVELS[opts.level] || LEVELS.medium;
      S.hud('hud-level', lv.name);
      me = { v: W / 2, vel: 0 };
      cpu = { v: W / 2, vel: 0 };
      pts = { me: 0, cpu: 0 };
      server = 'me';
      serveCount = 0;
      pointerV = null;
      flashT = 0;
      msg = 'First to 7';
      msgT = 1.2;
      running = true;
      newPoint();
    },
    finish: function () {
      running = false;
      end(pts.me >= TARGET);
    },
    score: function () {
      return matchScore(false);
    },
    onTitle: function () {
      running = false;
    },
    update: function (dt, state) {
      if (!ball) {
        lv = LEVELS.medium;
        me = { v: W / 2, vel: 0 };
        cpu = { v: W / 2, vel: 0 };
        pts = { me: 0, cpu: 0 };
        newPoint();
        ball.vu = 6;
        ball.vv = 4;
        ball.live = true;
        trail = [];
      }
      if (msgT > 0) msgT -= dt;
      if (flashT > 0) flashT -= dt;
      var demo = state === 'title';
      if (state === 'gameover') return;
      if (!running && !demo) return;
      var k = S.keys;
      // --- player paddle
      var prev = me.v;
      if (demo) {
        me.v += Math.max(-7 * dt, Math.min(7 * dt, ball.v - me.v));
      } else {
        var kd = (k.ArrowDown || k.ArrowRight || k.KeyS || k.KeyD ? 1 : 0) - (k.ArrowUp || k.ArrowLeft || k.KeyW || k.KeyA ? 1 : 0);
        if (kd) {
          me.v += kd * 11 * dt;
          pointerV = null;
        } else if (pointerV != null) me.v += Math.max(-30 * dt, Math.min(30 * dt, pointerV - me.v));
      }
      me.v = Math.max(HALF * 0.6, Math.min(W - HALF * 0.6, me.v));
      me.vel = dt > 0 ? (me.v - prev) / dt : 0;
      // --- computer paddle
      var cprev = cpu.v,
        target = W / 2;
      if (ball.live && ball.vu > 0 && ball.u > L * lv.react) {
        if (cpuAim == null) cpuAim = predictV() + (Math.random() * 2 - 1) * lv.error;
        target = cpuAim;
      } else if (ball.live && ball.vu > 0) target = (W / 2 + ball.v) / 2;
      var cs = demo ? 9 : lv.speed;
      cpu.v += Math.max(-cs * dt, Math.min(cs * dt, target - cpu.v));
      cpu.v = Math.max(HALF * 0.6, Math.min(W - HALF * 0.6, cpu.v));
      cpu.vel = dt > 0 ? (cpu.v - cprev) / dt : 0;
      // --- ball
      if (!ball.live) {
        serveT -= dt;
        if (serveT <= 0 && running) serve();
        return;
      }
      var steps = Math.ceil(Math.abs(ball.speed * dt) / 0.1),
        h = dt / steps;
      for (var i = 0; i < steps && ball.live; i++) {
        ball.u += ball.vu * h;
        ball.v += ball.vv * h;
        ball.hop += Math.abs(ball.vu) * h;
        if (ball.v < R) {
          ball.v = R;
          ball.vv = Math.abs(ball.vv);
          S.beep(300, 0.02, 'sine', 0.03);
        }
        if (ball.v > W - R) {
          ball.v = W - R;
          ball.vv = -Math.abs(ball.vv);
          S.beep(300, 0.02, 'sine', 0.03);
        }
        if (ball.vu < 0 && ball.u - R <= PU + THICK / 2 && ball.u > PU - THICK && Math.abs(ball.v - me.v) < HALF + R) hitPaddle(me, true);
        else if (ball.vu > 0 && ball.u + R >= L - PU - THICK / 2 && ball.u < L - PU + THICK && Math.abs(ball.v - cpu.v) < HALF + R) {
          if (demo) {
            hitPaddle(cpu, false);
          } else hitPaddle(cpu, false);
        }
        if (demo && ball.vu < 0 && ball.u < PU + 0.5 && ball.u > PU - THICK) hitPaddle(me, true);
        if (ball.u < -R * 2) {
          if (demo) {
            newPoint();
            serveT = 0;
            server = 'cpu';
            serve();
          } else point(false);
        } else if (ball.u > L + R * 2) {
          if (demo) {
            newPoint();
            serveT = 0;
            server = 'me';
            serve();
          } else point(true);
        }
      }
      if (trail) {
        trail.push({ u: ball.u, v: ball.v });
        if (trail.length > 8) trail.shift();
      }
      if (running) {
        S.hud('hud-you', pts.me);
        S.hud('hud-cpu', pts.cpu);
      }
    },
    draw: function (g, w, h) {
      g.fillStyle = '#0b2233';
      g.fillRect(0, 0, w, h);
      if (!ball) return;
      layout(w, h);
      var s = geo.s;
      // floor glow
      var tl = toScreen(0, 0),
        br = toScreen(L, W);
      var x0 = Math.min(tl.x, br.x),
        y0 = Math.min(tl.y, br.y),
        tw = Math.abs(br.x - tl.x),
        th = Math.abs(br.y - tl.y);
      g.fillStyle = 'rgba(0,0,0,.35)';
      rrect(g, x0 + s * 0.15, y0 + s * 0.3, tw, th, s * 0.2);
      g.fill();
      // table
      var tg = g.createLinearGradient(x0, y0, x0 + tw, y0 + th);
      tg.addColorStop(0, '#1f7a4f');
      tg.addColorStop(1, '#16613e');
      g.fillStyle = tg;
      rrect(g, x0, y0, tw, th, s * 0.12);
      g.fill();
      g.strokeStyle = '#f4f7f5';
      g.lineWidth = Math.max(2, s * 0.1);
      g.strokeRect(x0 + s * 0.06, y0 + s * 0.06, tw - s * 0.12, th - s * 0.12);
      g.lineWidth = Math.max(1, s * 0.05);
      var c1 = toScreen(0, W / 2),
        c2 = toScreen(L, W / 2);
      g.beginPath();
      g.moveTo(c1.x, c1.y);
      g.lineTo(c2.x, c2.y);
      g.stroke();
      // net
      var n1 = toScreen(L / 2, -0.3),
        n2 = toScreen(L / 2, W + 0.3);
      g.strokeStyle = 'rgba(0,0,0,.35)';
      g.lineWidth = Math.max(3, s * 0.22);
      g.beginPath();
      g.moveTo(n1.x + 3, n1.y + 4);
      g.lineTo(n2.x + 3, n2.y + 4);
      g.stroke();
      g.strokeStyle = '#e8eef0';
      g.lineWidth = Math.max(2, s * 0.14);
      g.beginPath();
      g.moveTo(n1.x, n1.y);
      g.lineTo(n2.x, n2.y);
      g.stroke();
      g.fillStyle = '#c9d3d8';
      [n1, n2].forEach(function (p) {
        g.beginPath();
        g.arc(p.x, p.y, Math.max(3, s * 0.15), 0, Math.PI * 2);
        g.fill();
      });
      // paddles
      drawPaddle(g, me, PU, '#ff4d5e');
      drawPaddle(g, cpu, L - PU, '#3a7bff');
      // ball: shadow + small hop so it reads as bouncing on the table
      var bp = toScreen(ball.u, ball.v);
      var hop = Math.abs(Math.sin((ball.hop / (L / 2)) * Math.PI)) * s * 0.5;
      if (trail && ball.live)
        trail.forEach(function (t, i) {
          var tp = toScreen(t.u, t.v);
          g.fillStyle = 'rgba(255,240,200,' + (i / trail.length) * 0.25 + ')';
          g.beginPath();
          g.arc(tp.x, tp.y, R * s * 0.8, 0, Math.PI * 2);
          g.fill();
        });
      g.fillStyle = 'rgba(0,0,0,.35)';
      g.beginPath();
      g.ellipse(bp.x + hop * 0.3, bp.y + hop * 0.5, R * s, R * s * 0.7, 0, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#fff3d6';
      g.beginPath();
      g.arc(bp.x, bp.y - hop * 0.4, R * s * 1.05, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#ffb347';
      g.beginPath();
      g.arc(bp.x + R * s * 0.3, bp.y - hop * 0.4 + R * s * 0.3, R * s * 0.45, 0, Math.PI * 2);
      g.fill();
      // big score on the table
      if (S.state === 'playing') {
        g.font = '800 ' + Math.round(s * 1.6) + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        g.textBaseline = 'middle';
        g.fillStyle = 'rgba(255,255,255,.16)';
        var a = toScreen(L * 0.25, W * 0.5),
          b = toScreen(L * 0.75, W * 0.5);
        g.fillText(String(pts.me), a.x + (geo.portrait ? s * 2.2 : 0), a.y + (geo.portrait ? 0 : -s * 2.2));
        g.fillText(String(pts.cpu), b.x + (geo.portrait ? s * 2.2 : 0), b.y + (geo.portrait ? 0 : -s * 2.2));
        if (msgT > 0 && msg) {
          g.globalAlpha = Math.min(1, msgT * 2);
          g.font = '800 ' + Math.round(Math.max(14, s * 0.8)) + 'px system-ui, sans-serif';
          g.fillStyle = '#7cf29c';
          g.strokeStyle = 'rgba(0,0,0,.6)';
          g.lineWidth = 4;
          var mp = toScreen(L / 2, W / 2);
          g.strokeText(msg, mp.x, mp.y - (geo.portrait ? 0 : s * 1.2));
          g.fillText(msg, mp.x, mp.y - (geo.portrait ? 0 : s * 1.2));
          g.globalAlpha = 1;
        }
      }
      if (flashT > 0) {
        g.fillStyle = 'rgba(255,255,255,' + flashT * 0.25 + ')';
        g.fillRect(0, 0, w, h);
      }
    },
  };

  S.init(game);
})();
