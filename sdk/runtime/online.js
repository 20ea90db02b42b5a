/* Online play for the built-in two-player board games (D123: Four in a Row, Reversi) through SDK v2 rooms
 * (sdk/README.md section 8). Served by the games origin at /sdk/runtime/online.js with online.css; a game loads
 * it after runtime.js (and shell.js) and before its own scripts.
 *
 * The game gives its pure rules and draws the board; this file does the rest: the "Play a friend" / "Play a
 * stranger" buttons on the title panel, the waiting and result panels, the bar above the board (who plays which
 * colour, whose turn, an opponent away or gone, Leave), the room's shared state, the reload (the room code is kept
 * in localStorage and joined again), and the round's SDK calls (gameplay start and stop, the score).
 *
 * Shared state (room.setState): `game` = { v, round, seats: [first mover's player id, second's], board, next (seat
 * index to move, null when over), winner (seat index, null for none or a draw), last (the last move, -1 none),
 * moves }, and `turn` = the room player id of whoever moves next, or null when the game is over (the server reads
 * it to tell a player it is their turn). A change from the other player is taken only when it is one legal move
 * by the player whose turn it was, or the rematch of a finished game; anything else is ignored.
 *
 * ArcadiumOnline.setup({ key, rules, seats, panel, enter, exit, show, score, winAchievement }) where
 *   key     the game's slug (the kept room code's name, the quick-join filter)
 *   rules   { initial(), validBoard(board), legal(board, move, seat), apply(board, move, seat) → { board, next, winner } }
 *   seats   [{ name, color }, { name, color }]: the first mover's colour, then the second's
 *   panel   the title panel the online buttons are added to
 *   enter() the game leaves its title screen for the online board; exit() it goes back to its title screen
 *   show(game, view)  draw this game state; view = { me (seat index), myTurn, fresh (a move just arrived) }
 *   score(game, me)   { score, won (true / false / undefined), detail } for the end of a round
 *   winAchievement    optional: the key of the game's achievement for a round won online (unlocked with its score)
 * returns { active(), move(m) (this player's move; false when not theirs or not legal) }.
 */
