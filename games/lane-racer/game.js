/* Lane Racer: pseudo-3D three-lane highway. Change lanes to dodge traffic; the speed keeps rising.
 * Score = distance in metres (plus fuel-can bonuses). Three crashes end the run. */
(function () {
  'use strict';
  var S = window.Shell;
  var LANES = [-1.05, 0, 1.05],
    ROAD = 1.65,
    CAM_H = 1.8,
    Z_NEAR = 2.4,
    Z_FAR = 60,
    SEG = 2.0,
    PZ = 3.2;
  var M_PER_UNIT = 3.3;
  var lane, px, speed, dist, bonus, cars, cans, lives, inv, crashT, curve, curveT, spawnT, running, posts, flash;
  var COLORS = ['#3fa9ff', '#ffd23f', '#7cf29c', '#ff9a3c', '#c77dff', '#f4f4f4', '#ff5d8f'];

  function score() {
    return Math.floor(dist * M_PER_UNIT + bonus);
  }

  function reset() {
    lane = 1;
    px = 0;
    speed = 16;
    dist = 0;
    bonus = 0;
    cars = [];
    cans = [];
    lives = 3;
    inv = 0;
    crashT = 0;
    curve = 0;
    curveT = 0;
    spawnT = 0.6;
    flash = 0;
  }

  function laneFree(l, zMin, zMax) {
    return !cars.some(function (c) {
      return c.lane === l && c.z > zMin && c.z < zMax;
    });
  }

  function spawn() {
    // choose a lane so that at least one lane stays open around the spawn distance
    var z = Z_FAR - 12;
    var options = [0, 1, 2].filter(function (l) {
      return laneFree(l, z - 9, z + 6);
    });
    if (!options.length) return;
    var blockedNear = [0, 1, 2].filter(function (l) {
      return !laneFree(l, z - 12, z + 6);
    }).length;
    if (blockedNear >= 2) return; // would wall off the road
    var l = options[Math.floor(Math.random() * options.length)];
    var sp = 3 + Math.random() * 4;
    cars.push({ lane: l, x: LANES[l], z: z, speed: sp, color: COLORS[Math.floor(Math.random() * COLORS.length)], truck: Math.random() < 0.18 });
    if (Math.random() < 0.22) {
      var free = [0, 1, 2].filter(function (k) {
        return k !== l && laneFree(k, z - 4, z + 8);
      });
      if (free.length) cans.push({ lane: free[0], x: LANES[free[0]], z: z + 3 + Math.random() * 4 });
    }
  }

  function changeLane(d) {
    if (!running || crashT > 0.5) return;
    var n = Math.max(0, Math.min(2, lane + d));
    if (n !== lane) {
      lane = n;
      S.beep(520 + d * 60, 0.05, 'sine', 0.04);
    }
  }

  /* touch: tap the left / right half of the road */
  S.canvas.addEventListener('pointerdown', function (e) {
    if (S.state !== 'playing') return;
    changeLane(e.clientX < S.view.w / 2 ? -1 : 1);
  });

  function project(x, z, w, h, hy, F) {
    var shift = curve * z * z;
    return { x: w / 2 + ((x + shift - px * 0.85) / z) * F, y: hy + (CAM_H / z) * F, s: F / z };
  }

  function drawCar(g, p, color, truck, player) {
    var wdt = p.s * (truck ? 0.85 : 0.78),
      hgt = wdt * (truck ? 0.95 : 0.55);
    var x = p.x - wdt / 2,
      y = p.y - hgt;
    g.fillStyle = 'rgba(0,0,0,.35)';
    g.beginPath();
    g.ellipse(p.x, p.y, wdt * 0.55, wdt * 0.08, 0, 0, Math.PI * 2);
    g.fill();
    if (truck) {
      g.fillStyle = '#d9d9e6';
      g.fillRect(x, y, wdt, hgt * 0.82);
      g.fillStyle = color;
      g.fillRect(x, y + hgt * 0.05, wdt, hgt * 0.12);
      g.fillStyle = '#2b2b3a';
      g.fillRect(x + wdt * 0.05, p.y - hgt * 0.2, wdt * 0.9, hgt * 0.16);
      g.fillStyle = '#ff3048';
      g.fillRect(x + wdt * 0.04, p.y - hgt * 0.3, wdt * 0.12, hgt * 0.06);
      g.fillRect(x + wdt * 0.84, p.y - hgt * 0.3, wdt * 0.12, hgt * 0.06);
      return;
    }
    // body
    g.fillStyle = color;
    g.beginPath();
    g.moveTo(x, p.y - hgt * 0.15);
    g.lineTo(x + wdt * 0.04, y + hgt * 0.42);
    g.lineTo(x + wdt * 0.2, y + hgt * 0.02);
    g.lineTo(x + wdt * 0.8, y + hgt * 0.02);
    g.lineTo(x + wdt * 0.96, y + hgt * 0.42);
    g.lineTo(x + wdt, p.y - hgt * 0.15);
    g.closePath();
    g.fill();
    // rear window
    g.fillStyle = player ? '#1c1030' : 'rgba(20,20,40,.85)';
    g.beginPath();
    g.moveTo(x + wdt * 0.24, y + hgt * 0.1);
    g.lineTo(x + wdt * 0.76, y + hgt * 0.1);
    g.lineTo(x + wdt * 0.86, y + hgt * 0.4);
    g.lineTo(x + wdt * 0.14, y + hgt * 0.4);
    g.closePath();
    g.fill();
    // bumper, lights, wheels
    g.fillStyle = 'rgba(0,0,0,.35)';
    g.fillRect(x + wdt * 0.02, p.y - hgt * 0.32, wdt * 0.96, hgt * 0.17);
    g.fillStyle = '#ff3048';
    g.fillRect(x + wdt * 0.06, y + hgt * 0.5, wdt * 0.18, hgt * 0.12);
    g.fillRect(x + wdt * 0.76, y + hgt * 0.5, wdt * 0.18, hgt * 0.12);
    g.fillStyle = '#111';
    g.fillRect(x + wdt * 0.06, p.y - hgt * 0.16, wdt * 0.16, hgt * 0.16);
    g.fillRect(x + wdt * 0.78, p.y - hgt * 0.16, wdt * 0.16, hgt * 0.16);
    if (player) {
      g.fillStyle = '#fff';
      g.fillRect(x + wdt * 0.42, y + hgt * 0.52, wdt * 0.16, hgt * 0.1);
    }
  }

  function drawCan(g, p) {
    var s = p.s * 0.3;
    g.fillStyle = '#27e08a';
    g.fillRect(p.x - s / 2, p.y - s * 1.2, s, s * 1.2);
    g.fillStyle = '#0c5b38';
    g.fillRect(p.x - s * 0.15, p.y - s * 1.4, s * 0.3, s * 0.25);
    g.strokeStyle = '#fff';
    g.lineWidth = Math.max(1, s * 0.1);
    g.beginPath();
    g.moveTo(p.x - s * 0.3, p.y - s * 0.9);
    g.lineTo(p.x + s * 0.3, p.y - s * 0.3);
    g.moveTo(p.x + s * 0.3, p.y - s * 0.9);
    g.lineTo(p.x - s * 0.3, p.y - s * 0.3);
    g.stroke();
  }

  var game = {
    start: function () {
      reset();
      running = true;
      // a little traffic already on the road
      cars.push({ lane: 0, x: LANES[0], z: 26, speed: 5, color: COLORS[0], truck: false });
      cars.push({ lane: 2, x: LANES[2], z: 38, speed: 4, color: COLORS[1], truck: true });
    },
    finish: function () {
      running = false;
      S.gameOver(score(), undefined, 'Top speed ' + Math.round(speed * M_PER_UNIT * 3.6) + ' km/h');
    },
    score: score,
    onTitle: function () {
      running = false;
    },
    onKey: function (code, first) {
      if (!first) return;
      if (code === 'ArrowLeft' || code === 'KeyA') changeLane(-1);
      else if (code === 'ArrowRight' || code === 'KeyD') changeLane(1);
    },
    update: function (dt, state) {
      if (lane == null) reset();
      var playing = state === 'playing' && running;
      var v = playing ? speed : state === 'title' ? 9 : 0;
      if (crashT > 0) {
        crashT -= dt;
        v *= 0.3;
      }
      dist += playing ? v * dt : 0;
      curveT += v * dt;
      curve = 0.0022 * Math.sin(curveT / 140) + 0.0012 * Math.sin(curveT / 53);
      posts = (posts || 0) + v * dt;
      px += (LANES[lane] - px) * Math.min(1, dt * 12);
      flash = Math.max(0, flash - dt);
      if (!playing) {
        if (state !== 'title') return;
      }
      // traffic
      cars.forEach(function (c) {
        c.z -= (v - c.speed * (crashT > 0 ? 0.3 : 1)) * dt;
      });
      cans.forEach(function (c) {
        c.z -= v * dt;
      });
      cars = cars.filter(function (c) {
        return c.z > -2 && c.z < Z_FAR + 10;
      });
      cans = cans.filter(function (c) {
        return c.z > 0.5 && !c.got;
      });
      spawnT -= dt;
      if (spawnT <= 0) {
        spawn();
        spawnT = Math.max(0.32, 1.2 - speed * 0.025) * (0.7 + Math.random() * 0.6);
      }
      if (!playing) return;
      speed = Math.min(36, speed + dt * 0.18);
      if (inv > 0) inv -= dt;
      // collisions with the player's car (which sits at depth PZ)
      cars.forEach(function (c) {
        if (inv > 0 || c.hit) return;
        if (Math.abs(c.z - PZ) < (c.truck ? 1.2 : 0.9) && Math.abs(c.x - px) < 0.7) {
          c.hit = true;
          lives--;
          inv = 1.6;
          crashT = 0.9;
          flash = 0.5;
          c.speed = speed * 0.9; // shove it ahead
          S.noise(0.45, 0.3);
          if (lives <= 0) {
            running = false;
            setTimeout(function () {
              S.gameOver(score(), undefined, 'Crashed at ' + Math.round(speed * M_PER_UNIT * 3.6) + ' km/h');
            }, 700);
          }
        }
      });
      cans.forEach(function (c) {
        if (!c.got && Math.abs(c.z - PZ) < 0.8 && Math.abs(c.x - px) < 0.6) {
          c.got = true;
          bonus += 100;
          S.beep(880, 0.12, 'triangle', 0.06, 1320);
        }
      });
      S.hud('hud-score', score());
      S.hud('hud-speed', Math.round(speed * M_PER_UNIT * 3.6 * (crashT > 0 ? 0.3 : 1)));
    },
    draw: function (g, w, h) {
      if (lane == null) return;
      var portrait = h > w;
      var hy = h * (portrait ? 0.4 : 0.4);
      // focal length: the road fills the lower part in landscape, and is limited by the width in portrait
      var F = Math.min(((h - hy) * Z_NEAR) / CAM_H, (0.47 * w * PZ) / ROAD);
      var zMin = ((CAM_H * F) / (h - hy)) * 0.95;
      // sky
      var sky = g.createLinearGradient(0, 0, 0, hy);
      sky.addColorStop(0, '#1b0b3a');
      sky.addColorStop(0.6, '#5a1b6e');
      sky.addColorStop(1, '#ff6f7d');
      g.fillStyle = sky;
      g.fillRect(0, 0, w, hy + 1);
      // sun
      var sx = w / 2 - curve * 40000,
        sr = Math.min(w, h) * 0.16;
      var sun = g.createLinearGradient(0, hy - sr * 2, 0, hy);
      sun.addColorStop(0, '#ffe36e');
      sun.addColorStop(1, '#ff4f79');
      g.fillStyle = sun;
      g.beginPath();
      g.arc(sx, hy - sr * 0.3, sr, Math.PI, 0);
      g.fill();
      g.fillStyle = '#5a1b6e';
      for (var k = 0; k < 4; k++) g.fillRect(sx - sr, hy - sr * 0.3 - sr * (0.15 + k * 0.2), sr * 2, sr * 0.05 + k * 0.015 * sr);
      // mountains (parallax with the curve)
      g.fillStyle = '#2a0f45';
      g.beginPath();
      g.moveTo(0, hy);
      var off = -curve * 20000;
      for (var mx = -40; mx <= w + 40; mx += 20) {
        var xx = mx + (((off % 40) + 40) % 40) - 40;
        var n = Math.sin((mx - off) * 0.013) * 0.5 + Math.sin((mx - off) * 0.031) * 0.3;
        g.lineTo(xx, hy - (0.04 + (n + 0.8) * 0.05) * h);
      }
      g.lineTo(w, hy);
      g.closePath();
      g.fill();
      // ground
      g.fillStyle = '#12081f';
      g.fillRect(0, hy, w, h - hy);
      // road, far to near
      var phase = posts % (SEG * 2);
      var zs = [];
      for (var z = Z_FAR; z > zMin - SEG; z -= SEG) zs.push(z);
      for (var i = 0; i < zs.length; i++) {
        var z1 = zs[i] - (phase % SEG),
          z0 = z1 - SEG;
        if (z0 < zMin) z0 = zMin;
        if (z1 <= z0) continue;
        var a = project(0, z1, w, h, hy, F),
          b = project(0, z0, w, h, hy, F);
        var band = Math.floor((z1 + posts) / SEG) % 2 === 0;
        // grass bands
        g.fillStyle = band ? '#1d0d33' : '#170a29';
        g.fillRect(0, a.y, w, b.y - a.y + 1);
        // rumble strips
        var ra = ROAD * 1.12 * a.s,
          rb = ROAD * 1.12 * b.s;
        g.fillStyle = band ? '#ff4f79' : '#f5f5ff';
        quad(g, a.x - ra, a.x + ra, a.y, b.x - rb, b.x + rb, b.y);
        // asphalt
        var wa = ROAD * a.s,
          wb = ROAD * b.s;
        g.fillStyle = band ? '#2c2c3e' : '#303044';
        quad(g, a.x - wa, a.x + wa, a.y, b.x - wb, b.x + wb, b.y);
        // lane dashes
        if (band) {
          g.fillStyle = 'rgba(255,255,255,.75)';
          [-0.525, 0.525].forEach(function (lx) {
            var la = project(lx, z1, w, h, hy, F),
              lb = project(lx, z0, w, h, hy, F);
            var da = 0.035 * a.s,
              db = 0.035 * b.s;
            quad(g, la.x - da, la.x + da, la.y, lb.x - db, lb.x + db, lb.y);
          });
        }
      }
      // sprites, far to near
      var sprites = [];
      cars.forEach(function (c) {
        if (c.z > zMin) sprites.push({ z: c.z, car: c });
      });
      cans.forEach(function (c) {
        sprites.push({ z: c.z, can: c });
      });
      if (S.state === 'playing' || S.state === 'gameover') sprites.push({ z: PZ, player: true });
      sprites.sort(function (p, q) {
        return q.z - p.z;
      });
      sprites.forEach(function (sp) {
        if (sp.player) {
          if (inv > 0 && Math.floor(inv * 12) % 2 && running) return;
          var pp = project(px, PZ, w, h, hy, F);
          drawCar(g, pp, '#ff4f79', false, true);
        } else if (sp.car) {
          drawCar(g, project(sp.car.x, sp.car.z, w, h, hy, F), sp.car.color, sp.car.truck, false);
        } else drawCan(g, project(sp.can.x, sp.can.z, w, h, hy, F));
      });
      if (flash > 0) {
        g.fillStyle = 'rgba(255,60,80,' + flash * 0.7 + ')';
        g.fillRect(0, 0, w, h);
      }
      // lives as small hearts under the HUD
      if (S.state === 'playing') {
        var hs = h < 330 ? 6 : 9,
          hx = (h < 330 ? 8 : 12) + hs,
          hy2 = h < 330 ? 28 : 44;
        for (var l = 0; l < 3; l++) {
          g.fillStyle = l < lives ? '#ff4f79' : 'rgba(255,255,255,.2)';
          heart(g, hx + l * hs * 2.4, hy2, hs);
        }
      }
    },
  };

  function quad(g, ax0, ax1, ay, bx0, bx1, by) {
    g.beginPath();
    g.moveTo(ax0, ay);
    g.lineTo(ax1, ay);
    g.lineTo(bx1, by + 1);
    g.lineTo(bx0, by + 1);
    g.closePath();
    g.fill();
  }
  function heart(g, x, y, s) {
    g.beginPath();
    g.moveTo(x, y + s * 0.9);
    g.bezierCurveTo(x - s * 1.3, y, x - s * 0.8, y - s * 0.9, x, y - s * 0.25);
    g.bezierCurveTo(x + s * 0.8, y - s * 0.9, x + s * 1.3, y, x, y + s * 0.9);
    g.fill();
  }

  S.init(game);
})();
