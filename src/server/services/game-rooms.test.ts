import { describe, expect, it } from "vitest";
import {
  ROOM_CODE_ALPHABET,
  ROOM_MESSAGE_MAX_BYTES,
  ROOM_MESSAGES_PER_SECOND,
  ROOM_OPEN_ROOMS_PER_PLAYER,
  ROOM_SEAT_GRACE_MS,
  ROOM_STATE_MAX_BYTES,
  ROOM_TURN_BASED_KEEP_MS,
  type RoomEvent,
} from "../../contract/rooms";
import {
  GameRooms,
  MessageRateBucket,
  type GameRoomsOptions,
  type RoomActor,
  type RoomOutcome,
  type RoomResult,
} from "./game-rooms";

const GAME = 7;
const OTHER_GAME = 8;

/** A GameRooms on a clock the test moves, with friendships and school mode the test sets. */
function setup(options: Partial<GameRoomsOptions> = {}) {
  const clock = { now: 1_800_000_000_000 };
  const friendships = new Set<string>();
  const school = { on: false };
  let ids = 0;
  const rooms = new GameRooms({
    now: () => clock.now,
    areFriends: (a, b) => friendships.has(`${Math.min(a, b)}-${Math.max(a, b)}`),
    schoolMode: () => school.on,
    newRoomId: () => `room-${++ids}`,
    ...options,
  });
  return {
    rooms,
    clock,
    school,
    befriend: (a: number, b: number) => friendships.add(`${Math.min(a, b)}-${Math.max(a, b)}`),
    advance: (ms: number) => (clock.now += ms),
  };
}

function user(userId: number, connectionId = `conn-u${userId}`): RoomActor {
  return {
    member: { kind: "user", userId, name: `player${userId}`, avatarUrl: `/uploads/avatars/${userId}.png` },
    connectionId,
  };
}

function guest(guestId: string): RoomActor {
  return { member: { kind: "guest", guestId, name: `Guest ${guestId}` }, connectionId: `conn-g${guestId}` };
}

function expectOk<T>(result: RoomResult<T>): { value: T } & RoomOutcome {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result;
}

function expectError<T>(result: RoomResult<T>, code: string) {
  expect(result.ok ? "ok" : result.error.code).toBe(code);
  if (!result.ok) expect(result.error.message.length).toBeGreaterThan(5);
}

/** The events one connection is sent by an outcome, in order. */
function eventsFor(outcome: RoomOutcome, connectionId: string): RoomEvent[] {
  return outcome.deliveries.filter((d) => d.to.includes(connectionId)).map((d) => d.event);
}

/** A room created by user 1 with users 2.. seated. */
function roomWith(
  t: ReturnType<typeof setup>,
  players: number,
  create: Partial<{ turnBased: boolean; maxPlayers: number }> = {},
) {
  const room = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 4, visibility: "private", ...create })).value;
  for (let id = 2; id <= players; id++) expectOk(t.rooms.join(user(id), GAME, room.code));
  return room;
}

