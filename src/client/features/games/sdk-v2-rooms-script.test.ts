/** D120, D122: Arcadium.rooms in sdk/v2.js, in a jsdom window whose parent is a stand-in (src/test/sdk-v2-window.ts). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeSdkWindows, loadSdk as loadSdkWindow, type SdkError } from "@test/sdk-v2-window";

type Player = { id: string; name: string; avatarUrl: string | null; connected: boolean; host: boolean };
type Room = {
  id: string;
  code: string;
  me: string;
  players: Player[];
  state: Record<string, unknown>;
  joinable: boolean;
  closed: boolean;
  send(data: unknown, options?: { to?: unknown }): Promise<void>;
  setState(key: unknown, value: unknown): Promise<void>;
  leave(): Promise<void>;
  kick(id: unknown): Promise<void>;
  setJoinable(joinable: unknown): Promise<void>;
  on(event: string, listener: (event: Record<string, unknown>) => void): () => void;
  off(event: string, listener: (event: Record<string, unknown>) => void): void;
};
type Sdk = {
  init(): Promise<unknown>;
  rooms: {
    create(options: unknown): Promise<Room>;
    join(code: unknown): Promise<Room>;
    quickJoin(filter?: unknown): Promise<Room | null>;
    list(): Promise<unknown[]>;
    setOwnRoom(room: unknown): Promise<void>;
    showInviteButton(params?: unknown): Promise<void>;
    hideInviteButton(): Promise<void>;
    readonly inviteCode: string | null;
  };
  on(event: string, listener: (payload: unknown) => void): () => void;
};

afterEach(closeSdkWindows);
const loadSdk = (options: { framed?: boolean } = {}) => loadSdkWindow<Sdk>(options);

const ada: Player = { id: "u1", name: "ada", avatarUrl: null, connected: true, host: true };
const bob: Player = { id: "g7", name: "Guest 7", avatarUrl: null, connected: true, host: false };
const cyd: Player = { id: "u3", name: "cyd", avatarUrl: null, connected: true, host: false };

function snapshot(over: Record<string, unknown> = {}) {
  return {
    id: "room1",
    code: "ABC234",
    gameId: 5,
    visibility: "private",
    maxPlayers: 4,
    turnBased: false,
    joinable: true,
    metadata: {},
    players: [ada, bob],
    me: "g7",
    state: { board: [0, 0] },
    seq: 10,
    ...over,
  };
}

/** The SDK joined to room1 as bob, with every event of the room recorded. */
async function joined() {
  const loaded = loadSdk();
  const promise = loaded.sdk.rooms.join("abc234");
  loaded.reply(loaded.last().id, { ok: true, result: snapshot() });
  const room = await promise;
  const heard: Array<Record<string, unknown>> = [];
  for (const name of ["join", "leave", "drop", "reconnect", "message", "state", "host", "joinable", "closed"])
    room.on(name, (event) => heard.push(event));
  const event = (payload: Record<string, unknown>) => loaded.send({ v: 2, event: "room", payload });
  return { ...loaded, room, heard, event };
}

