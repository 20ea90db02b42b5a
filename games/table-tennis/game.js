/* Table Tennis: top-down pong-style table tennis against a computer paddle, or online against another player
 * (D123, through SDK v2 rooms; the pure parts are in net.js). First to 7 wins.
 * Court coordinates: u along the table (0 = your end, L = the other end), v across it (0..W).
 * Landscape frames show you on the left; portrait frames show you at the bottom, online too (the view turns). */
(function () {
  'use strict';
  var S = window.Shell;
  var RT = window.ArcadiumRuntime;
  var N = window.TableTennisNet;
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
    if (online) server = onlineServer();
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
    if (online) return onlinePoint(toMe);
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

  /** The player's own paddle, from the keys or the pointer (solo and online alike). */
  function steerMe(dt) {
    var k = S.keys,
      prev = me.v;
    var kd = (k.ArrowDown || k.ArrowRight || k.KeyS || k.KeyD ? 1 : 0) - (k.ArrowUp || k.ArrowLeft || k.KeyW || k.KeyA ? 1 : 0);
    if (kd) {
      me.v += kd * 11 * dt;
      pointerV = null;
    } else if (pointerV != null) me.v += Math.max(-30 * dt, Math.min(30 * dt, pointerV - me.v));
    me.v = Math.max(HALF * 0.6, Math.min(W - HALF * 0.6, me.v));
    me.vel = dt > 0 ? (me.v - prev) / dt : 0;
  }

  /** Moves a live ball by dt in small steps: side rails, both paddles (the far one `reach` more forgiving), points. */
  function stepBall(dt, demo, reach) {
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
      else if (ball.vu > 0 && ball.u + R >= L - PU - THICK / 2 && ball.u < L - PU + THICK && Math.abs(ball.v - cpu.v) < HALF + R + reach) hitPaddle(cpu, false);
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

  /* ---------- online (D123): two players in a real-time room ----------
   * The room's host is the authority for the ball and the score: it plays the match as in solo play (the other
   * player's paddle in the computer's place) and sends snapshots 20 times a second; the guest sends its paddle as
   * often, moves it at once on its own screen and draws the ball and the host's paddle between the two snapshots
   * about one interval in the past. Snapshots are in side 0's court coordinates (side 0 is the player who started
   * the match); side 1's screen turns the table half a circle, so that each player has their paddle on the near
   * side. When the host drops, the room passes the host role on and the new host carries on from the last snapshot
   * (paused until the other is back); the score is kept in the room's state too, for a player who reloads. */
  var ROOM_KEY = 'table-tennis-room';
  var COUNTDOWN = 3;
  // game.json's minRoundMs: the site refuses a score from a shorter round, so a quick forfeit submits none
  var MIN_ROUND_MS = 15000;
  /** The other player's paddle is seen late on the host: its hits forgive a little more. */
  var REMOTE_REACH = 0.25;
  var lobby = { room: null, token: 0, starting: false };
  var pendingOnline = null;
  var online = null;
  var shortTarget = null;
  var noop = function () {};

  function hostId(room) {
    var players = room.players;
    for (var i = 0; i < players.length; i++) if (players[i].host) return players[i].id;
    return null;
  }
  function playerOf(room, id) {
    var players = room.players;
    for (var i = 0; i < players.length; i++) if (players[i].id === id) return players[i];
    return null;
  }
  function nameOf(room, id) {
    var p = playerOf(room, id);
    var name = p && typeof p.name === 'string' ? p.name.trim().slice(0, 20) : '';
    return name || 'Opponent';
  }
  /** The match kept in the room's state: {sides: [id, id], target, points?: [n, n], over?}, checked; null otherwise. */
  function matchInfo(room) {
    var m = room.state && room.state.match;
    if (!m || typeof m !== 'object' || !Array.isArray(m.sides) || m.sides.length !== 2) return null;
    if (typeof m.sides[0] !== 'string' || typeof m.sides[1] !== 'string' || m.sides[0] === m.sides[1]) return null;
    if (typeof m.target !== 'number' || Math.floor(m.target) !== m.target || m.target < 1 || m.target > 21) return null;
    var points = null;
    if (Array.isArray(m.points) && m.points.length === 2) {
      var a = m.points[0],
        b = m.points[1];
      if (typeof a === 'number' && typeof b === 'number' && a >= 0 && b >= 0 && a <= m.target && b <= m.target && Math.floor(a) === a && Math.floor(b) === b)
        points = [a, b];
    }
    return { sides: [m.sides[0], m.sides[1]], target: m.target, points: points, over: m.over === true };
  }

  /* the room's code kept for a reload (the invite link keeps it only for the player who came by it) */
  function saveRoomCode(code) {
    try {
      localStorage.setItem(ROOM_KEY, JSON.stringify({ code: code, at: Date.now() }));
    } catch (e) {
      /* no storage: a reload starts over */
    }
  }
  function savedRoomCode() {
    try {
      var saved = JSON.parse(localStorage.getItem(ROOM_KEY) || 'null');
      // D121: a dropped seat waits 30 s
      if (saved && typeof saved.code === 'string' && /^[A-Za-z2-9]{6}$/.test(saved.code) && Date.now() - saved.at < 30000) return saved.code;
    } catch (e) {
      /* unreadable: none */
    }
    return null;
  }
  function forgetRoomCode() {
    try {
      localStorage.removeItem(ROOM_KEY);
    } catch (e) {
      /* nothing kept */
    }
  }

  /* ---------- the lobby screen ---------- */
  function showLobby(status, options) {
    var o = options || {};
    document.body.setAttribute('data-online', 'lobby');
    RT.byId('online-title').textContent = o.title || 'Play online';
    RT.byId('online-status').textContent = status;
    RT.byId('online-invite').hidden = !o.invite;
    if (o.invite) {
      RT.byId('invite-link').value = o.invite;
      RT.byId('copy-btn').textContent = 'Copy';
    }
    RT.byId('cancel-btn').textContent = o.back ? 'Back' : 'Cancel';
  }
  function hideLobby() {
    document.body.removeAttribute('data-online');
  }
  function lobbyError(err) {
    var code = err && err.code;
    var text =
      code === 'not_found'
        ? 'That room is gone: the match ended, or the code is wrong.'
        : code === 'full'
          ? 'That room is full.'
          : code === 'over'
            ? 'That match is over.'
            : code === 'not_in_frame'
              ? 'Online play works on the game’s page on Arcadium.'
              : err && typeof err.message === 'string' && err.message
                ? err.message
                : 'Could not reach Arcadium. Try again later.';
    var room = lobby.room;
    lobby.room = null;
    lobby.starting = false;
    forgetRoomCode();
    if (room) room.leave().catch(noop);
    showLobby(text, { title: 'Could not play online', back: true });
  }
  function cancelLobby() {
    lobby.token++;
    var room = lobby.room;
    lobby.room = null;
    lobby.starting = false;
    forgetRoomCode();
    if (room) room.leave().catch(noop);
    hideLobby();
  }
  function copyInvite() {
    var input = RT.byId('invite-link'),
      btn = RT.byId('copy-btn');
    var done = function () {
      btn.textContent = 'Copied';
    };
    input.focus();
    input.select();
    var copied;
    try {
      copied = document.execCommand('copy');
    } catch (e) {
      copied = false;
    }
    if (copied) return done();
    // The game page's frame may not allow the Clipboard API (asking anyway logs a policy error): then the link stays selected.
    var policy = document.permissionsPolicy || document.featurePolicy;
    var allowed = policy && typeof policy.allowsFeature === 'function' ? policy.allowsFeature('clipboard-write') : true;
    if (allowed && navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(input.value).then(done, noop);
  }

  /** The shell starts a solo round on Enter or Space; in the lobby and on the online buttons they are the buttons' own. */
  function guardKeys(e) {
    var code = e.code || e.key;
    if (code !== 'Enter' && code !== 'Space' && code !== 'NumpadEnter') return;
    var a = document.activeElement;
    if (document.body.hasAttribute('data-online') || (a && a.hasAttribute && a.hasAttribute('data-online-action'))) e.stopImmediatePropagation();
  }

  function playFriend() {
    var rooms = RT.roomsApi(),
      token = ++lobby.token;
    showLobby('Making a room…', { title: 'Play a friend' });
    rooms.create({ maxPlayers: 2, visibility: 'private', metadata: { v: 1 } }).then(function (room) {
      if (token !== lobby.token) return room.leave().catch(noop);
      enterRoom(room);
    }, lobbyError);
  }
  function playStranger() {
    var rooms = RT.roomsApi(),
      token = ++lobby.token;
    showLobby('Looking for a player…', { title: 'Play a stranger' });
    rooms
      .quickJoin({ v: 1 })
      .then(function (room) {
        if (room) return room;
        return rooms.create({ maxPlayers: 2, visibility: 'public', metadata: { v: 1 } });
      })
      .then(function (room) {
        if (token !== lobby.token) return room.leave().catch(noop);
        enterRoom(room);
      }, lobbyError);
  }
  function joinByCode(code, byInvite) {
    var token = ++lobby.token;
    showLobby(byInvite ? 'Joining your friend’s room…' : 'Rejoining the match…', { title: byInvite ? 'Play a friend' : 'Play online' });
    RT.roomsApi()
      .join(code)
      .then(
        function (room) {
          if (token !== lobby.token) return room.leave().catch(noop);
          enterRoom(room);
        },
        byInvite ? lobbyError : cancelLobby,
      );
  }

  function enterRoom(room) {
    lobby.room = room;
    saveRoomCode(room.code);
    listen(room);
    maybeStart(room);
  }

  /** Starts the match once both players are in (the host does), or resumes one the room already holds. */
  function maybeStart(room) {
    if (online || pendingOnline || lobby.starting || room !== lobby.room) return;
    var info = matchInfo(room);
    if (info) {
      if (info.over) return lobbyError({ code: 'over' });
      if (info.sides.indexOf(room.me) < 0) return lobbyError({ code: 'full' });
      // the host carries on from the room's state; the other waits for its snapshots
      if (hostId(room) === room.me) beginOnline(room, info, null);
      else showLobby('Rejoining the match…');
      return;
    }
    var other = null;
    room.players.forEach(function (p) {
      if (p.id !== room.me && p.connected) other = p;
    });
    var isPublic = room.visibility === 'public';
    if (!other) {
      var link = N.inviteLink(location.pathname, document.referrer, room.code);
      if (isPublic) showLobby('Waiting for a player to join…', { title: 'Play a stranger' });
      else showLobby('Waiting for your friend…', { title: 'Play a friend', invite: link || room.code });
      return;
    }
    if (hostId(room) !== room.me) {
      showLobby('Starting the match…');
      return;
    }
    info = { sides: [room.me, other.id], target: shortTarget || TARGET, points: [0, 0] };
    lobby.starting = true;
    room.setState('match', info).then(function () {
      lobby.starting = false;
      if (room === lobby.room) beginOnline(room, info, null);
    }, lobbyError);
  }

  function beginOnline(room, info, firstSnapshot) {
    pendingOnline = { room: room, info: info, snapshot: firstSnapshot };
    hideLobby();
    S.start();
  }

  function listen(room) {
    var mine = function (fn) {
      return function (e) {
        if (room === lobby.room && e && typeof e === 'object') fn(e);
      };
    };
    room.on(
      'join',
      mine(function () {
        if (!online) maybeStart(room);
      }),
    );
    room.on(
      'state',
      mine(function () {
        if (!online) maybeStart(room);
      }),
    );
    room.on(
      'leave',
      mine(function (e) {
        if (online && e.playerId === online.opponentId) {
          if (!online.over) finishOnline('forfeit', online.opponentName + ' left the match');
        } else if (!online) {
          var info = matchInfo(room);
          if (info && info.sides.indexOf(e.playerId) >= 0) lobbyError({ message: 'The other player left the match.' });
          else maybeStart(room);
        }
      }),
    );
    room.on(
      'drop',
      mine(function (e) {
        if (online && e.playerId === online.opponentId) S.beep(200, 0.12, 'triangle', 0.05);
      }),
    );
    room.on(
      'host',
      mine(function (e) {
        if (!online) return maybeStart(room);
        if (e.playerId === room.me && !online.authority) becomeAuthority();
        else if (e.playerId !== room.me && online.authority) becomeReceiver();
      }),
    );
    room.on(
      'message',
      mine(function (e) {
        if (online) return onlineMessage(e);
        // waiting to (re)join a match in play: the host's first snapshot starts it here
        var info = matchInfo(room);
        var snap = e.from === hostId(room) ? N.decodeSnapshot(e.data) : null;
        if (snap && info && !info.over && info.sides.indexOf(room.me) >= 0 && !pendingOnline) beginOnline(room, info, snap);
      }),
    );
    room.on(
      'closed',
      mine(function (e) {
        var why =
          e.reason === 'replaced' ? 'You opened this match in another tab.' : e.reason === 'kicked' ? 'You were removed from the room.' : 'The room closed.';
        if (online) finishOnline('void', why);
        else lobbyError({ message: why });
      }),
    );
  }

  /* ---------- the match ---------- */
  function startOnline() {
    var p = pendingOnline;
    pendingOnline = null;
    var room = p.room,
      info = p.info,
      side = info.sides.indexOf(room.me);
    lv = LEVELS.medium;
    online = {
      room: room,
      side: side,
      opponentId: info.sides[1 - side],
      opponentName: nameOf(room, info.sides[1 - side]),
      target: info.target,
      standard: info.target === TARGET,
      authority: false,
      phase: 'countdown',
      countdown: COUNTDOWN,
      paused: false,
      tick: 0,
      sendAcc: 0,
      saveAcc: 0,
      inputSeq: 0,
      buffer: N.interpolation(),
      remoteV: W / 2,
      over: false,
      startedAt: performance.now(),
      shown: null,
    };
    me = { v: W / 2, vel: 0 };
    cpu = { v: W / 2, vel: 0 };
    pts = { me: 0, cpu: 0 };
    if (info.points) setPoints(info.points);
    running = true;
    pointerV = null;
    flashT = 0;
    serveCount = 0;
    msg = 'First to ' + info.target + ' against ' + online.opponentName;
    msgT = 1.6;
    document.body.classList.remove('online-over');
    document.body.classList.add('online-playing');
    resetLeaveButton();
    S.hud('hud-level', 'Online');
    S.hud('hud-them', online.opponentName);
    S.hud('hud-target', info.target);
    newPoint();
    if (p.snapshot) {
      setPoints(p.snapshot.points);
      online.buffer.push(p.snapshot, performance.now());
    }
    if (hostId(room) === room.me) becomeAuthority();
  }

  function setPoints(points) {
    pts.me = points[online.side];
    pts.cpu = points[1 - online.side];
  }
  function opponentConnected() {
    var p = playerOf(online.room, online.opponentId);
    return !!(p && p.connected);
  }
  /** Side 0's coordinates from this screen's, and back (the same half turn both ways). */
  function courtOf(u, v) {
    return N.mirror(online.side, u, v);
  }

  function becomeAuthority() {
    var o = online,
      last = o.buffer.latest();
    o.authority = true;
    if (last) {
      setPoints(last.points);
      o.tick = Math.floor(last.tick) + 1;
      o.remoteV = courtOf(0, last.paddles[1 - o.side]).v;
      cpu.v = o.remoteV;
      if (last.phase === 'over') o.phase = 'over';
    }
    if (o.phase !== 'over') {
      o.phase = 'countdown';
      o.countdown = COUNTDOWN;
      newPoint();
    }
  }
  function becomeReceiver() {
    online.authority = false;
    online.buffer.clear();
  }

  function onlineServer() {
    var servingSide = Math.floor((pts.me + pts.cpu) / 2) % 2;
    return servingSide === online.side ? 'me' : 'cpu';
  }

  function onlineMessage(e) {
    var o = online;
    if (o.authority) {
      var input = e.from === o.opponentId ? N.decodeInput(e.data) : null;
      if (input) o.remoteV = courtOf(0, input.v).v;
    } else if (e.from === hostId(o.room)) {
      var snap = N.decodeSnapshot(e.data);
      if (snap && snap.target === o.target) o.buffer.push(snap, performance.now());
    }
  }

  function sendSnapshot() {
    var o = online,
      b = courtOf(ball.u, ball.v),
      turn = o.side === 1 ? -1 : 1;
    var paddles = [],
      points = [];
    paddles[o.side] = courtOf(0, me.v).v;
    paddles[1 - o.side] = courtOf(0, cpu.v).v;
    points[o.side] = pts.me;
    points[1 - o.side] = pts.cpu;
    var data = N.encodeSnapshot({
      tick: o.tick,
      ball: { u: Math.max(-2, Math.min(L + 2, b.u)), v: b.v, vu: ball.vu * turn, vv: ball.vv * turn },
      paddles: paddles,
      points: points,
      phase: o.phase,
      countdown: o.countdown,
      target: o.target,
    });
    o.room.send(data).catch(noop);
  }

  function saveMatch(over) {
    var o = online,
      points = [];
    points[o.side] = pts.me;
    points[1 - o.side] = pts.cpu;
    var sides = [];
    sides[o.side] = o.room.me;
    sides[1 - o.side] = o.opponentId;
    o.room.setState('match', { sides: sides, target: o.target, points: points, over: !!over }).catch(noop);
  }

  function onlinePoint(toMe) {
    var o = online;
    ball.live = false;
    if (toMe) pts.me++;
    else pts.cpu++;
    S.beep(toMe ? 880 : 220, 0.18, 'triangle', 0.06, toMe ? 1320 : 160);
    flashT = 0.4;
    msg = toMe ? 'Your point!' : o.opponentName + ' scores';
    msgT = 1.0;
    var over = pts.me >= o.target || pts.cpu >= o.target;
    saveMatch(over);
    if (over) {
      o.phase = 'over';
      sendSnapshot();
      matchOver();
      return;
    }
    o.phase = 'serve';
    newPoint();
  }

  function matchOver() {
    var o = online;
    if (o.over) return;
    o.over = true;
    running = false;
    var won = pts.me >= o.target;
    if (won && o.standard) RT.achievement('online_win');
    msg = won ? 'Match won!' : 'Match lost';
    msgT = 2;
    setTimeout(function () {
      if (online === o) finishOnline(won ? 'won' : 'lost');
    }, 1100);
  }

  function finishOnline(result, why) {
    var o = online;
    if (!o) return;
    online = null;
    running = false;
    forgetRoomCode();
    lobby.room = null;
    o.room.leave().catch(noop);
    document.body.classList.remove('online-playing');
    document.body.classList.add('online-over');
    resetLeaveButton();
    var scored = result !== 'void' && result !== 'left';
    var tooShort = performance.now() - o.startedAt < MIN_ROUND_MS;
    var score = N.matchScore(pts.me, pts.cpu, o.target, result);
    var label = { won: 'You Win!', lost: 'You Lose', forfeit: 'You Win by forfeit', void: 'Match void', left: 'You left the match' }[result];
    var detail = why || 'Final score ' + pts.me + ' - ' + pts.cpu + ' against ' + o.opponentName;
    if (!o.standard && scored) detail += ' (a short match: not on the board)';
    else if (scored && tooShort) detail += ' (under 15 seconds: not on the board)';
    S.gameOver(scored ? score : 0, scored ? result !== 'lost' : undefined, detail, label, {
      submit: o.standard && scored && !tooShort,
    });
  }

  /* ---------- "Leave match": the first press asks, a second within 3 s leaves (the other player wins by forfeit) ---------- */
  var leaveTimer = 0;
  function resetLeaveButton() {
    var btn = RT.byId('leave-btn');
    clearTimeout(leaveTimer);
    btn.removeAttribute('data-confirm');
    btn.textContent = 'Leave match';
  }
  function pressLeave() {
    var btn = RT.byId('leave-btn');
    if (!online) return resetLeaveButton();
    if (!btn.hasAttribute('data-confirm')) {
      btn.setAttribute('data-confirm', '');
      btn.textContent = 'Leave? Press again';
      leaveTimer = setTimeout(resetLeaveButton, 3000);
      return;
    }
    finishOnline('left', 'The match goes to ' + online.opponentName + ' by forfeit.');
  }

  function updateOnline(dt) {
    var o = online;
    if (msgT > 0) msgT -= dt;
    if (flashT > 0) flashT -= dt;
    o.saveAcc += dt;
    if (o.saveAcc > 1 && !o.over) {
      o.saveAcc = 0;
      saveRoomCode(o.room.code);
    }
    steerMe(dt);
    if (o.authority) authorityStep(dt);
    else receiverStep(dt);
    S.hud('hud-you', pts.me);
    S.hud('hud-cpu', pts.cpu);
  }

  function authorityStep(dt) {
    var o = online;
    var cprev = cpu.v;
    cpu.v += Math.max(-40 * dt, Math.min(40 * dt, o.remoteV - cpu.v));
    cpu.vel = dt > 0 ? (cpu.v - cprev) / dt : 0;
    o.paused = !opponentConnected();
    if (o.phase !== 'over') {
      if (o.paused) o.phase = 'paused';
      else if (o.phase === 'paused') {
        o.phase = 'countdown';
        o.countdown = COUNTDOWN;
        newPoint();
      }
      if (o.phase === 'countdown') {
        o.countdown = Math.max(0, o.countdown - dt);
        if (o.countdown === 0) {
          o.phase = 'serve';
          serveT = 0.6;
        }
      } else if (o.phase === 'serve') {
        serveT -= dt;
        if (serveT <= 0) {
          serve();
          o.phase = 'live';
        }
      } else if (o.phase === 'live') stepBall(dt, false, REMOTE_REACH);
    }
    o.sendAcc += dt * 1000;
    if (o.sendAcc >= N.RATE_MS) {
      o.tick += Math.floor(o.sendAcc / N.RATE_MS);
      o.sendAcc %= N.RATE_MS;
      if (!o.paused) sendSnapshot();
    }
  }

  function receiverStep(dt) {
    var o = online;
    o.sendAcc += dt * 1000;
    var host = playerOf(o.room, hostId(o.room));
    if (o.sendAcc >= N.RATE_MS) {
      o.sendAcc = 0;
      if (host && host.connected) o.room.send(N.encodeInput(++o.inputSeq, courtOf(0, me.v).v)).catch(noop);
    }
    var snap = o.buffer.sample(performance.now());
    if (!snap) return;
    var b = courtOf(snap.ball.u, snap.ball.v),
      turn = o.side === 1 ? -1 : 1;
    var shown = o.shown;
    if (shown && snap.phase === 'live' && shown.vu * snap.ball.vu * turn < 0) S.beep(ball.u < L / 2 ? 520 : 440, 0.05, 'square', 0.05);
    ball.u = b.u;
    ball.v = b.v;
    ball.vu = snap.ball.vu * turn;
    ball.vv = snap.ball.vv * turn;
    ball.live = snap.phase === 'live';
    ball.hop = Math.abs(b.u - L / 2) + L / 2;
    cpu.v = courtOf(0, snap.paddles[1 - o.side]).v;
    var mine = snap.points[o.side],
      theirs = snap.points[1 - o.side];
    if (shown && (mine > shown.mine || theirs > shown.theirs)) {
      var toMe = mine > shown.mine;
      S.beep(toMe ? 880 : 220, 0.18, 'triangle', 0.06, toMe ? 1320 : 160);
      flashT = 0.4;
      msg = toMe ? 'Your point!' : o.opponentName + ' scores';
      msgT = 1.0;
    }
    pts.me = mine;
    pts.cpu = theirs;
    o.shown = { vu: ball.vu, mine: mine, theirs: theirs };
    o.phase = snap.phase;
    o.countdown = snap.countdown;
    o.paused = snap.phase === 'paused' || !(host && host.connected);
    if (ball.live) {
      trail.push({ u: ball.u, v: ball.v });
      if (trail.length > 8) trail.shift();
    } else trail = [];
    if (snap.phase === 'over') matchOver();
  }

  function initOnline() {
    var choice = RT.byId('online-choice');
    document.querySelector('#title-screen .panel').appendChild(choice);
    RT.byId('friend-btn').addEventListener('click', playFriend);
    RT.byId('stranger-btn').addEventListener('click', playStranger);
    RT.byId('cancel-btn').addEventListener('click', cancelLobby);
    RT.byId('copy-btn').addEventListener('click', copyInvite);
    RT.byId('leave-btn').addEventListener('click', pressLeave);
    window.addEventListener('keydown', guardKeys, true);
    var rooms = RT.roomsApi();
    if (!rooms) return;
    choice.hidden = false;
    RT.sdkInit().then(function () {
      var code = rooms.inviteCode;
      if (code) joinByCode(code, true);
      else if ((code = savedRoomCode())) joinByCode(code, false);
    });
    // another invite followed while the game is open: taken unless a match is being played
    RT.onSdkEvent('invite', function (e) {
      if (online || pendingOnline || !e || typeof e.inviteCode !== 'string') return;
      if (lobby.room && lobby.room.code === e.inviteCode) return;
      var room = lobby.room;
      lobby.room = null;
      lobby.starting = false;
      if (room) room.leave().catch(noop);
      if (S.state === 'playing') {
        running = false;
        S.gameOver(0, undefined, '', 'Round stopped', { submit: false });
      }
      if (S.state !== 'title') S.toTitle();
      joinByCode(e.inviteCode, true);
    });
  }

  /** Read-only, for tests and curious players: what this screen shows of an online match. */
  window.__tableTennis = {
    snapshot: function () {
      if (!online) return { online: false, lobby: document.body.getAttribute('data-online'), state: S.state };
      return {
        online: true,
        role: online.authority ? 'host' : 'guest',
        side: online.side,
        phase: online.phase,
        countdown: online.countdown,
        paused: online.paused,
        points: [pts.me, pts.cpu],
        target: online.target,
        ball: { u: ball.u, v: ball.v },
        paddles: { me: me.v, them: cpu.v },
      };
    },
    /** The next match this player starts is first to `points` (1 to 6); such a match does not count on the board. */
    shortMatch: function (points) {
      shortTarget = typeof points === 'number' && points >= 1 && points < TARGET ? Math.floor(points) : null;
      return shortTarget;
    },
  };

  var game = {
    start: function (opts) {
      if (pendingOnline) return startOnline();
      lv = LEVELS[opts.level] || LEVELS.medium;
      S.hud('hud-level', lv.name);
      S.hud('hud-them', 'CPU');
      S.hud('hud-target', TARGET);
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
      if (online) return finishOnline('void', 'Match ended');
      running = false;
      end(pts.me >= TARGET);
    },
    score: function () {
      return matchScore(false);
    },
    onTitle: function () {
      running = false;
      document.body.classList.remove('online-over', 'online-playing');
    },
    update: function (dt, state) {
      if (online && state === 'playing') return updateOnline(dt);
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
      // --- player paddle
      if (demo) {
        var prev = me.v;
        me.v += Math.max(-7 * dt, Math.min(7 * dt, ball.v - me.v));
        me.v = Math.max(HALF * 0.6, Math.min(W - HALF * 0.6, me.v));
        me.vel = dt > 0 ? (me.v - prev) / dt : 0;
      } else steerMe(dt);
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
      stepBall(dt, demo, 0);
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
      if (online && online.paused && S.state === 'playing') {
        msg = 'Opponent reconnecting…';
        msgT = 1;
      }
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
        if (online && online.countdown > 0 && !online.paused) {
          var cp = toScreen(L / 2, W / 2);
          g.font = '800 ' + Math.round(s * 3) + 'px system-ui, sans-serif';
          g.fillStyle = '#ffffff';
          g.strokeStyle = 'rgba(0,0,0,.6)';
          g.lineWidth = 6;
          var n = String(Math.ceil(online.countdown));
          g.strokeText(n, cp.x, cp.y);
          g.fillText(n, cp.x, cp.y);
        }
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
  initOnline();
})();