describe("creating and joining", () => {
  it("gives a 6-character code without look-alikes and seats the creator as host", () => {
    const t = setup();
    const room = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "public" })).value;
    expect(room.code).toMatch(new RegExp(`^[${ROOM_CODE_ALPHABET}]{6}$`));
    expect(ROOM_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(room.me).toBe("u1");
    expect(room.players).toEqual([
      { id: "u1", name: "player1", avatarUrl: "/uploads/avatars/1.png", connected: true, host: true },
    ]);
  });

  it("draws again when a code is taken by an open room, and says so when none is free", () => {
    const draws = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    const t = setup({ randomInt: () => draws.shift() ?? 0 });
    expect(expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "public" })).value.code).toBe("AAAAAA");
    expect(expectOk(t.rooms.create(user(2), GAME, { maxPlayers: 2, visibility: "public" })).value.code).toBe("BBBBBB");
    expectError(t.rooms.create(user(3), GAME, { maxPlayers: 2, visibility: "public" }), "busy");
  });

  it("joins by code, telling the others only id, name and avatar", () => {
    const t = setup();
    const room = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 3, visibility: "private" })).value;
    const joined = expectOk(t.rooms.request(user(2), GAME, { type: "join", code: ` ${room.code.toLowerCase()} ` }));
    expect(joined.value).toMatchObject({ id: room.id, me: "u2", players: [{ id: "u1" }, { id: "u2", host: false }] });
    expect(eventsFor(joined, "conn-u1")).toEqual([
      {
        type: "join",
        roomId: room.id,
        player: { id: "u2", name: "player2", avatarUrl: "/uploads/avatars/2.png", connected: true, host: false },
      },
    ]);
    expect(eventsFor(joined, "conn-u2")).toEqual([]);
    expectError(t.rooms.join(user(3), OTHER_GAME, room.code), "not_found");
    expectError(t.rooms.join(user(3), GAME, "ZZZZZZ"), "not_found");
  });

  it("refuses a full room and a room that is not joinable, and only the host may change that", () => {
    const t = setup();
    const room = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "public" })).value;
    expectError(t.rooms.setJoinable(user(1), room.id, false), "ok");
    expectError(t.rooms.join(user(2), GAME, room.code), "not_joinable");
    expect(t.rooms.list(GAME)).toEqual([]);
    const reopened = expectOk(t.rooms.setJoinable(user(1), room.id, true));
    expect(reopened.deliveries).toEqual([]);
    const second = expectOk(t.rooms.join(user(2), GAME, room.code));
    expect(second.value.joinable).toBe(true);
    expectError(t.rooms.setJoinable(user(2), room.id, false), "not_host");
    const closed = expectOk(t.rooms.setJoinable(user(1), room.id, false));
    expect(eventsFor(closed, "conn-u2")).toEqual([{ type: "joinable", roomId: room.id, joinable: false }]);
    expect(t.rooms.roomView(room.id, "u1")?.joinable).toBe(false);
    expectOk(t.rooms.setJoinable(user(1), room.id, true));
    expectError(t.rooms.join(user(3), GAME, room.code), "full");
  });

  it("answers a request it cannot read with an error, never by throwing", () => {
    const t = setup();
    const room = roomWith(t, 1);
    const bad: unknown[] = [
      null,
      "join",
      { type: "fly" },
      { type: "create", maxPlayers: 17, visibility: "public" },
      { type: "create", maxPlayers: 1, visibility: "public" },
      { type: "create", maxPlayers: 2, visibility: "secret" },
      { type: "create", maxPlayers: 2, visibility: "public", metadata: { blob: "x".repeat(2000) } },
      { type: "join", code: "O0O0O0" },
      { type: "send", roomId: room.id, data: 1, from: "u9" },
      { type: "send", roomId: room.id },
      { type: "setState", roomId: room.id, key: "", value: 1 },
    ];
    for (const raw of bad) expectError(t.rooms.request(user(1), GAME, raw), "invalid");
    expectError(t.rooms.create(user(1), GAME, { maxPlayers: 40, visibility: "public" }), "invalid");
  });
});