describe("Arcadium.rooms: calls (D120)", () => {
  it("posts each call as a v2 request 'rooms.<call>' with the document's instance and nothing about the player", async () => {
    const { sdk, posted, last, reply } = loadSdk();
    void sdk.rooms.create({ maxPlayers: 2, visibility: "private", turnBased: true, metadata: { mode: "duel" } });
    void sdk.rooms.join("abc234");
    void sdk.rooms.quickJoin({ mode: "duel" });
    void sdk.rooms.list();
    const calls = posted().map((m) => [m.type, m.payload]);
    const instance = posted()[0].payload.instance;
    expect(instance).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(calls).toEqual([
      ["rooms.create", { maxPlayers: 2, visibility: "private", turnBased: true, metadata: { mode: "duel" }, instance }],
      ["rooms.join", { code: "abc234", instance }],
      ["rooms.quickJoin", { filter: { mode: "duel" }, instance }],
      ["rooms.list", { instance }],
    ]);
    reply(last().id, { ok: true, result: [{ id: "r", code: "ABC234", players: 1, maxPlayers: 2 }] });
  });

  it("resolves create and join with a room holding the snapshot; quickJoin with null when there is none", async () => {
    const { sdk, last, reply } = loadSdk();
    const created = sdk.rooms.create({ maxPlayers: 4, visibility: "public" });
    reply(last().id, { ok: true, result: snapshot({ me: "u1", players: [ada] }) });
    const room = await created;
    expect([room.id, room.code, room.me, room.players, room.state, room.joinable, room.closed]).toEqual([
      "room1",
      "ABC234",
      "u1",
      [ada],
      { board: [0, 0] },
      true,
      false,
    ]);
    const none = sdk.rooms.quickJoin();
    reply(last().id, { ok: true, result: null });
    await expect(none).resolves.toBeNull();
  });

  it("rejects with the contract's code and message, and checks arguments before posting", async () => {
    const { win, sdk, posted, last, reply } = loadSdk();
    const join = sdk.rooms.join("ZZZZZZ");
    reply(last().id, { ok: false, error: { code: "not_found", message: "No open room has that code" } });
    const err = (await join.catch((e: unknown) => e)) as SdkError;
    expect(err).toBeInstanceOf(win.Error);
    expect([err.name, err.code, err.message]).toEqual(["ArcadiumError", "not_found", "No open room has that code"]);

    const before = posted().length;
    await expect(sdk.rooms.create({ maxPlayers: 1, visibility: "private" })).rejects.toMatchObject({
      code: "invalid",
      message: expect.stringContaining("maxPlayers") as string,
    });
    await expect(sdk.rooms.create({ maxPlayers: 2, visibility: "secret" })).rejects.toMatchObject({ code: "invalid" });
    await expect(sdk.rooms.join(42)).rejects.toMatchObject({ code: "invalid" });
    expect(posted()).toHaveLength(before);
  });

  it("outside a frame rejects with not_in_frame", async () => {
    const { sdk } = loadSdk({ framed: false });
    await expect(sdk.rooms.create({ maxPlayers: 2, visibility: "private" })).rejects.toMatchObject({
      code: "not_in_frame",
    });
  });

  it("a room's send, setState, kick, setJoinable and leave post with its id; setState and setJoinable apply once answered", async () => {
    const { room, posted, last, reply } = await joined();
    void room.send({ move: 3 }, { to: "u1" });
    expect(last()).toMatchObject({ type: "rooms.send", payload: { roomId: "room1", data: { move: 3 }, to: "u1" } });
    const set = room.setState("turn", "u1");
    expect(last()).toMatchObject({ type: "rooms.setState", payload: { roomId: "room1", key: "turn", value: "u1" } });
    expect(room.state).toEqual({ board: [0, 0] });
    reply(last().id, { ok: true, result: { seq: 12, at: 1 } });
    await set;
    expect(room.state).toEqual({ board: [0, 0], turn: "u1" });
    const joinable = room.setJoinable(false);
    reply(last().id, { ok: true, result: null });
    await joinable;
    expect(room.joinable).toBe(false);
    void room.kick("u1");
    expect(last()).toMatchObject({ type: "rooms.kick", payload: { roomId: "room1", playerId: "u1" } });
    const count = posted().length;
    await expect(room.send(undefined)).rejects.toMatchObject({ code: "invalid" });
    expect(posted()).toHaveLength(count);
    const leave = room.leave();
    reply(last().id, { ok: true, result: null });
    await leave;
    expect(room.closed).toBe(true);
    await expect(room.send("late")).rejects.toMatchObject({ code: "not_in_room" });
  });

  it("hands the invite code from init() to rooms.inviteCode", async () => {
    const { sdk, last, reply } = loadSdk();
    expect(sdk.rooms.inviteCode).toBeNull();
    const init = sdk.init();
    reply(last().id, { ok: true, result: { user: null, settings: {}, inviteCode: "ABC234" } });
    await init;
    expect(sdk.rooms.inviteCode).toBe("ABC234");
  });

  it("follows an invite the player follows while the game runs: rooms.inviteCode and the 'invite' event (D122)", () => {
    const { sdk, send } = loadSdk();
    const heard = vi.fn();
    sdk.on("invite", heard);
    const payload = { inviteCode: "XYZ234", inviteParams: { room: "XYZ234" } };
    send({ v: 2, event: "invite", payload });
    expect(sdk.rooms.inviteCode).toBe("XYZ234");
    expect(heard).toHaveBeenCalledWith(payload);
  });

  it("setOwnRoom posts the game's own room, or null, and refuses a malformed one (D122)", async () => {
    const { sdk, last, reply } = loadSdk();
    const set = sdk.rooms.setOwnRoom({ id: "photon-42", joinable: true, inviteParams: { roomId: "42" } });
    expect(last()).toMatchObject({
      type: "ownRoom.set",
      payload: { room: { id: "photon-42", joinable: true, inviteParams: { roomId: "42" } } },
    });
    reply(last().id, { ok: true, result: null });
    await expect(set).resolves.toBeUndefined();
    void sdk.rooms.setOwnRoom(null);
    expect(last()).toMatchObject({ type: "ownRoom.set", payload: { room: null } });
    await expect(sdk.rooms.setOwnRoom({ id: 42 })).rejects.toMatchObject({ code: "invalid" });
  });

  it("showInviteButton and hideInviteButton ask the page for its Invite button, and refuse params that are no object (D122)", async () => {
    const { sdk, last, reply } = loadSdk();
    const shown = sdk.rooms.showInviteButton({ roomId: "42" });
    expect(last()).toMatchObject({ type: "inviteButton.show", payload: { params: { roomId: "42" } } });
    reply(last().id, { ok: true, result: null });
    await expect(shown).resolves.toBeUndefined();
    void sdk.rooms.showInviteButton();
    expect(last()).toMatchObject({ type: "inviteButton.show", payload: { params: null } });
    void sdk.rooms.hideInviteButton();
    expect(last()).toMatchObject({ type: "inviteButton.hide" });
    await expect(sdk.rooms.showInviteButton("https://evil.example/")).rejects.toMatchObject({ code: "invalid" });
  });

  it("tells the page on pagehide that the document's seats go, once it used rooms", () => {
    const { win, sdk, posted, last } = loadSdk();
    win.dispatchEvent(new win.Event("pagehide"));
    expect(posted()).toHaveLength(0);
    void sdk.rooms.list();
    const instance = last().payload.instance;
    win.dispatchEvent(new win.Event("pagehide"));
    expect(last()).toMatchObject({ v: 2, type: "rooms.unload", payload: { instance } });
  });
});