(function (root) {
  'use strict';

  var VERSION = 1;
  var RESULT_DELAY_MS = 1300;

  /* ---------- the protocol: pure, also loaded by the unit tests in Node ---------- */

  function isPlayerId(v) {
    return typeof v === 'string' && v.length > 0 && v.length <= 64;
  }
  function isSeat(v) {
    return v === 0 || v === 1;
  }

  /** The game state read from the room, in one shape, or null when malformed. */
  function parseGame(raw, rules) {
    if (!raw || typeof raw !== 'object' || raw.v !== VERSION) return null;
    if (!Number.isInteger(raw.round) || raw.round < 1 || !Number.isInteger(raw.moves) || raw.moves < 0) return null;
    if (!Array.isArray(raw.seats) || raw.seats.length !== 2 || !isPlayerId(raw.seats[0]) || !isPlayerId(raw.seats[1])) return null;
    if (raw.seats[0] === raw.seats[1]) return null;
    if (!(raw.next === null || isSeat(raw.next)) || !(raw.winner === null || isSeat(raw.winner))) return null;
    if (raw.next !== null && raw.winner !== null) return null;
    if (!Number.isInteger(raw.last) || !rules.validBoard(raw.board)) return null;
    return {
      v: VERSION,
      round: raw.round,
      seats: [raw.seats[0], raw.seats[1]],
      board: raw.board.slice(),
      next: raw.next,
      winner: raw.winner,
      last: raw.last,
      moves: raw.moves,
    };
  }

  function newGame(seats, round, rules) {
    return { v: VERSION, round: round, seats: [seats[0], seats[1]], board: rules.initial(), next: 0, winner: null, last: -1, moves: 0 };
  }

  /** The game after the move of the player whose turn it is, or null when the move is not legal. */
  function play(game, move, rules) {
    if (!game || game.next === null || !Number.isInteger(move) || !rules.legal(game.board, move, game.next)) return null;
    var r = rules.apply(game.board, move, game.next);
    return {
      v: VERSION,
      round: game.round,
      seats: game.seats.slice(),
      board: r.board,
      next: r.next,
      winner: r.next === null ? r.winner : null,
      last: move,
      moves: game.moves + 1,
    };
  }

  /** A finished game's rematch: the same two players, the other one moves first. */
  function rematch(game, rules) {
    return newGame([game.seats[1], game.seats[0]], game.round + 1, rules);
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  /**
   * Whether `incoming`, written by player `from`, may follow `current`: one legal move by the player whose turn
   * it was, the rematch of a finished game by one of its players, or (nothing shown yet) a new game written by
   * the player who joined second. A state that came with no sender (the page took the seat back and tells what
   * changed meanwhile) is taken when well formed.
   */
  function follows(current, incoming, from, rules) {
    if (!incoming) return false;
    if (from === null) return true;
    if (!current) return from === incoming.seats[1] && same(newGame(incoming.seats, 1, rules), incoming);
    if (incoming.round === current.round) {
      if (current.next === null || from !== current.seats[current.next]) return false;
      var expected = play(current, incoming.last, rules);
      return !!expected && same(expected, incoming);
    }
    return current.next === null && current.seats.indexOf(from) >= 0 && same(rematch(current, rules), incoming);
  }

  var protocol = { parseGame: parseGame, newGame: newGame, play: play, rematch: rematch, follows: follows };
  if (typeof module !== 'undefined' && module.exports) {
    module.exports = protocol;
    return;
  }

  /* ---------- the page ---------- */

  var RT = root.ArcadiumRuntime;
  var sdk = root.Arcadium && root.Arcadium.version === 2 ? root.Arcadium : null;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text != null) e.textContent = text;
    return e;
  }
  function store(key, value) {
    try {
      if (value == null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (e) {
      /* private mode: the game is only not kept across a reload */
    }
  }
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }
  /** The site's address of this game's page: the frame is /game-frame/{id}/ on the games origin. */
  function inviteLink(code) {
    var m = /\/game-frame\/(\d+)\//.exec(location.pathname);
    var site = '';
    try {
      if (location.ancestorOrigins && location.ancestorOrigins.length) site = location.ancestorOrigins[0];
      else if (document.referrer) site = new URL(document.referrer).origin;
    } catch (e) {
      site = '';
    }
    return site + '/game/' + (m ? m[1] : '') + '?room=' + code;
  }
  function errorText(err) {
    var code = err && err.code;
    if (code === 'not_in_frame') return 'Online play needs the Arcadium game page.';
    if (code === 'not_found') return 'That game room is closed.';
    if (code === 'full' || code === 'not_joinable') return 'That game already has two players.';
    if (code === 'too_many_rooms') return 'You are in too many online games at once: finish or leave one first.';
    return (err && err.message) || 'Could not reach the game server. Try again in a moment.';
  }

  function setup(o) {
    var rules = o.rules;
    var codeKey = 'arcadium-online:' + o.key;
    var room = null,
      game = null,
      mode = 'off', // off | busy | waiting | playing | left | error
      waitingFor = 'friend',
      resultTimer = 0,
      started = {}, // rounds whose gameplay started in this page
      scored = {}, // the score of each round this page submitted
      offs = [],
      lastOpponentName = null;

    /* ----- the markup: buttons on the title panel, one overlay panel, the bar ----- */
    var lobby = el('div', { class: 'ol-lobby', role: 'group', 'aria-labelledby': 'ol-lobby-h' });
    lobby.appendChild(el('p', { id: 'ol-lobby-h', class: 'ol-lobby-h' }, 'Play online'));
    var row = el('div', { class: 'ol-row' });
    var friendBtn = el('button', { type: 'button', class: 'ol-btn', id: 'ol-friend' }, 'Play a friend');
    var strangerBtn = el('button', { type: 'button', class: 'ol-btn', id: 'ol-stranger' }, 'Play a stranger');
    row.appendChild(friendBtn);
    row.appendChild(strangerBtn);
    lobby.appendChild(row);
    o.panel.appendChild(lobby);

    var screen = el('div', { id: 'ol-screen', class: 'ol-screen', hidden: '' });
    var box = el('div', { class: 'ol-panel', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'ol-h' });
    screen.appendChild(box);
    document.body.appendChild(screen);

    var bar = el('div', { id: 'ol-bar', class: 'ol-bar', hidden: '' });
    var who = el('span', { class: 'ol-who' });
    var status = el('span', { class: 'ol-status', id: 'ol-status', role: 'status', 'aria-live': 'polite' });
    var leaveBtn = el('button', { type: 'button', class: 'ol-btn ol-ghost ol-small' }, 'Leave game');
    bar.appendChild(who);
    bar.appendChild(status);
    bar.appendChild(leaveBtn);
    document.body.appendChild(bar);

    /* ----- panels ----- */
    function panel(heading, lines, buttons, extra) {
      box.textContent = '';
      box.appendChild(el('h2', { id: 'ol-h' }, heading));
      lines.forEach(function (l) {
        if (l) box.appendChild(el('p', { class: l.cls || '' }, l.text));
      });
      if (extra) box.appendChild(extra);
      var btns = el('div', { class: 'ol-row' });
      buttons.forEach(function (b) {
        var btn = el('button', { type: 'button', class: 'ol-btn' + (b.ghost ? ' ol-ghost' : '') }, b.label);
        btn.addEventListener('click', b.act);
        btns.appendChild(btn);
      });
      box.appendChild(btns);
      screen.hidden = false;
      var first = box.querySelector('button');
      if (first) first.focus({ preventScroll: true });
    }
    function hidePanel() {
      screen.hidden = true;
      box.textContent = '';
    }

    function enter() {
      if (mode === 'off') o.enter();
    }
    function toTitle() {
      clearTimeout(resultTimer);
      offs.forEach(function (f) {
        f();
      });
      offs = [];
      room = null;
      game = null;
      mode = 'off';
      hidePanel();
      bar.hidden = true;
      o.exit();
    }
    function busy(text) {
      enter();
      mode = 'busy';
      bar.hidden = true;
      panel(text, [], []);
    }
    function fail(err) {
      store(codeKey, null);
      enter();
      mode = 'error';
      bar.hidden = true;
      panel("Can't play online", [{ text: errorText(err) }], [{ label: 'Back', act: toTitle }]);
    }

    /* ----- the room ----- */
    function opponent() {
      if (!room) return null;
      var players = room.players;
      for (var i = 0; i < players.length; i++) if (players[i].id !== room.me) return players[i];
      return null;
    }
    function mySeat() {
      return game ? game.seats.indexOf(room.me) : -1;
    }

    function leaveRoom() {
      var r = room;
      store(codeKey, null);
      toTitle();
      if (r) r.leave().catch(function () {});
    }

    function attach(r) {
      room = r;
      store(codeKey, r.code);
      offs.push(
        r.on('join', onPlayers),
        r.on('drop', refresh),
        r.on('reconnect', refresh),
        r.on('leave', onLeave),
        r.on('closed', function (e) {
          store(codeKey, null);
          if (mode === 'playing' || mode === 'waiting') {
            mode = 'left';
            refresh();
            var elsewhere = e && e.reason === 'replaced';
            panel(
              elsewhere ? 'Playing in another tab' : 'The game room closed',
              elsewhere ? [{ text: 'This game was opened in another tab or window.' }] : [],
              [{ label: 'Back to menu', act: toTitle }],
            );
          }
        }),
        r.on('state', function (e) {
          if (e.key === 'game') take(e.value, e.from);
        }),
      );
      var mine = parseGame(r.state.game, rules);
      if (mine && mine.seats.indexOf(r.me) < 0) {
        // a game between two other players (a seat freed by one who left): not ours to join
        leaveRoom();
        fail({ code: 'not_joinable' });
        return;
      }
      if (mine) {
        game = mine;
        begin(false);
        if (!opponent()) onLeave({ playerId: null });
      } else onPlayers();
    }

    /** Someone took a seat: the second player to sit down writes the first game, the room's creator moves first. */
    function onPlayers() {
      if (!room || game) return refresh();
      var other = opponent();
      if (!other) {
        mode = 'waiting';
        return showWaiting();
      }
      if (room.players[0].id === room.me) {
        // the one who waited: the other writes the game (it arrives as "state"); no more seats to offer
        room.setJoinable(false).catch(function () {});
        busy('Starting the game…');
        return;
      }
      var first = newGame([other.id, room.me], 1, rules);
      game = first;
      write(first);
      begin(false);
    }

    function onLeave(e) {
      if (!room || e.playerId === room.me) return;
      if (!game) return onPlayers();
      clearTimeout(resultTimer);
      var over = game && game.next === null;
      var name = lastOpponentName || 'Your opponent';
      mode = 'left';
      refresh();
      panel(name + ' left the game', [{ text: over ? resultLine() : 'The game ends without a result.' }], [{ label: 'Back to menu', act: leaveRoom }]);
    }

    function write(g) {
      room.setState('game', g).then(
        function () {
          return room && room.setState('turn', g.next === null ? null : g.seats[g.next]);
        },
        function () {
          /* the room closed or the connection went: the reload or the closed event says so */
        },
      );
    }

    /** A game state from the room: taken when it follows the one shown (see follows). */
    function take(raw, from) {
      var incoming = parseGame(raw, rules);
      if (!incoming || incoming.seats.indexOf(room.me) < 0 || same(incoming, game)) return;
      if (!follows(game, incoming, from, rules)) return;
      var newRound = !game || incoming.round !== game.round;
      game = incoming;
      begin(!newRound);
    }

    function begin(fresh) {
      var me = mySeat();
      if (me < 0) return;
      var other = opponent();
      if (other) lastOpponentName = other.name;
      enter();
      mode = 'playing';
      clearTimeout(resultTimer);
      hidePanel();
      if (game.next !== null && !started[game.round]) {
        started[game.round] = true;
        RT.sdk('gameplayStart');
      }
      refresh();
      o.show(game, { me: me, myTurn: game.next === me, fresh: fresh });
      if (game.next === null) finish(fresh);
    }

    /** the last round this player scored, kept across a reload so that a reload never scores a round again */
    function roundName() {
      return room.code + ':' + game.round;
    }
    /** The end of a round: the score once (only when this page saw the round played), then the result panel. */
    function finish(fresh) {
      var me = mySeat();
      if (started[game.round] && stored(codeKey + ':scored') !== roundName()) {
        store(codeKey + ':scored', roundName());
        var s = o.score(game, me);
        if (o.winAchievement && game.winner === me) RT.achievement(o.winAchievement);
        RT.sdk('submitScore', Math.max(0, Math.round(s.score)), typeof s.won === 'boolean' ? { won: s.won } : {});
        RT.sdk('gameplayStop');
        scored[game.round] = s;
      }
      var my = game,
        mine = scored[game.round];
      resultTimer = setTimeout(
        function () {
          if (game !== my || mode !== 'playing') return;
          var lines = [{ text: resultLine(), cls: 'ol-result ' + (game.winner === null ? '' : game.winner === me ? 'ol-win' : 'ol-lose') }];
          if (mine) lines.push({ text: 'Score ' + Math.max(0, Math.round(mine.score)), cls: 'ol-score' });
          if (mine && mine.detail) lines.push({ text: mine.detail });
          panel(game.winner === null ? "It's a draw" : game.winner === me ? 'You win!' : 'You lose', lines, [
            { label: 'Rematch', act: startRematch },
            { label: 'Leave', act: leaveRoom, ghost: true },
          ]);
        },
        fresh ? RESULT_DELAY_MS : 0,
      );
    }
    function resultLine() {
      if (!game || game.next !== null) return '';
      var me = mySeat();
      if (game.winner === null) return 'Nobody won: a draw.';
      return game.winner === me ? 'You beat ' + (lastOpponentName || 'your opponent') + '.' : (lastOpponentName || 'Your opponent') + ' won.';
    }
    function startRematch() {
      if (!game || game.next !== null || !opponent()) return;
      game = rematch(game, rules);
      write(game);
      begin(false);
    }

    /** The bar: who plays which colour, whose turn, an opponent away. */
    function refresh() {
      if (!room || !game || (mode !== 'playing' && mode !== 'left')) {
        bar.hidden = true;
        return;
      }
      var me = mySeat(),
        other = opponent();
      if (other) lastOpponentName = other.name;
      bar.hidden = false;
      who.textContent = '';
      [me, 1 - me].forEach(function (seat, i) {
        var tag = el('span', { class: 'ol-seat' + (game.next === seat ? ' ol-now' : '') });
        var dot = el('span', { class: 'ol-dot', 'aria-hidden': 'true' });
        dot.style.background = o.seats[seat].color;
        tag.appendChild(dot);
        tag.appendChild(document.createTextNode((i === 0 ? 'You' : (other && other.name) || lastOpponentName || 'Opponent') + ' (' + o.seats[seat].name + ')'));
        who.appendChild(tag);
        if (i === 0) who.appendChild(el('span', { class: 'ol-vs' }, 'vs'));
      });
      var text;
      if (mode === 'left') text = 'Opponent left';
      else if (other && !other.connected) text = 'Opponent away — waiting';
      else if (game.next === null) text = game.winner === null ? 'Draw' : game.winner === me ? 'You won' : 'You lost';
      else if (game.next === me) text = 'Your turn';
      else text = ((other && other.name) || 'Opponent') + "'s turn";
      status.textContent = text;
      o.show(game, { me: me, myTurn: game.next === me && mode === 'playing', fresh: false });
    }

    function showWaiting() {
      enter();
      bar.hidden = true;
      if (waitingFor === 'stranger' || (room && room.visibility === 'public')) {
        panel(
          'Waiting for a player',
          [{ text: 'Nobody was looking for a game just now, so you have opened one. It starts when someone joins.' }],
          [{ label: 'Cancel', act: leaveRoom, ghost: true }],
        );
        return;
      }
      var link = inviteLink(room.code);
      var field = el('div', { class: 'ol-link' });
      var input = el('input', { type: 'text', readonly: '', value: link, 'aria-label': 'Invite link', id: 'ol-link' });
      var copy = el('button', { type: 'button', class: 'ol-btn ol-small' }, 'Copy');
      var said = el('span', { class: 'ol-copied', role: 'status', 'aria-live': 'polite' });
      copy.addEventListener('click', function () {
        input.select();
        var copied;
        try {
          // the game frame is not allowed the Clipboard API (the page's permissions policy): the selection's copy works
          copied = document.execCommand('copy');
        } catch (e) {
          copied = false;
        }
        said.textContent = copied ? 'Copied' : 'Select the link and copy it';
      });
      field.appendChild(input);
      field.appendChild(copy);
      field.appendChild(said);
      panel(
        'Waiting for your friend',
        [
          { text: 'Send your friend this link. The game starts when they open it.' },
          { text: 'Signed in? The "Invite friends" button under the game sends them an invite too.', cls: 'ol-hint' },
        ],
        [{ label: 'Cancel', act: leaveRoom, ghost: true }],
        field,
      );
    }

    /* ----- the player's moves ----- */
    function move(m) {
      if (mode !== 'playing' || !game || game.next !== mySeat()) return false;
      var after = play(game, m, rules);
      if (!after) return false;
      game = after;
      if (after.next === null) {
        // the finishing move: shown and scored here first, then sent (the other side's score follows it)
        begin(true);
        write(after);
        return true;
      }
      write(after);
      begin(true);
      return true;
    }

    /* ----- start: the lobby buttons, an invite link, a kept room ----- */
    function join(code, kept) {
      busy(kept ? 'Back to your game…' : 'Joining the game…');
      return sdk.rooms.join(code).then(attach, function (err) {
        if (kept) {
          store(codeKey, null);
          toTitle();
        } else fail(err);
      });
    }
    friendBtn.addEventListener('click', function () {
      if (!sdk) return fail({ code: 'not_in_frame' });
      waitingFor = 'friend';
      busy('Opening a game…');
      sdk.rooms.create({ maxPlayers: 2, visibility: 'private', turnBased: true, metadata: { mode: o.key } }).then(attach, fail);
    });
    strangerBtn.addEventListener('click', function () {
      if (!sdk) return fail({ code: 'not_in_frame' });
      waitingFor = 'stranger';
      busy('Looking for a player…');
      sdk.rooms
        .quickJoin({ mode: o.key })
        .then(function (found) {
          return found || sdk.rooms.create({ maxPlayers: 2, visibility: 'public', turnBased: true, metadata: { mode: o.key } });
        })
        .then(attach, fail);
    });
    leaveBtn.addEventListener('click', leaveRoom);

    if (sdk) {
      sdk.init().then(
        function () {
          var invite = sdk.rooms.inviteCode,
            kept = stored(codeKey);
          if (invite && invite !== kept) {
            if (kept)
              sdk.rooms.join(kept).then(
                function (r) {
                  return r.leave();
                },
                function () {},
              );
            join(invite, false);
          } else if (kept) join(kept, true);
        },
        function () {},
      );
      sdk.on('invite', function (e) {
        if (mode === 'off' && e && typeof e.inviteCode === 'string') join(e.inviteCode, false);
      });
    }

    return {
      active: function () {
        return mode !== 'off';
      },
      move: move,
    };
  }

  protocol.setup = setup;
  root.ArcadiumOnline = protocol;
})(typeof window !== 'undefined' ? window : this);