describe("messages and state", () => {
  it("stamps from, seq and at on the server, one increasing counter a room", () => {
    const t = setup();
    const room = roomWith(t, 3);
    const first = expectOk(t.rooms.send(user(2), room.id, { move: 1 }));
    t.advance(5);
    const second = expectOk(t.rooms.setState(user(1), room.id, "board", [1, 0, 0]));
    t.advance(5);
    const third = expectOk(t.rooms.send(user(3), room.id, "hello", "u1"));
    expect([first.value.seq, second.value.seq, third.value.seq]).toEqual([1, 2, 3]);
    expect(eventsFor(first, "conn-u1")).toEqual([
      { type: "message", roomId: room.id, from: "u2", seq: 1, at: t.clock.now - 10, data: { move: 1 } },
    ]);
    expect(eventsFor(first, "conn-u2")).toEqual([]);
    expect(eventsFor(second, "conn-u3")).toEqual([
      { type: "state", roomId: room.id, from: "u1", seq: 2, at: t.clock.now - 5, key: "board", value: [1, 0, 0] },
    ]);
    expect(third.deliveries).toEqual([
      {
        to: ["conn-u1"],
        event: { type: "message", roomId: room.id, from: "u3", seq: 3, at: t.clock.now, data: "hello" },
      },
    ]);
    expect(t.rooms.roomView(room.id, "u3")).toMatchObject({ seq: 3, state: { board: [1, 0, 0] } });
  });

  it("relays to one player only when that player is seated and connected", () => {
    const t = setup();
    const room = roomWith(t, 3);
    expectError(t.rooms.send(user(1), room.id, 1, "u9"), "player_not_found");
    t.rooms.drop("conn-u3");
    expectError(t.rooms.send(user(1), room.id, 1, "u3"), "not_connected");
    expectError(t.rooms.send(user(9), room.id, 1), "not_in_room");
    expectError(t.rooms.send(user(1), "room-404", 1), "not_found");
  });

  it("relays a message of 16 KB and refuses a larger one", () => {
    const t = setup();
    const room = roomWith(t, 2);
    const fits = "x".repeat(ROOM_MESSAGE_MAX_BYTES - 2);
    expectOk(t.rooms.send(user(1), room.id, fits));
    expectError(t.rooms.send(user(1), room.id, fits + "x"), "message_too_large");
    expect(t.rooms.roomView(room.id, "u1")?.seq).toBe(1);
  });

  it("keeps up to 64 KB of state, refuses more without losing anything, and frees a key set to null", () => {
    const t = setup();
    const room = roomWith(t, 2);
    const big = "x".repeat(ROOM_STATE_MAX_BYTES - 1024);
    expectOk(t.rooms.setState(user(1), room.id, "big", big));
    expectOk(t.rooms.setState(user(2), room.id, "small", "y".repeat(500)));
    expectError(t.rooms.setState(user(2), room.id, "more", "z".repeat(1024)), "state_too_large");
    expect(t.rooms.roomView(room.id, "u1")?.state).toEqual({ big, small: "y".repeat(500) });
    const removed = expectOk(t.rooms.setState(user(1), room.id, "big", null));
    expect(eventsFor(removed, "conn-u2")).toMatchObject([{ type: "state", key: "big", value: null }]);
    expectOk(t.rooms.setState(user(2), room.id, "more", "z".repeat(1024)));
    expect(Object.keys(t.rooms.roomView(room.id, "u1")?.state ?? {})).toEqual(["small", "more"]);
  });

  it("counts the state as its JSON, to the byte", () => {
    const t = setup();
    const room = roomWith(t, 2);
    const a = "x".repeat(1000);
    const b = "y".repeat(ROOM_STATE_MAX_BYTES - JSON.stringify({ a, b: "" }).length);
    expectOk(t.rooms.setState(user(1), room.id, "a", a));
    expectOk(t.rooms.setState(user(1), room.id, "b", b));
    expect(JSON.stringify(t.rooms.roomView(room.id, "u1")?.state).length).toBe(ROOM_STATE_MAX_BYTES);
    expectError(t.rooms.setState(user(1), room.id, "b", `${b}y`), "state_too_large");
    expectError(t.rooms.setState(user(1), room.id, "c", 1), "state_too_large");
    expectOk(t.rooms.setState(user(1), room.id, "a", null));
    expectOk(t.rooms.setState(user(1), room.id, "b", `${b}y`));
  });
});

