/*!
 * Arcadium game SDK, version 2 (decision D75). Typings: /sdk/v2.d.ts. Guide: sdk/README.md.
 *
 * Served by the games origin at /sdk/v2.js. Include it before your own script:
 *   <script src="/sdk/v2.js"></script>
 *
 * Every call posts one request to the parent window (the Arcadium game page) and returns a Promise:
 *   game → page  { v: 2, id, type, payload }
 *   page → game  { v: 2, id, ok: true, result } or { v: 2, id, ok: false, error: { code, message } }
 * and the page sends events without an id:
 *   page → game  { v: 2, event: "pause" | "resume" | "mute" | "settings" | "room" | "invite" | "adstart", payload }
 *
 * Ads (D151): ads.break(type) and ads.reward() never reject and always settle within 30 s, whatever happens (the
 * page never answers, the frame is reloaded, the ad provider fails): a game never waits on a missing ad.
 *
 * Rooms (D120): the page relays room calls on its own connection to Arcadium, which knows the player from the
 * page's session; the frame never sends who it is. Room calls carry `instance`, a random name for this document,
 * so that the page can tell a reloaded game from the one before it.
 *
 * Replies and events are read only from the parent window. targetOrigin is "*": a request carries no
 * secret, and the page answers only its own game frame coming from the games origin; the page never sends
 * the player's session or any token, only what init() documents.
 *
 * Outside a frame (the game opened directly while developing) nothing is posted: init() answers a guest,
 * data.* use this page's own localStorage, and the other calls log what they would have sent.
 *
 * No dependencies, no network access, no globals other than window.Arcadium.
 */