describe("Arcadium.rooms: events (D120)", () => {
  it("keeps players, host and state with the events and hands each to its listeners; off removes one", async () => {
    const { room, heard, event } = await joined();
    event({ type: "join", roomId: "room1", player: cyd });
    event({ type: "drop", roomId: "room1", playerId: "u1" });
    event({ type: "host", roomId: "room1", playerId: "g7" });
    event({ type: "message", roomId: "room1", from: "u3", seq: 11, at: 5, data: { hi: 1 } });
    event({ type: "state", roomId: "room1", from: "u3", seq: 12, at: 6, key: "turn", value: "u3" });
    event({ type: "reconnect", roomId: "room1", playerId: "u1" });
    event({ type: "leave", roomId: "room1", playerId: "u3", reason: "left" });
    event({ type: "join", roomId: "another", player: cyd });
    expect(heard.map((e) => e.type)).toEqual(["join", "drop", "host", "message", "state", "reconnect", "leave"]);
    expect(heard[3]).toEqual({ type: "message", roomId: "room1", from: "u3", seq: 11, at: 5, data: { hi: 1 } });
    expect(room.players.map((p) => [p.id, p.connected, p.host])).toEqual([
      ["u1", true, false],
      ["g7", true, true],
    ]);
    expect(room.state).toEqual({ board: [0, 0], turn: "u3" });

    const listener = vi.fn();
    const stop = room.on("message", listener);
    room.off("message", listener);
    const other = vi.fn();
    room.on("message", other);
    stop();
    event({ type: "message", roomId: "room1", from: "u1", seq: 13, at: 7, data: 1 });
    expect(listener).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("applies events that came before the answer once the room is known, skipping what the snapshot holds", async () => {
    const { sdk, last, reply, send } = loadSdk();
    const event = (payload: Record<string, unknown>) => send({ v: 2, event: "room", payload });
    const join = sdk.rooms.join("ABC234");
    event({ type: "join", roomId: "room1", player: bob }); // already in the snapshot
    event({ type: "message", roomId: "room1", from: "u1", seq: 9, at: 1, data: "old" });
    event({ type: "message", roomId: "room1", from: "u1", seq: 11, at: 2, data: "new" });
    reply(last().id, { ok: true, result: snapshot() });
    const room = await join;
    const messages: unknown[] = [];
    room.on("message", (e) => messages.push(e.data));
    event({ type: "message", roomId: "room1", from: "u1", seq: 12, at: 3, data: "later" });
    expect(messages).toEqual(["later"]);
    expect(room.players).toEqual([ada, bob]);
  });

  it("an older change of a key than the player's own answered setState is not applied", async () => {
    const { room, heard, event, last, reply } = await joined();
    const set = room.setState("turn", "g7");
    reply(last().id, { ok: true, result: { seq: 15, at: 1 } });
    await set;
    event({ type: "state", roomId: "room1", from: "u1", seq: 14, at: 1, key: "turn", value: "u1" });
    expect(room.state.turn).toBe("g7");
    expect(heard).toEqual([]);
  });

  it("a snapshot after a reconnect tells what changed meanwhile as events", async () => {
    const { room, heard, event } = await joined();
    event({
      type: "snapshot",
      room: snapshot({ players: [{ ...ada, connected: false }, bob, cyd], state: { board: [1, 0] }, seq: 20 }),
    });
    expect(heard).toEqual([
      { type: "drop", roomId: "room1", playerId: "u1" },
      { type: "join", roomId: "room1", player: cyd },
      { type: "state", roomId: "room1", from: null, seq: 20, at: null, key: "board", value: [1, 0] },
    ]);
    expect(room.state).toEqual({ board: [1, 0] });
    event({ type: "message", roomId: "room1", from: "u3", seq: 19, at: 1, data: "before the snapshot" });
    expect(heard).toHaveLength(3);
  });

  it("closed ends the room: its calls reject with not_in_room", async () => {
    const { room, heard, event } = await joined();
    event({ type: "closed", roomId: "room1", reason: "lost" });
    expect(heard).toEqual([{ type: "closed", roomId: "room1", reason: "lost" }]);
    expect(room.closed).toBe(true);
    await expect(room.setState("k", 1)).rejects.toMatchObject({ code: "not_in_room" });
  });
});