describe("seats", () => {
  it("keeps a dropped player's seat for 30 s and gives it back on rejoining", () => {
    const t = setup();
    const room = roomWith(t, 2);
    const dropped = t.rooms.drop("conn-u2");
    expect(eventsFor(dropped, "conn-u1")).toEqual([{ type: "drop", roomId: room.id, playerId: "u2" }]);
    expect(t.rooms.nextDeadline()).toBe(t.clock.now + ROOM_SEAT_GRACE_MS);
    t.advance(ROOM_SEAT_GRACE_MS - 1);
    expect(t.rooms.tick().deliveries).toEqual([]);
    const back = expectOk(t.rooms.join(user(2, "conn-u2-new"), GAME, room.code));
    expect(eventsFor(back, "conn-u1")).toEqual([{ type: "reconnect", roomId: room.id, playerId: "u2" }]);
    expect(back.value.players.map((p) => [p.id, p.connected])).toEqual([
      ["u1", true],
      ["u2", true],
    ]);
    expect(t.rooms.nextDeadline()).toBeNull();
    t.advance(ROOM_SEAT_GRACE_MS);
    expect(t.rooms.tick().deliveries).toEqual([]);
  });

  it("frees the seat 30 s after the drop; coming back later is a new join", () => {
    const t = setup();
    const room = roomWith(t, 3);
    t.rooms.drop("conn-u3");
    t.advance(ROOM_SEAT_GRACE_MS);
    const expired = t.rooms.tick();
    expect(eventsFor(expired, "conn-u1")).toEqual([
      { type: "leave", roomId: room.id, playerId: "u3", reason: "timeout" },
    ]);
    expect(t.rooms.openRoomCount("u3")).toBe(0);
    const again = expectOk(t.rooms.join(user(3), GAME, room.code));
    expect(eventsFor(again, "conn-u1").map((e) => e.type)).toEqual(["join"]);
  });

  it("passes the host to the longest connected player when the host drops or leaves", () => {
    const t = setup();
    const room = roomWith(t, 1);
    t.advance(1);
    expectOk(t.rooms.join(user(2), GAME, room.code));
    t.advance(1);
    expectOk(t.rooms.join(user(3), GAME, room.code));
    t.advance(1);
    // player 2 joined before player 3 but has been connected for less time since coming back
    t.rooms.drop("conn-u2");
    t.advance(1);
    expectOk(t.rooms.join(user(2), GAME, room.code));
    const hostDropped = t.rooms.drop("conn-u1");
    expect(eventsFor(hostDropped, "conn-u2")).toEqual([
      { type: "drop", roomId: room.id, playerId: "u1" },
      { type: "host", roomId: room.id, playerId: "u3" },
    ]);
    expectError(t.rooms.kick(user(1), room.id, "u2"), "not_in_room");
    t.advance(1);
    const back = expectOk(t.rooms.join(user(1), GAME, room.code));
    expect(back.value.players.find((p) => p.host)?.id).toBe("u3");
    const left = expectOk(t.rooms.leave(user(3), room.id));
    expect(eventsFor(left, "conn-u1")).toEqual([
      { type: "leave", roomId: room.id, playerId: "u3", reason: "left" },
      { type: "host", roomId: room.id, playerId: "u2" },
    ]);
  });

  it("moves a seat to a player's new connection and tells the old one", () => {
    const t = setup();
    const room = roomWith(t, 2);
    const moved = expectOk(t.rooms.join(user(2, "conn-u2-tab2"), GAME, room.code));
    expect(moved.deliveries).toEqual([
      { to: ["conn-u2"], event: { type: "closed", roomId: room.id, reason: "replaced" } },
    ]);
    expectError(t.rooms.send(user(2), room.id, 1), "not_in_room");
    expect(t.rooms.drop("conn-u2").deliveries).toEqual([]);
    const sent = expectOk(t.rooms.send(user(2, "conn-u2-tab2"), room.id, 1));
    expect(sent.deliveries[0]?.to).toEqual(["conn-u1"]);
  });

  it("lets only the host kick, and a kicked player cannot come back", () => {
    const t = setup();
    const room = roomWith(t, 3);
    expectError(t.rooms.kick(user(2), room.id, "u3"), "not_host");
    expectError(t.rooms.kick(user(1), room.id, "u9"), "player_not_found");
    expectError(t.rooms.kick(user(1), room.id, "u1"), "invalid");
    const kicked = expectOk(t.rooms.kick(user(1), room.id, "u3"));
    expect(eventsFor(kicked, "conn-u3")).toEqual([{ type: "closed", roomId: room.id, reason: "kicked" }]);
    expect(eventsFor(kicked, "conn-u2")).toEqual([
      { type: "leave", roomId: room.id, playerId: "u3", reason: "kicked" },
    ]);
    expectError(t.rooms.join(user(3), GAME, room.code), "kicked");
    expectError(t.rooms.send(user(3), room.id, 1), "not_in_room");
  });

  it("closes a real-time room when its last seat is freed", () => {
    const t = setup();
    const room = roomWith(t, 2);
    expectOk(t.rooms.leave(user(2), room.id));
    t.rooms.drop("conn-u1");
    t.advance(ROOM_SEAT_GRACE_MS);
    const closed = t.rooms.tick();
    expect(closed).toEqual({ deliveries: [], save: [], forget: [], listed: [], closed: [room.id], turns: [] });
    expect(t.rooms.roomView(room.id, "u1")).toBeNull();
    expectError(t.rooms.join(user(1), GAME, room.code), "not_found");
    expect(t.rooms.nextDeadline()).toBeNull();
  });
});