(function (global) {
  'use strict';

  if (global.Arcadium && global.Arcadium.version === 2) return; // included twice: keep the first

  var TIMEOUT_MS = 10000;
  var AD_TIMEOUT_MS = 30000; // D151
  var AD_TYPES = ['preroll', 'start', 'pause', 'next', 'browse'];
  var MAX_SCORE = 1000000000; // D23
  var MAX_KEY = 128; // D76
  var MAX_EVENT_NAME = 64;
  var PREFIX = '[Arcadium SDK]';
  var EVENTS = ['pause', 'resume', 'mute', 'settings', 'invite'];

  function inFrame() {
    try {
      return global.parent != null && global.parent !== global;
    } catch (e) {
      return true; // a cross-origin parent may throw on access: we are framed
    }
  }
  var framed = inFrame();

  function log(method, msg, value) {
    if (global.console && console[method]) {
      if (arguments.length > 2) console[method](PREFIX + ' ' + msg, value);
      else console[method](PREFIX + ' ' + msg);
    }
  }

  function sdkError(code, message) {
    var err = new Error(message);
    err.name = 'ArcadiumError';
    err.code = code;
    return err;
  }

  function rejected(code, message) {
    return Promise.reject(sdkError(code, message));
  }

  // ---- errors ------------------------------------------------------------------------------------------

  // D134: the game's uncaught errors, a few per page at most, so that its numbers show errors per 1,000 sessions.
  // Only the message leaves (cut to 300 characters); the page counts it, nothing else.
  var errorsSent = 0;
  function reportError(message) {
    if (errorsSent >= 5 || global.parent === global) return;
    errorsSent += 1;
    try {
      global.parent.postMessage({ v: 1, type: 'error', payload: { message: String(message).slice(0, 300) } }, '*');
    } catch (e) {
      /* a page that cannot be told is not told */
    }
  }
  global.addEventListener('error', function (event) {
    reportError(event && event.message ? event.message : 'Script error');
  });
  global.addEventListener('unhandledrejection', function (event) {
    var reason = event && event.reason;
    reportError(reason && reason.message ? reason.message : 'Unhandled rejection: ' + String(reason));
  });

  // ---- requests and replies -------------------------------------------------------------------------

  var pending = {};
  var counter = 0;
  var listeners = { pause: [], resume: [], mute: [], settings: [], invite: [] };

  function newId() {
    counter += 1;
    return 'a' + counter + '-' + Math.random().toString(36).slice(2, 10);
  }

  function request(type, payload) {
    return new Promise(function (resolve, reject) {
      var id = newId();
      var timer = setTimeout(function () {
        delete pending[id];
        reject(sdkError('timeout', type + ': the Arcadium page did not answer within ' + TIMEOUT_MS / 1000 + ' s'));
      }, TIMEOUT_MS);
      pending[id] = { resolve: resolve, reject: reject, timer: timer };
      try {
        global.parent.postMessage({ v: 2, id: id, type: type, payload: payload || {} }, '*');
      } catch (e) {
        clearTimeout(timer);
        delete pending[id];
        reject(sdkError('not_in_frame', type + ': could not post to the Arcadium page'));
      }
    });
  }

  function onMessage(event) {
    if (event.source !== global.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.v !== 2) return;
    if (typeof data.id === 'string') {
      var call = pending[data.id];
      if (!call) return;
      delete pending[data.id];
      clearTimeout(call.timer);
      if (data.ok === true) call.resolve(data.result);
      else {
        var error = data.error && typeof data.error === 'object' ? data.error : {};
        call.reject(
          sdkError(typeof error.code === 'string' ? error.code : 'unavailable', typeof error.message === 'string' ? error.message : 'The call failed'),
        );
      }
      return;
    }
    if (data.event === 'room') {
      onRoomEvent(data.payload);
      return;
    }
    if (data.event === 'adstart') {
      onAdStart(data.payload);
      return;
    }
    if (data.event === 'adframe') {
      onAdFrame(data.payload);
      return;
    }
    if (data.event === 'invite' && data.payload && typeof data.payload === 'object') {
      // the player followed another invite link while the game is open (D122): the code follows it
      inviteCode = typeof data.payload.inviteCode === 'string' ? data.payload.inviteCode : null;
    }
    if (typeof data.event === 'string' && listeners[data.event]) {
      var fns = listeners[data.event].slice();
      for (var i = 0; i < fns.length; i++) {
        try {
          fns[i](data.payload);
        } catch (e) {
          log('error', 'an on("' + data.event + '") listener threw:', e);
        }
      }
    }
  }
  if (framed && global.addEventListener) global.addEventListener('message', onMessage);

  // ---- outside a frame: local stand-ins -------------------------------------------------------------

  var LOCAL_PREFIX = 'arcadium-dev-save:';

  function localSettings() {
    var reduced;
    try {
      reduced = !!(global.matchMedia && global.matchMedia('(prefers-reduced-motion: reduce)').matches);
    } catch (e) {
      reduced = false;
    }
    var locale = (global.navigator && global.navigator.language) || 'en';
    return { muted: false, locale: locale, reducedMotion: reduced };
  }

  function storage() {
    try {
      return global.localStorage || null;
    } catch (e) {
      return null;
    }
  }

  function local(type, payload) {
    var store = storage();
    switch (type) {
      case 'init':
        return Promise.resolve({ user: null, settings: localSettings() });
      case 'data.getItem': {
        var value = store ? store.getItem(LOCAL_PREFIX + payload.key) : null;
        return Promise.resolve(value);
      }
      case 'data.setItem':
        if (store) store.setItem(LOCAL_PREFIX + payload.key, payload.value);
        return Promise.resolve(undefined);
      case 'data.removeItem':
        if (store) store.removeItem(LOCAL_PREFIX + payload.key);
        return Promise.resolve(undefined);
      case 'data.clear':
      case 'data.keys': {
        var keys = [];
        if (store) {
          for (var i = 0; i < store.length; i++) {
            var k = store.key(i);
            if (k && k.indexOf(LOCAL_PREFIX) === 0) keys.push(k.slice(LOCAL_PREFIX.length));
          }
        }
        if (type === 'data.keys') return Promise.resolve(keys.sort());
        for (var j = 0; j < keys.length; j++) store.removeItem(LOCAL_PREFIX + keys[j]);
        return Promise.resolve(undefined);
      }
      case 'achievements.unlock':
        log('info', 'not in a frame, would unlock achievement:', payload.key);
        return Promise.resolve({ unlocked: false });
      default:
        log('info', 'not in a frame, would send:', { v: 2, type: type, payload: payload });
        return Promise.resolve(undefined);
    }
  }

  function call(type, payload) {
    return framed ? request(type, payload) : local(type, payload || {});
  }

  // ---- argument checks ------------------------------------------------------------------------------

  function checkKey(method, key) {
    if (typeof key !== 'string' || key.length < 1 || key.length > MAX_KEY) {
      return sdkError('invalid', 'data.' + method + '(key): the key must be a string of 1 to ' + MAX_KEY + ' characters, got ' + String(key));
    }
    return null;
  }

  function resolvedVoid(promise) {
    return promise.then(function () {
      return undefined;
    });
  }

  // ---- rooms (D120) ---------------------------------------------------------------------------------

  var ROOM_EVENTS = ['join', 'leave', 'drop', 'reconnect', 'message', 'state', 'host', 'joinable', 'closed'];
  var VISIBILITIES = ['private', 'friends', 'public'];
  var MIN_PLAYERS = 2;
  var MAX_PLAYERS = 16;
  var MAX_STATE_KEY = 100;
  var MAX_EARLY_EVENTS = 200;
  var instance = 'i' + Math.random().toString(36).slice(2, 12) + counter.toString(36) + Date.now().toString(36);
  var roomsUsed = false;
  /** the rooms this game sits in, by id */
  var roomsById = {};
  /** events for rooms whose answer has not arrived yet: the page may pass an event before the answer it follows */
  var earlyEvents = [];
  var inviteCode = null;

  function roomCall(type, fields) {
    if (!framed) return rejected('not_in_frame', 'rooms.' + type + '(): rooms work only inside the Arcadium game page');
    roomsUsed = true;
    fields.instance = instance;
    return request('rooms.' + type, fields);
  }

  function copy(value) {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }

  function isSnapshot(value) {
    return !!value && typeof value === 'object' && typeof value.id === 'string' && typeof value.code === 'string' && Array.isArray(value.players);
  }

  function findPlayer(room, playerId) {
    for (var i = 0; i < room.players.length; i++) if (room.players[i].id === playerId) return room.players[i];
    return null;
  }

  function emit(room, type, payload) {
    var fns = room.listeners[type].slice();
    for (var i = 0; i < fns.length; i++) {
      try {
        fns[i](payload);
      } catch (e) {
        log('error', 'a room.on("' + type + '") listener threw:', e);
      }
    }
  }

  /** A snapshot after the page took the seat back (a reconnect): what changed meanwhile is told as events. */
  function applySnapshot(room, snap) {
    var before = room.players;
    room.players = copy(snap.players);
    room.joinable = snap.joinable;
    var i;
    for (i = 0; i < room.players.length; i++) {
      var now = room.players[i];
      var was = null;
      for (var j = 0; j < before.length; j++) if (before[j].id === now.id) was = before[j];
      if (!was) emit(room, 'join', { type: 'join', roomId: room.id, player: copy(now) });
      else if (was.connected !== now.connected)
        emit(room, now.connected ? 'reconnect' : 'drop', { type: now.connected ? 'reconnect' : 'drop', roomId: room.id, playerId: now.id });
      if (now.host && !(was && was.host)) emit(room, 'host', { type: 'host', roomId: room.id, playerId: now.id });
    }
    for (i = 0; i < before.length; i++) {
      if (!findPlayer(room, before[i].id)) emit(room, 'leave', { type: 'leave', roomId: room.id, playerId: before[i].id, reason: 'left' });
    }
    var keys = {};
    var k;
    for (k in room.state) keys[k] = true;
    for (k in snap.state) keys[k] = true;
    for (k in keys) {
      var next = Object.prototype.hasOwnProperty.call(snap.state, k) ? snap.state[k] : null;
      var prev = Object.prototype.hasOwnProperty.call(room.state, k) ? room.state[k] : null;
      if (JSON.stringify(next) === JSON.stringify(prev)) continue;
      if (next === null) delete room.state[k];
      else room.state[k] = copy(next);
      room.stateSeq[k] = snap.seq;
      emit(room, 'state', { type: 'state', roomId: room.id, from: null, seq: snap.seq, at: null, key: k, value: copy(next) });
    }
    if (snap.seq > room.baseSeq) room.baseSeq = snap.seq;
  }

  function applyEvent(room, ev) {
    var player;
    switch (ev.type) {
      case 'join':
        if (!ev.player || typeof ev.player.id !== 'string') return;
        if (findPlayer(room, ev.player.id)) return; // already in the snapshot
        room.players.push(copy(ev.player));
        break;
      case 'leave':
        player = findPlayer(room, ev.playerId);
        if (!player) return;
        room.players.splice(room.players.indexOf(player), 1);
        break;
      case 'drop':
      case 'reconnect':
        player = findPlayer(room, ev.playerId);
        if (!player || player.connected === (ev.type === 'reconnect')) return;
        player.connected = ev.type === 'reconnect';
        break;
      case 'host':
        player = findPlayer(room, ev.playerId);
        if (!player || player.host) return;
        for (var i = 0; i < room.players.length; i++) room.players[i].host = room.players[i] === player;
        break;
      case 'joinable':
        if (room.joinable === ev.joinable) return;
        room.joinable = ev.joinable;
        break;
      case 'message':
        if (ev.seq <= room.baseSeq) return; // sent before this player's snapshot
        break;
      case 'state':
        // an older change than the one this room holds for the key (its own, or the snapshot's)
        if (ev.seq <= room.baseSeq || ev.seq <= (room.stateSeq[ev.key] || 0)) return;
        room.stateSeq[ev.key] = ev.seq;
        if (ev.value === null) delete room.state[ev.key];
        else room.state[ev.key] = copy(ev.value);
        break;
      case 'closed':
        forgetRoom(room);
        break;
      default:
        return;
    }
    emit(room, ev.type, copy(ev));
  }

  function forgetRoom(room) {
    room.gone = true;
    delete roomsById[room.id];
    for (var i = earlyEvents.length - 1; i >= 0; i--) if (earlyEvents[i].roomId === room.id) earlyEvents.splice(i, 1);
  }

  function onRoomEvent(ev) {
    if (!ev || typeof ev !== 'object' || typeof ev.type !== 'string') return;
    if (ev.type === 'snapshot') {
      if (isSnapshot(ev.room) && roomsById[ev.room.id]) applySnapshot(roomsById[ev.room.id], ev.room);
      return;
    }
    var room = roomsById[ev.roomId];
    if (room) applyEvent(room, ev);
    else if (typeof ev.roomId === 'string') {
      earlyEvents.push(ev);
      if (earlyEvents.length > MAX_EARLY_EVENTS) earlyEvents.shift();
    }
  }

  /** The room object for an answer (create, join, quick join): the one already held for that room, or a new one. */
  function roomFromSnapshot(snap) {
    if (!isSnapshot(snap)) throw sdkError('unavailable', 'Arcadium answered without a room');
    var held = roomsById[snap.id];
    if (held) {
      applySnapshot(held, snap);
      return held.api;
    }
    var room = {
      id: snap.id,
      code: snap.code,
      me: snap.me,
      maxPlayers: snap.maxPlayers,
      visibility: snap.visibility,
      turnBased: snap.turnBased,
      metadata: copy(snap.metadata) || {},
      joinable: snap.joinable,
      players: copy(snap.players),
      state: copy(snap.state) || {},
      stateSeq: {},
      baseSeq: snap.seq,
      gone: false,
      listeners: {},
    };
    for (var i = 0; i < ROOM_EVENTS.length; i++) room.listeners[ROOM_EVENTS[i]] = [];
    room.api = roomApi(room);
    roomsById[room.id] = room;
    var mine = [];
    for (var j = earlyEvents.length - 1; j >= 0; j--) {
      if (earlyEvents[j].roomId === room.id) mine.unshift(earlyEvents.splice(j, 1)[0]);
    }
    for (var e = 0; e < mine.length && !room.gone; e++) applyEvent(room, mine[e]);
    return room.api;
  }

  function roomApi(room) {
    function inRoom(method) {
      return room.gone ? sdkError('not_in_room', 'room.' + method + '(): you are no longer in this room') : null;
    }
    function off(event, listener) {
      var list = room.listeners[event];
      if (!list) return;
      var i = list.indexOf(listener);
      if (i >= 0) list.splice(i, 1);
    }
    var api = {
      send: function (data, options) {
        var bad = inRoom('send');
        if (bad) return Promise.reject(bad);
        var text;
        try {
          text = JSON.stringify(data);
        } catch (e) {
          text = undefined;
        }
        if (text === undefined) return rejected('invalid', 'room.send(data): data must be a JSON value (an object, array, string, number, boolean or null)');
        var fields = { roomId: room.id, data: JSON.parse(text) };
        if (options != null && options.to != null) {
          if (typeof options.to !== 'string')
            return rejected('invalid', 'room.send(data, {to}): to must be a player id from room.players, got ' + String(options.to));
          fields.to = options.to;
        }
        return resolvedVoid(roomCall('send', fields));
      },
      setState: function (key, value) {
        var bad = inRoom('setState');
        if (bad) return Promise.reject(bad);
        if (typeof key !== 'string' || key.length < 1 || key.length > MAX_STATE_KEY) {
          return rejected('invalid', 'room.setState(key, value): the key must be a string of 1 to ' + MAX_STATE_KEY + ' characters, got ' + String(key));
        }
        var text = value === undefined ? undefined : JSON.stringify(value);
        if (text === undefined) return rejected('invalid', 'room.setState(key, value): value must be a JSON value (null removes the key)');
        var clean = JSON.parse(text);
        return roomCall('setState', { roomId: room.id, key: key, value: clean }).then(function (result) {
          var seq = result && typeof result.seq === 'number' ? result.seq : 0;
          if (seq > (room.stateSeq[key] || 0)) {
            room.stateSeq[key] = seq;
            if (clean === null) delete room.state[key];
            else room.state[key] = clean;
          }
          return undefined;
        });
      },
      leave: function () {
        if (room.gone) return Promise.resolve(undefined);
        return roomCall('leave', { roomId: room.id }).then(function () {
          forgetRoom(room);
          return undefined;
        });
      },
      kick: function (playerId) {
        var bad = inRoom('kick');
        if (bad) return Promise.reject(bad);
        if (typeof playerId !== 'string')
          return rejected('invalid', 'room.kick(playerId): playerId must be a player id from room.players, got ' + String(playerId));
        return resolvedVoid(roomCall('kick', { roomId: room.id, playerId: playerId }));
      },
      setJoinable: function (joinable) {
        var bad = inRoom('setJoinable');
        if (bad) return Promise.reject(bad);
        if (typeof joinable !== 'boolean') return rejected('invalid', 'room.setJoinable(joinable) needs true or false, got ' + String(joinable));
        return roomCall('setJoinable', { roomId: room.id, joinable: joinable }).then(function () {
          room.joinable = joinable;
          return undefined;
        });
      },
      on: function (event, listener) {
        if (ROOM_EVENTS.indexOf(event) < 0 || typeof listener !== 'function') {
          log('warn', 'room.on(event, listener): event must be one of ' + ROOM_EVENTS.join(', ') + ' and listener a function; got', event);
          return function () {};
        }
        room.listeners[event].push(listener);
        return function () {
          off(event, listener);
        };
      },
      off: off,
    };
    var fields = {
      id: function () {
        return room.id;
      },
      code: function () {
        return room.code;
      },
      me: function () {
        return room.me;
      },
      maxPlayers: function () {
        return room.maxPlayers;
      },
      visibility: function () {
        return room.visibility;
      },
      turnBased: function () {
        return room.turnBased;
      },
      metadata: function () {
        return copy(room.metadata);
      },
      joinable: function () {
        return room.joinable;
      },
      players: function () {
        return copy(room.players);
      },
      state: function () {
        return copy(room.state);
      },
      closed: function () {
        return room.gone;
      },
    };
    for (var name in fields) Object.defineProperty(api, name, { get: fields[name], enumerable: true });
    return Object.freeze ? Object.freeze(api) : api;
  }

  var rooms = {
    create: function (options) {
      var o = options != null && typeof options === 'object' ? options : {};
      var max = o.maxPlayers;
      if (typeof max !== 'number' || Math.floor(max) !== max || max < MIN_PLAYERS || max > MAX_PLAYERS) {
        return rejected(
          'invalid',
          'rooms.create({maxPlayers}): maxPlayers must be an integer from ' + MIN_PLAYERS + ' to ' + MAX_PLAYERS + ', got ' + String(max),
        );
      }
      if (VISIBILITIES.indexOf(o.visibility) < 0) {
        return rejected('invalid', 'rooms.create({visibility}): visibility must be "private", "friends" or "public", got ' + String(o.visibility));
      }
      if (o.turnBased != null && typeof o.turnBased !== 'boolean') {
        return rejected('invalid', 'rooms.create({turnBased}): turnBased must be true, false or left out, got ' + String(o.turnBased));
      }
      if (o.metadata != null && (typeof o.metadata !== 'object' || Array.isArray(o.metadata))) {
        return rejected('invalid', 'rooms.create({metadata}): metadata must be an object');
      }
      var fields = { maxPlayers: max, visibility: o.visibility };
      if (o.turnBased != null) fields.turnBased = o.turnBased;
      if (o.metadata != null) fields.metadata = copy(o.metadata);
      return roomCall('create', fields).then(roomFromSnapshot);
    },
    join: function (code) {
      if (typeof code !== 'string' || code.trim().length < 1) {
        return rejected('invalid', "rooms.join(code): the code must be the room's 6 letters and digits, got " + String(code));
      }
      return roomCall('join', { code: code }).then(roomFromSnapshot);
    },
    quickJoin: function (filter) {
      if (filter != null && (typeof filter !== 'object' || Array.isArray(filter))) {
        return rejected('invalid', 'rooms.quickJoin(filter): the filter must be an object of metadata values');
      }
      var fields = filter != null ? { filter: copy(filter) } : {};
      return roomCall('quickJoin', fields).then(function (snap) {
        return snap == null ? null : roomFromSnapshot(snap);
      });
    },
    list: function () {
      return roomCall('list', {}).then(function (listings) {
        return Array.isArray(listings) ? copy(listings) : [];
      });
    },
    setOwnRoom: function (room) {
      if (room !== null && (typeof room !== 'object' || typeof room.id !== 'string' || typeof room.joinable !== 'boolean')) {
        return rejected('invalid', 'rooms.setOwnRoom(room): room must be {id: string, joinable: boolean, inviteParams?} or null');
      }
      var fields = room === null ? null : { id: room.id, joinable: room.joinable, inviteParams: room.inviteParams != null ? copy(room.inviteParams) : null };
      return resolvedVoid(call('ownRoom.set', { room: fields }));
    },
    showInviteButton: function (params) {
      if (params != null && (typeof params !== 'object' || Array.isArray(params))) {
        return rejected('invalid', 'rooms.showInviteButton(params): params must be an object of short strings or left out');
      }
      return resolvedVoid(call('inviteButton.show', { params: params != null ? copy(params) : null }));
    },
    hideInviteButton: function () {
      return resolvedVoid(call('inviteButton.hide', {}));
    },
  };
  Object.defineProperty(rooms, 'inviteCode', {
    get: function () {
      return inviteCode;
    },
    enumerable: true,
  });

  // A game that navigates away (or reloads itself) leaves its seats to drop, as a closed connection's do.
  if (framed && global.addEventListener) {
    global.addEventListener('pagehide', function () {
      if (!roomsUsed) return;
      try {
        global.parent.postMessage({ v: 2, id: newId(), type: 'rooms.unload', payload: { instance: instance } }, '*');
      } catch (e) {
        // the page is gone too
      }
    });
  }

  // ---- ads (D151) -----------------------------------------------------------------------------------

  /** onStart callbacks of the ad calls waiting for an answer, by request id */
  var adStarts = {};

  function onAdStart(payload) {
    var id = payload && typeof payload.id === 'string' ? payload.id : null;
    var fn = id ? adStarts[id] : null;
    if (!fn) return;
    delete adStarts[id];
    try {
      fn();
    } catch (e) {
      log('error', 'an ad onStart callback threw:', e);
    }
  }

  // ---- ads that run in this document (D152: Google H5 Games Ads) ------------------------------------

  // Google requires its tag in the document that hosts the game. Only this address is ever loaded, and only when the
  // page says so: the page asks only after the server's policy and the player's consent to advertising allowed it.
  var GOOGLE_AD_TAG = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';
  var GOOGLE_BREAK_TYPES = ['preroll', 'start', 'pause', 'next', 'browse', 'reward'];
  var googleTagLoaded = false;
  var googleTagFailed = false;
  /** breaks asked before the tag loaded: if it never loads (blocked), each is done as notReady */
  var googleWaiting = [];

  function emitToGame(name, payload) {
    var fns = (listeners[name] || []).slice();
    for (var i = 0; i < fns.length; i++) {
      try {
        fns[i](payload);
      } catch (e) {
        log('error', 'an on("' + name + '") listener threw:', e);
      }
    }
  }

  /** The Ad Placement API's adBreak/adConfig: both push onto the tag's queue (adsbygoogle), loaded here once. */
  function googlePush(config) {
    global.adsbygoogle = global.adsbygoogle || [];
    if (!googleTagLoaded) {
      googleTagLoaded = true;
      var tag = global.document.createElement('script');
      tag.async = true;
      tag.src = GOOGLE_AD_TAG;
      tag.crossOrigin = 'anonymous';
      tag.setAttribute('data-ad-client', config.clientId);
      tag.setAttribute('data-ad-frequency-hint', config.frequencyHint);
      if (config.testMode === true) tag.setAttribute('data-adbreak-test', 'on');
      tag.onload = function () {
        googleWaiting = [];
      };
      tag.onerror = function () {
        googleTagFailed = true;
        var waiting = googleWaiting;
        googleWaiting = [];
        for (var i = 0; i < waiting.length; i++) waiting[i]();
      };
      (global.document.head || global.document.documentElement).appendChild(tag);
      global.adsbygoogle.push({ preloadAdBreaks: 'on', sound: config.muted === true ? 'off' : 'on' });
    }
    return function (options) {
      global.adsbygoogle.push(options);
    };
  }

  /**
   * The page hands this document an ad to run here: adBreak with our placement as Google's type; what Google calls
   * back goes to the page as ads.frame (before, after, done with its breakStatus), which answers the game's call.
   * beforeAd pauses and mutes the game at once, as Google requires (the game's onStart, pause, mute).
   */
  function onAdFrame(p) {
    if (!p || typeof p !== 'object' || p.provider !== 'google' || typeof p.id !== 'string') return;
    if (GOOGLE_BREAK_TYPES.indexOf(p.type) < 0 || typeof p.clientId !== 'string') return;
    var id = p.id;
    var done = false;
    function report(stage, status) {
      try {
        global.parent.postMessage({ v: 2, id: newId(), type: 'ads.frame', payload: { id: id, stage: stage, breakStatus: status || '' } }, '*');
      } catch (e) {
        log('warn', 'could not tell the page about the ad:', e);
      }
    }
    var placement = {
      type: p.type,
      name: typeof p.name === 'string' ? p.name : p.type,
      beforeAd: function () {
        onAdStart({ id: id });
        emitToGame('pause', {});
        emitToGame('mute', { muted: true });
        report('before');
      },
      afterAd: function () {
        report('after');
      },
      adBreakDone: function (info) {
        if (done) return;
        done = true;
        report('done', info && typeof info.breakStatus === 'string' ? info.breakStatus : 'other');
      },
    };
    if (p.type === 'reward') {
      // the player already chose the reward (Arcadium.ads.reward()), so the prompt is answered at once
      placement.beforeReward = function (showAdFn) {
        showAdFn();
      };
      placement.adDismissed = function () {};
      placement.adViewed = function () {};
    }
    if (googleTagFailed) {
      placement.adBreakDone({ breakStatus: 'notReady' });
      return;
    }
    try {
      var push = googlePush(p);
      googleWaiting.push(function () {
        placement.adBreakDone({ breakStatus: 'notReady' });
      });
      push(placement);
    } catch (e) {
      done = true;
      report('done', 'error');
    }
  }

  /**
   * One ad call: posts the request and settles with what the page answers, or with `fallback(reason)` when the
   * page answers an error, nothing within AD_TIMEOUT_MS, or cannot be reached. Never rejects.
   */
  function adCall(type, payload, onStart, answer, fallback) {
    if (!framed) {
      log('info', 'not in a frame, no ad for:', type);
      return Promise.resolve(fallback('not_in_frame'));
    }
    return new Promise(function (resolve) {
      var id = newId();
      var settled = false;
      function finish(value) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        delete pending[id];
        delete adStarts[id];
        resolve(value);
      }
      var timer = setTimeout(function () {
        finish(fallback('timeout'));
      }, AD_TIMEOUT_MS);
      if (typeof onStart === 'function') adStarts[id] = onStart;
      pending[id] = {
        resolve: function (result) {
          finish(answer(result));
        },
        reject: function () {
          finish(fallback('error'));
        },
        timer: timer,
      };
      try {
        global.parent.postMessage({ v: 2, id: id, type: type, payload: payload }, '*');
      } catch (e) {
        finish(fallback('not_in_frame'));
      }
    });
  }

  function onStartOf(options) {
    return options != null && typeof options === 'object' && typeof options.onStart === 'function' ? options.onStart : null;
  }

  var ads = {
    break: function (type, options) {
      var kind = type == null ? 'next' : type;
      if (AD_TYPES.indexOf(kind) < 0) {
        log('warn', 'ads.break(type): type must be one of ' + AD_TYPES.join(', ') + '; got', type);
        return Promise.resolve({ shown: false, reason: 'invalid' });
      }
      return adCall(
        'ads.break',
        { placement: kind },
        onStartOf(options),
        function (result) {
          var shown = !!(result && result.shown === true);
          return { shown: shown, reason: result && typeof result.reason === 'string' ? result.reason : shown ? 'shown' : 'error' };
        },
        function (reason) {
          return { shown: false, reason: reason };
        },
      );
    },
    reward: function (options) {
      return adCall(
        'ads.reward',
        {},
        onStartOf(options),
        function (result) {
          return { granted: !!(result && result.granted === true) };
        },
        function () {
          return { granted: false };
        },
      );
    },
  };

  // ---- the API --------------------------------------------------------------------------------------

  var Arcadium = {
    version: 2,

    init: function () {
      return call('init', {}).then(function (result) {
        if (result && typeof result.inviteCode === 'string') inviteCode = result.inviteCode;
        return result;
      });
    },

    gameplay: {
      start: function () {
        return resolvedVoid(call('gameplay.start', {}));
      },
      stop: function () {
        return resolvedVoid(call('gameplay.stop', {}));
      },
    },

    loading: {
      progress: function (fraction) {
        if (typeof fraction !== 'number' || !isFinite(fraction)) {
          return rejected('invalid', 'loading.progress(fraction) needs a finite number from 0 to 1, got ' + String(fraction));
        }
        var p = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
        if (p !== fraction) log('warn', 'loading.progress(fraction) clamped to 0..1, got', fraction);
        return resolvedVoid(call('loading.progress', { progress: p }));
      },
      done: function () {
        return resolvedVoid(call('loading.done', {}));
      },
    },

    happyTime: function () {
      return resolvedVoid(call('happytime', {}));
    },

    scores: {
      submit: function (score, options) {
        if (typeof score !== 'number' || !isFinite(score)) {
          return rejected('invalid', 'scores.submit(score) needs a finite number, got ' + String(score));
        }
        var rounded = Math.round(score);
        if (rounded < 0 || rounded > MAX_SCORE) {
          return rejected('invalid', 'scores.submit(score) needs an integer from 0 to ' + MAX_SCORE + ', got ' + String(score));
        }
        if (rounded !== score) log('warn', 'scores.submit(score) rounded a non-integer score:', score);
        var won = null;
        if (options != null && options.won != null) {
          if (typeof options.won !== 'boolean') {
            return rejected('invalid', 'scores.submit(score, {won}) expects won to be true, false or left out, got ' + String(options.won));
          }
          won = options.won;
        }
        return resolvedVoid(call('score.submit', { score: rounded, won: won }));
      },
    },

    data: {
      getItem: function (key) {
        var bad = checkKey('getItem', key);
        if (bad) return Promise.reject(bad);
        return call('data.getItem', { key: key }).then(function (value) {
          return typeof value === 'string' ? value : null;
        });
      },
      setItem: function (key, value) {
        var bad = checkKey('setItem', key);
        if (bad) return Promise.reject(bad);
        if (typeof value !== 'string') {
          return rejected('invalid', 'data.setItem(key, value): the value must be a string (use JSON.stringify for objects), got ' + typeof value);
        }
        return resolvedVoid(call('data.setItem', { key: key, value: value }));
      },
      removeItem: function (key) {
        var bad = checkKey('removeItem', key);
        if (bad) return Promise.reject(bad);
        return resolvedVoid(call('data.removeItem', { key: key }));
      },
      clear: function () {
        return resolvedVoid(call('data.clear', {}));
      },
      keys: function () {
        return call('data.keys', {}).then(function (keys) {
          return Array.isArray(keys) ? keys.slice() : [];
        });
      },
    },

    achievements: {
      unlock: function (key) {
        if (typeof key !== 'string' || !/^[a-z0-9_-]{1,64}$/.test(key)) {
          return rejected('invalid', 'achievements.unlock(key): the key must be 1 to 64 of a-z, 0-9, _ and -, got ' + String(key));
        }
        return call('achievements.unlock', { key: key }).then(function (result) {
          return { unlocked: !!(result && result.unlocked === true) };
        });
      },
    },

    rooms: rooms,

    ads: ads,

    on: function (event, listener) {
      if (EVENTS.indexOf(event) < 0 || typeof listener !== 'function') {
        log('warn', 'on(event, listener): event must be one of ' + EVENTS.join(', ') + ' and listener a function; got', event);
        return function () {};
      }
      listeners[event].push(listener);
      return function () {
        var i = listeners[event].indexOf(listener);
        if (i >= 0) listeners[event].splice(i, 1);
      };
    },

    track: function (name, props) {
      if (typeof name !== 'string' || name.length < 1 || name.length > MAX_EVENT_NAME) {
        return rejected('invalid', 'track(name): the name must be a string of 1 to ' + MAX_EVENT_NAME + ' characters, got ' + String(name));
      }
      var clean = {};
      if (props != null && typeof props === 'object') {
        for (var k in props) {
          if (!Object.prototype.hasOwnProperty.call(props, k)) continue;
          var v = props[k];
          if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') clean[k] = v;
        }
      }
      return resolvedVoid(call('track', { name: name, props: clean }));
    },
  };

  if (Object.freeze) {
    Object.freeze(Arcadium.gameplay);
    Object.freeze(Arcadium.loading);
    Object.freeze(Arcadium.scores);
    Object.freeze(Arcadium.data);
    Object.freeze(Arcadium.achievements);
    Object.freeze(Arcadium.rooms);
    Object.freeze(Arcadium.ads);
    Object.freeze(Arcadium);
  }
  global.Arcadium = Arcadium;
})(typeof window !== 'undefined' ? window : this);
