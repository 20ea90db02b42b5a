/* Asteroid Drift: rotate, thrust and shoot through waves of splitting asteroids. */
(function () {
  'use strict';
  var S = window.Shell;
  var TAU = Math.PI * 2;
  var UNIT = 420; // the shorter side of the frame is UNIT world units
  var scale = 1,
    W = 800,
    H = 450;

  var ship, bullets, rocks, parts, stars, score, lives, wave, waveTimer, fireCool, respawn, nextLife, shake, flash;
  var running = false;

  var SIZES = { 3: 46, 2: 25, 1: 13 };
  var POINTS = { 3: 20, 2: 50, 1: 100 };

  function rand(a, b) {
    return a + Math.random() * (b - a);
  }
  function wrap(o) {
    if (o.x < -o.r) o.x += W + 2 * o.r;
    else if (o.x > W + o.r) o.x -= W + 2 * o.r;
    if (o.y < -o.r) o.y += H + 2 * o.r;
    else if (o.y > H + o.r) o.y -= H + 2 * o.r;
  }

  function makeStars() {
    stars = [];
    for (var i = 0; i < 120; i++) stars.push({ x: Math.random(), y: Math.random(), z: rand(0.3, 1) });
  }

  function newShip() {
    return { x: W / 2, y: H / 2, a: -Math.PI / 2, vx: 0, vy: 0, r: 12, inv: 1.6, thrust: false, alive: true };
  }

  function makeRock(size, x, y, speedMul) {
    var r = SIZES[size];
    var n = 9 + Math.floor(Math.random() * 4),
      shape = [];
    for (var i = 0; i < n; i++) shape.push(rand(0.72, 1.12));
    var ang = rand(0, TAU),
      sp = rand(30, 70) * speedMul * (4 - size) * 0.55 + 18;
    return { x: x, y: y, vx: Math.cos(ang) * sp, vy: Math.sin(ang) * sp, r: r, size: size, shape: shape, a: rand(0, TAU), va: rand(-1, 1) };
  }

  function spawnWave() {
    var n = Math.min(3 + wave, 11);
    var mul = 1 + (wave - 1) * 0.12;
    for (var i = 0; i < n; i++) {
      var x,
        y,
        tries = 0;
      do {
        if (Math.random() < 0.5) {
          x = rand(0, W);
          y = Math.random() < 0.5 ? -40 : H + 40;
        } else {
          x = Math.random() < 0.5 ? -40 : W + 40;
          y = rand(0, H);
        }
        tries++;
      } while (tries < 20 && ship && Math.hypot(x - ship.x, y - ship.y) < 160);
      rocks.push(makeRock(3, x, y, mul));
    }
  }

  function burst(x, y, n, color, speed) {
    for (var i = 0; i < n; i++) {
      var a = rand(0, TAU),
        s = rand(20, speed || 160);
      parts.push({ x: x, y: y, vx: Math.cos(a) * s, vy: Math.sin(a) * s, life: rand(0.4, 0.9), max: 0.9, c: color });
    }
  }

  function addScore(n) {
    score += n;
    if (score >= nextLife) {
      lives++;
      nextLife += 10000;
      S.beep(880, 0.25, 'triangle', 0.08, 1320);
    }
  }

  function hitRock(i) {
    var r = rocks[i];
    rocks.splice(i, 1);
    addScore(POINTS[r.size]);
    burst(r.x, r.y, 8 + r.size * 5, '#ffcf8a', 60 + r.size * 50);
    S.noise(0.12 + r.size * 0.06, 0.12);
    if (r.size > 1) {
      var mul = 1 + (wave - 1) * 0.12;
      for (var k = 0; k < 2; k++) {
        var c = makeRock(r.size - 1, r.x, r.y, mul);
        c.vx += r.vx * 0.4;
        c.vy += r.vy * 0.4;
        rocks.push(c);
      }
    }
  }

  function killShip() {
    burst(ship.x, ship.y, 40, '#7fd4ff', 220);
    S.noise(0.5, 0.25);
    ship.alive = false;
    lives--;
    shake = 0.4;
    flash = 0.25;
    if (lives <= 0) {
      respawn = 1.2; // show the explosion, then game over
    } else {
      respawn = 1.3;
    }
  }

  function fire() {
    if (fireCool > 0 || !ship.alive || bullets.length >= 7) return;
    fireCool = 0.17;
    var c = Math.cos(ship.a),
      s = Math.sin(ship.a);
    bullets.push({ x: ship.x + c * ship.r, y: ship.y + s * ship.r, vx: c * 520 + ship.vx, vy: s * 520 + ship.vy, life: 0.85, r: 2 });
    S.beep(720, 0.07, 'square', 0.04, 240);
  }

  function reset() {
    score = 0;
    lives = 3;
    wave = 1;
    waveTimer = 0;
    fireCool = 0;
    respawn = 0;
    nextLife = 10000;
    shake = 0;
    flash = 0;
    bullets = [];
    rocks = [];
    parts = [];
    ship = newShip();
    spawnWave();
  }

  function end(detail) {
    running = false;
    S.gameOver(score, undefined, detail || 'Reached wave ' + wave);
  }

  var game = {
    resize: function (w, h) {
      scale = Math.min(w, h) / UNIT;
      var nw = w / scale,
        nh = h / scale;
      if (ship && W) {
        ship.x *= nw / W;
        ship.y *= nh / H;
      }
      W = nw;
      H = nh;
    },
    start: function () {
      reset();
      running = true;
    },
    finish: function () {
      end('Round ended early on wave ' + wave);
    },
    score: function () {
      return score;
    },
    onTitle: function () {
      running = false;
    },
    onKey: function (code, first) {
      if (code === 'Space' && first) fire();
    },
    update: function (dt, state) {
      if (!stars) makeStars();
      if (state !== 'playing' || !running) {
        // idle drift behind the title / game-over panels
        if (!rocks || !rocks.length) {
          rocks = [];
          parts = [];
          bullets = [];
          ship = null;
          wave = 1;
          spawnWave();
        }
        rocks.forEach(function (r) {
          r.x += r.vx * dt;
          r.y += r.vy * dt;
          r.a += r.va * dt;
          wrap(r);
        });
        parts &&
          parts.forEach(function (p) {
            p.x += p.vx * dt;
            p.y += p.vy * dt;
            p.life -= dt;
          });
        parts = parts
          ? parts.filter(function (p) {
              return p.life > 0;
            })
          : [];
        return;
      }
      var k = S.keys;
      fireCool -= dt;
      shake = Math.max(0, shake - dt);
      flash = Math.max(0, flash - dt);

      if (ship.alive) {
        var left = k.ArrowLeft || k.KeyA,
          right = k.ArrowRight || k.KeyD,
          thrust = k.ArrowUp || k.KeyW;
        if (left) ship.a -= 4.2 * dt;
        if (right) ship.a += 4.2 * dt;
        ship.thrust = !!thrust;
        if (thrust) {
          ship.vx += Math.cos(ship.a) * 280 * dt;
          ship.vy += Math.sin(ship.a) * 280 * dt;
          if (Math.random() < 0.6) {
            var ba = ship.a + Math.PI + rand(-0.3, 0.3);
            parts.push({
              x: ship.x - Math.cos(ship.a) * 10,
              y: ship.y - Math.sin(ship.a) * 10,
              vx: Math.cos(ba) * 120 + ship.vx,
              vy: Math.sin(ba) * 120 + ship.vy,
              life: 0.3,
              max: 0.3,
              c: '#ff9a3c',
            });
          }
        }
        var sp = Math.hypot(ship.vx, ship.vy);
        if (sp > 360) {
          ship.vx *= 360 / sp;
          ship.vy *= 360 / sp;
        }
        var damp = Math.pow(0.55, dt);
        ship.vx *= damp;
        ship.vy *= damp;
        ship.x += ship.vx * dt;
        ship.y += ship.vy * dt;
        wrap(ship);
        if (ship.inv > 0) ship.inv -= dt;
        if ((k.Space || k.KeyJ) && fireCool <= 0) fire();
      } else {
        respawn -= dt;
        if (respawn <= 0) {
          if (lives <= 0) {
            end();
            return;
          }
          // respawn in the centre once it is reasonably clear
          var clear = rocks.every(function (r) {
            return Math.hypot(r.x - W / 2, r.y - H / 2) > r.r + 70;
          });
          if (clear || respawn < -2.5) ship = newShip();
        }
      }

      bullets.forEach(function (b) {
        b.x += b.vx * dt;
        b.y += b.vy * dt;
        b.life -= dt;
        wrap(b);
      });
      bullets = bullets.filter(function (b) {
        return b.life > 0;
      });
      rocks.forEach(function (r) {
        r.x += r.vx * dt;
        r.y += r.vy * dt;
        r.a += r.va * dt;
        wrap(r);
      });
      parts.forEach(function (p) {
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        p.life -= dt;
      });
      parts = parts.filter(function (p) {
        return p.life > 0;
      });

      // bullets vs rocks
      for (var bi = bullets.length - 1; bi >= 0; bi--) {
        var b = bullets[bi];
        for (var ri = rocks.length - 1; ri >= 0; ri--) {
          var r = rocks[ri];
          if (Math.hypot(b.x - r.x, b.y - r.y) < r.r * 0.92) {
            bullets.splice(bi, 1);
            hitRock(ri);
            break;
          }
        }
      }
      // ship vs rocks
      if (ship.alive && ship.inv <= 0) {
        for (var j = 0; j < rocks.length; j++) {
          var q = rocks[j];
          if (Math.hypot(ship.x - q.x, ship.y - q.y) < q.r * 0.85 + ship.r * 0.7) {
            hitRock(j);
            killShip();
            break;
          }
        }
      }
      if (!rocks.length) {
        waveTimer += dt;
        if (waveTimer > 1.6) {
          addScore(wave * 250);
          wave++;
          waveTimer = 0;
          spawnWave();
          S.beep(440, 0.3, 'triangle', 0.07, 880);
        }
      }
      S.hud('hud-score', score);
      S.hud('hud-wave', wave);
      S.hud('hud-lives', Math.max(0, lives));
    },
    draw: function (g, w, h) {
      g.save();
      g.fillStyle = '#05060f';
      g.fillRect(0, 0, w, h);
      var grd = g.createRadialGradient(w * 0.7, h * 0.25, 0, w * 0.7, h * 0.25, Math.max(w, h) * 0.8);
      grd.addColorStop(0, 'rgba(70,40,120,.45)');
      grd.addColorStop(1, 'rgba(5,6,15,0)');
      g.fillStyle = grd;
      g.fillRect(0, 0, w, h);
      if (stars) {
        stars.forEach(function (s) {
          g.fillStyle = 'rgba(255,255,255,' + (0.25 + s.z * 0.6) + ')';
          g.fillRect(s.x * w, s.y * h, s.z * 1.8, s.z * 1.8);
        });
      }
      if (shake > 0) g.translate(rand(-4, 4) * shake * 2, rand(-4, 4) * shake * 2);
      g.scale(scale, scale);
      g.lineJoin = 'round';

      (rocks || []).forEach(function (r) {
        g.save();
        g.translate(r.x, r.y);
        g.rotate(r.a);
        g.beginPath();
        for (var i = 0; i < r.shape.length; i++) {
          var a = (i / r.shape.length) * TAU,
            d = r.r * r.shape[i];
          if (i === 0) g.moveTo(Math.cos(a) * d, Math.sin(a) * d);
          else g.lineTo(Math.cos(a) * d, Math.sin(a) * d);
        }
        g.closePath();
        g.fillStyle = '#2a2238';
        g.fill();
        g.lineWidth = 2.2;
        g.strokeStyle = '#ffb347';
        g.stroke();
        g.beginPath();
        g.arc(r.r * 0.25, -r.r * 0.2, r.r * 0.18, 0, TAU);
        g.arc(-r.r * 0.3, r.r * 0.3, r.r * 0.12, 0, TAU);
        g.fillStyle = 'rgba(255,179,71,.18)';
        g.fill();
        g.restore();
      });

      (bullets || []).forEach(function (b) {
        g.fillStyle = '#fff6a8';
        g.beginPath();
        g.arc(b.x, b.y, 2.6, 0, TAU);
        g.fill();
      });

      (parts || []).forEach(function (p) {
        g.globalAlpha = Math.max(0, p.life / p.max);
        g.fillStyle = p.c;
        g.fillRect(p.x - 1.5, p.y - 1.5, 3, 3);
      });
      g.globalAlpha = 1;

      if (ship && ship.alive && running && !(ship.inv > 0 && Math.floor(ship.inv * 10) % 2)) {
        g.save();
        g.translate(ship.x, ship.y);
        g.rotate(ship.a);
        if (ship.thrust) {
          g.beginPath();
          g.moveTo(-9, -5);
          g.lineTo(-18 - Math.random() * 8, 0);
          g.lineTo(-9, 5);
          g.fillStyle = '#ff9a3c';
          g.fill();
        }
        g.beginPath();
        g.moveTo(16, 0);
        g.lineTo(-11, -10);
        g.lineTo(-6, 0);
        g.lineTo(-11, 10);
        g.closePath();
        g.fillStyle = '#12324a';
        g.fill();
        g.lineWidth = 2.4;
        g.strokeStyle = '#7fd4ff';
        g.stroke();
        g.restore();
      }
      g.restore();
      if (flash > 0) {
        g.fillStyle = 'rgba(255,80,80,' + flash + ')';
        g.fillRect(0, 0, w, h);
      }
      if (running && rocks && !rocks.length) {
        g.fillStyle = '#ffb347';
        g.font = 'bold ' + Math.round(26 * Math.max(0.6, scale)) + 'px system-ui, sans-serif';
        g.textAlign = 'center';
        g.fillText('Wave ' + (wave + 1), w / 2, h * 0.35);
      }
    },
  };

  S.init(game);
})();