describe("school mode", () => {
  it("closes every room but the friends rooms when it is switched on (D124)", () => {
    const t = setup();
    const open = roomWith(t, 2);
    const turns = expectOk(t.rooms.create(user(3), GAME, { maxPlayers: 2, visibility: "public", turnBased: true }));
    t.befriend(4, 5);
    const friends = expectOk(t.rooms.create(user(4), GAME, { maxPlayers: 2, visibility: "friends" })).value;
    expectOk(t.rooms.join(user(5), GAME, friends.code));
    const closed = t.rooms.closeNotAmongFriends();
    expect(closed.closed.sort()).toEqual([open.id, turns.value.id].sort());
    expect(closed.forget).toEqual([turns.value.id]);
    expect(eventsFor(closed, "conn-u2")).toEqual([{ type: "closed", roomId: open.id, reason: "school_mode" }]);
    expect(eventsFor(closed, "conn-u5")).toEqual([]);
    expect(t.rooms.roomIds()).toEqual([friends.id]);
  });
});

describe("turn-based rooms", () => {
  it("keep their seats while nobody is connected and close 7 days after the last activity", () => {
    const t = setup();
    const room = roomWith(t, 2, { turnBased: true });
    expectOk(t.rooms.setState(user(1), room.id, "turn", "u2"));
    t.rooms.drop("conn-u1");
    t.rooms.drop("conn-u2");
    const lastActivity = t.clock.now;
    t.advance(ROOM_SEAT_GRACE_MS * 10);
    expect(t.rooms.tick()).toEqual({ deliveries: [], save: [], forget: [], listed: [], closed: [], turns: [] });
    expect(t.rooms.roomView(room.id, "u2")?.players.map((p) => p.connected)).toEqual([false, false]);
    expect(t.rooms.nextDeadline()).toBe(lastActivity + ROOM_TURN_BASED_KEEP_MS);
    t.clock.now = lastActivity + ROOM_TURN_BASED_KEEP_MS - 1;
    expect(t.rooms.tick().forget).toEqual([]);
    t.advance(1);
    expect(t.rooms.tick().forget).toEqual([room.id]);
    expectError(t.rooms.join(user(2), GAME, room.code), "not_found");
  });

  it("name the signed-in player away whose turn it is: set to them, or dropping on it (D121)", () => {
    const t = setup();
    const room = roomWith(t, 2, { turnBased: true });
    expectOk(t.rooms.join(guest("x"), GAME, room.code));
    expect(expectOk(t.rooms.setState(user(1), room.id, "turn", "u2")).turns).toEqual([]);
    expect(t.rooms.drop("conn-u2").turns).toEqual([
      { userId: 2, roomId: room.id, gameId: GAME, code: room.code, with: { userId: 1, name: "player1" } },
    ]);
    expect(expectOk(t.rooms.setState(guest("x"), room.id, "turn", "u2")).turns).toEqual([
      { userId: 2, roomId: room.id, gameId: GAME, code: room.code, with: { userId: null, name: "Guest x" } },
    ]);
    t.rooms.drop("conn-gx");
    expect(expectOk(t.rooms.setState(user(1), room.id, "turn", "gx")).turns).toEqual([]);
    expect(expectOk(t.rooms.setState(user(1), room.id, "next", "u2")).turns).toEqual([]);

    // a real-time room has no turns to be told of
    const rt = setup();
    const realTime = roomWith(rt, 2);
    rt.rooms.drop("conn-u2");
    expect(expectOk(rt.rooms.setState(user(1), realTime.id, "turn", "u2")).turns).toEqual([]);
  });

  it("are handed to the caller to persist on every change, and restored after a restart", () => {
    const t = setup();
    const room = roomWith(t, 2, { turnBased: true, maxPlayers: 2 });
    const moved = expectOk(t.rooms.setState(user(1), room.id, "board", [[1, 0]]));
    expect(moved.save.map((saved) => saved.id)).toEqual([room.id]);
    expectOk(t.rooms.send(user(2), room.id, "your move"));
    const saved = t.rooms.snapshot(room.id);
    const stored: unknown = JSON.parse(JSON.stringify(saved));

    const restarted = setup();
    restarted.clock.now = t.clock.now + 60_000;
    expect(restarted.rooms.restore([stored])).toEqual({ restored: [room.id], skipped: [], forget: [] });
    expect(restarted.rooms.roomView(room.id, "u1")).toMatchObject({
      code: room.code,
      seq: 2,
      state: { board: [[1, 0]] },
      players: [
        { id: "u1", connected: false, host: true },
        { id: "u2", connected: false, host: false },
      ],
    });
    expectError(restarted.rooms.join(user(3), GAME, room.code), "full");
    expectOk(restarted.rooms.join(user(2), GAME, room.code));
    const next = expectOk(restarted.rooms.send(user(2), room.id, "still here"));
    expect(next.value.seq).toBe(3);
    expect(restarted.rooms.roomView(room.id, "u1")?.players.find((p) => p.host)?.id).toBe("u2");
  });

  it("restores nothing malformed, expired, real-time or clashing", () => {
    const t = setup();
    const turnBased = roomWith(t, 2, { turnBased: true });
    const realTime = expectOk(t.rooms.create(user(5), GAME, { maxPlayers: 2, visibility: "public" })).value;
    const kept = t.rooms.snapshot(turnBased.id);
    const expired = { ...kept, id: "old", code: "CCCCCC", lastActiveAt: t.clock.now - ROOM_TURN_BASED_KEEP_MS };
    const result = t.rooms.restore([kept, expired, t.rooms.snapshot(realTime.id), { id: "x", seats: "?" }, null]);
    expect(result.restored).toEqual([]);
    expect(result.skipped).toEqual([
      { id: turnBased.id, reason: "clash" },
      { id: "old", reason: "expired" },
      { id: realTime.id, reason: "not_turn_based" },
      { id: "x", reason: "malformed" },
      { id: null, reason: "malformed" },
    ]);
    expect(result.forget).toEqual(["old", realTime.id]);
  });

  it("real-time rooms are never handed over to persist", () => {
    const t = setup();
    const room = roomWith(t, 2);
    expect(expectOk(t.rooms.setState(user(1), room.id, "k", 1)).save).toEqual([]);
  });
});

describe("who may play where", () => {
  it("seats guests in public and private rooms but not in friends rooms", () => {
    const t = setup();
    const open = expectOk(t.rooms.create(guest("abc"), GAME, { maxPlayers: 4, visibility: "public" })).value;
    expect(open.players[0]).toEqual({ id: "gabc", name: "Guest abc", avatarUrl: null, connected: true, host: true });
    const privateRoom = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 4, visibility: "private" })).value;
    expectOk(t.rooms.join(guest("def"), GAME, privateRoom.code));
    expectError(t.rooms.create(guest("abc"), GAME, { maxPlayers: 2, visibility: "friends" }), "guests_not_allowed");
    const friendsRoom = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 4, visibility: "friends" })).value;
    expectError(t.rooms.join(guest("def"), GAME, friendsRoom.code), "guests_not_allowed");
  });

  it("admits to a friends room only friends of everyone in it", () => {
    const t = setup();
    t.befriend(1, 2);
    t.befriend(1, 3);
    const room = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 4, visibility: "friends" })).value;
    expectError(t.rooms.join(user(4), GAME, room.code), "friends_only");
    expectOk(t.rooms.join(user(2), GAME, room.code));
    expectError(t.rooms.join(user(3), GAME, room.code), "friends_only");
    t.befriend(2, 3);
    expectOk(t.rooms.join(user(3), GAME, room.code));
  });

  it("in school mode allows only friends rooms and finds no public ones", () => {
    const t = setup();
    t.befriend(1, 2);
    const publicRoom = expectOk(t.rooms.create(user(3), GAME, { maxPlayers: 4, visibility: "public" })).value;
    t.school.on = true;
    expectError(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "public" }), "school_mode");
    expectError(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "private" }), "school_mode");
    expectError(t.rooms.join(user(1), GAME, publicRoom.code), "school_mode");
    expect(t.rooms.list(GAME)).toEqual([]);
    expect(expectOk(t.rooms.quickJoin(user(1), GAME)).value).toBeNull();
    const friends = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "friends" })).value;
    expectOk(t.rooms.join(user(2), GAME, friends.code));
  });

  it("seats a player in at most 5 rooms at once", () => {
    const t = setup();
    for (let i = 0; i < ROOM_OPEN_ROOMS_PER_PLAYER; i++)
      expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "public" }));
    expectError(t.rooms.create(user(1), GAME, { maxPlayers: 2, visibility: "public" }), "too_many_rooms");
    const other = expectOk(t.rooms.create(user(2), GAME, { maxPlayers: 2, visibility: "public" })).value;
    expectError(t.rooms.join(user(1), GAME, other.code), "too_many_rooms");
    expectError(t.rooms.quickJoin(user(1), GAME), "too_many_rooms");
    const first = t.rooms.list(GAME).find((r) => r.id !== other.id);
    expectOk(t.rooms.leave(user(1), first?.id ?? ""));
    expectOk(t.rooms.join(user(1), GAME, other.code));
  });
});

describe("finding rooms", () => {
  it("lists the game's public joinable rooms with a free seat, newest first, without players' names", () => {
    const t = setup();
    const older = expectOk(t.rooms.create(user(1), GAME, { maxPlayers: 3, visibility: "public" })).value;
    const newer = expectOk(
      t.rooms.create(user(2), GAME, { maxPlayers: 2, visibility: "public", metadata: { mode: "duel" } }),
    ).value;
    expectOk(t.rooms.create(user(3), GAME, { maxPlayers: 2, visibility: "private" }));
    expectOk(t.rooms.create(user(4), OTHER_GAME, { maxPlayers: 2, visibility: "public" }));
    const full = expectOk(t.rooms.create(user(5), GAME, { maxPlayers: 2, visibility: "public" })).value;
    expectOk(t.rooms.join(user(6), GAME, full.code));
    expect(t.rooms.list(GAME)).toEqual([
      { id: newer.id, code: newer.code, players: 1, maxPlayers: 2, turnBased: false, metadata: { mode: "duel" } },
      { id: older.id, code: older.code, players: 1, maxPlayers: 3, turnBased: false, metadata: {} },
    ]);
  });

  it("quick joins the fullest matching public room, or none", () => {
    const t = setup();
    const emptier = expectOk(
      t.rooms.create(user(1), GAME, { maxPlayers: 4, visibility: "public", metadata: { mode: "duel" } }),
    ).value;
    const fuller = expectOk(
      t.rooms.create(user(2), GAME, { maxPlayers: 4, visibility: "public", metadata: { mode: "duel" } }),
    ).value;
    expectOk(t.rooms.join(user(3), GAME, fuller.code));
    expectOk(t.rooms.create(user(4), GAME, { maxPlayers: 4, visibility: "private", metadata: { mode: "duel" } }));
    expectOk(t.rooms.create(user(5), GAME, { maxPlayers: 4, visibility: "public", metadata: { mode: "team" } }));
    const joined = expectOk(t.rooms.request(guest("q"), GAME, { type: "quickJoin", filter: { mode: "duel" } }));
    expect(joined.value).toMatchObject({ id: fuller.id, me: "gq" });
    expect(expectOk(t.rooms.quickJoin(user(6), GAME, { mode: "duel" })).value?.id).toBe(fuller.id);
    expect(expectOk(t.rooms.quickJoin(user(7), GAME, { mode: "duel" })).value?.id).toBe(emptier.id);
    expect(expectOk(t.rooms.quickJoin(user(8), GAME, { mode: "solo" })).value).toBeNull();
    expect(expectOk(t.rooms.quickJoin(user(8), OTHER_GAME)).value).toBeNull();
  });
});

describe("MessageRateBucket", () => {
  it("lets 30 messages through at once, then 30 a second", () => {
    const bucket = new MessageRateBucket(0);
    for (let i = 0; i < ROOM_MESSAGES_PER_SECOND; i++) expect(bucket.take(0)).toBe(true);
    expect(bucket.take(0)).toBe(false);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(100)).toBe(false);
    let passed = 0;
    for (let i = 0; i < 100; i++) if (bucket.take(60_000)) passed++;
    expect(passed).toBe(ROOM_MESSAGES_PER_SECOND);
  });
});
