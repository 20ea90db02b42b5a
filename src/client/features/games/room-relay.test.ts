/** ADR 027: the page's room relay for one game frame, over a stand-in for the live connection. */
import { describe, expect, it, vi } from "vitest";
import type { LiveStatus, LiveSubscriber } from "@/lib/live-socket";
import { QUEUE_MS, RoomRelay, type LiveLink, type RoomAnswer } from "./room-relay";
import type { RoomRelayEvent } from "./sdk-v2";

type Sent = { type: string; id?: string; frame: string; gameId?: number; request?: Record<string, unknown> };

/** The page's one connection: frames sent while open are kept, as their JSON text too. */
function fakeLive() {
  const subscribers = new Set<LiveSubscriber>();
  let status: LiveStatus = "connecting";
  const texts: string[] = [];
  const link: LiveLink = {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      if (status === "open") subscriber.onStatus?.(status);
      return () => {
        subscribers.delete(subscriber);
        // the page's connection closes with its last subscriber
        if (subscribers.size === 0) status = "connecting";
      };
    },
    send(frame) {
      if (status !== "open") return false;
      texts.push(JSON.stringify(frame));
      return true;
    },
  };
  return {
    link,
    texts,
    sent: () => texts.map((t) => JSON.parse(t) as Sent),
    last: () => JSON.parse(texts[texts.length - 1]) as Sent,
    setStatus(next: LiveStatus) {
      status = next;
      for (const s of [...subscribers]) s.onStatus?.(next);
    },
    push(data: unknown) {
      for (const s of [...subscribers]) s.onMessage?.(data);
    },
    subscribers,
  };
}

const snapshot = (id: string, code: string) => ({ id, code, players: [], me: "g1", state: {}, seq: 3 });

function relayOn(live = fakeLive(), now = () => 0) {
  const events: RoomRelayEvent[] = [];
  const relay = new RoomRelay({ gameId: 5, live: live.link, postEvent: (e) => events.push(e), now });
  const answers: RoomAnswer[] = [];
  const call = (request: Record<string, unknown> & { type: string }, instance = "doc1") =>
    relay.request(instance, request as Parameters<RoomRelay["request"]>[1], (a) => answers.push(a));
  const result = (id: string | undefined, body: Record<string, unknown>) =>
    live.push({ type: "room-result", id, ...body });
  return { live, relay, events, answers, call, result };
}

/** A relay on an open connection, seated in room r1 (code ABC234). */
function seated() {
  const setup = relayOn();
  setup.live.setStatus("open");
  setup.call({ type: "join", code: "ABC234" });
  setup.result(setup.live.last().id, { ok: true, value: snapshot("r1", "ABC234") });
  setup.answers.length = 0;
  return setup;
}

describe("RoomRelay (ADR 027)", () => {
  it("sends a call as a room frame, type and id first, and answers it by its id", () => {
    const { live, call, answers, result } = relayOn();
    live.setStatus("open");
    call({ type: "create", maxPlayers: 2, visibility: "private" });
    expect(live.texts[0]).toMatch(/^\{"type":"room","id":"r\d+",/);
    const frame = live.last();
    expect(frame).toMatchObject({
      type: "room",
      frame: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) as string,
      gameId: 5,
      request: { type: "create", maxPlayers: 2, visibility: "private" },
    });
    result("someone-else", { ok: true, value: 1 });
    result(frame.id, { ok: false, error: { code: "full", message: "This room is full" } });
    expect(answers).toEqual([{ ok: false, error: { code: "full", message: "This room is full" } }]);
  });

  it("holds calls until the connection opens; one held longer than QUEUE_MS is answered unavailable", () => {
    let now = 0;
    const { live, call, answers } = relayOn(fakeLive(), () => now);
    call({ type: "list" });
    now = QUEUE_MS - 1;
    call({ type: "join", code: "ABC234" });
    now = QUEUE_MS + 1;
    live.setStatus("open");
    expect(live.sent().map((f) => f.request?.type)).toEqual(["join"]);
    expect(answers).toEqual([{ ok: false, error: expect.objectContaining({ code: "unavailable" }) as unknown }]);
  });

  it("passes on only its own frame's events", () => {
    const { live, events } = seated();
    const frame = live.last().frame;
    const event = { type: "message", roomId: "r1", from: "u2", seq: 4, at: 1, data: "hi" };
    live.push({ type: "room-event", frame, event });
    live.push({ type: "room-event", frame: "another-frame", event: { ...event, data: "not mine" } });
    live.push({ type: "message", message: {} });
    expect(events).toEqual([event]);
  });

  it("after a reconnect joins its rooms again by code, passes the snapshot, and answers calls lost on the way", () => {
    const { live, call, answers, events, result } = seated();
    call({ type: "send", roomId: "r1", data: 1 });
    live.setStatus("reconnecting");
    expect(answers).toEqual([{ ok: false, error: expect.objectContaining({ code: "unavailable" }) as unknown }]);
    call({ type: "setState", roomId: "r1", key: "k", value: 1 });
    const before = live.texts.length;
    live.setStatus("open");
    const [rejoin, held] = live.sent().slice(before);
    expect(rejoin.request).toEqual({ type: "join", code: "ABC234" });
    expect(held.request).toMatchObject({ type: "setState", roomId: "r1" });
    result(rejoin.id, { ok: true, value: snapshot("r1", "ABC234") });
    expect(events).toEqual([{ type: "snapshot", room: snapshot("r1", "ABC234") }]);
  });

  it("answered not_in_room, joins again and retries the call once", () => {
    const { live, call, answers, events, result } = seated();
    call({ type: "send", roomId: "r1", data: "move" });
    result(live.last().id, { ok: false, error: { code: "not_in_room", message: "You are not in this room" } });
    expect(live.last().request).toEqual({ type: "join", code: "ABC234" });
    result(live.last().id, { ok: true, value: snapshot("r1", "ABC234") });
    const retry = live.last();
    expect(retry.request).toEqual({ type: "send", roomId: "r1", data: "move" });
    result(retry.id, { ok: false, error: { code: "not_in_room", message: "still not" } });
    expect(answers).toEqual([{ ok: false, error: { code: "not_in_room", message: "still not" } }]);
    expect(events.map((e) => e.type)).toEqual(["snapshot"]);
  });

  it("a seat that cannot be taken back is told as closed: lost, and not tried again", () => {
    const { live, relay, call, answers, events, result } = seated();
    call({ type: "send", roomId: "r1", data: "move" });
    result(live.last().id, { ok: false, error: { code: "not_in_room", message: "You are not in this room" } });
    result(live.last().id, { ok: false, error: { code: "not_found", message: "That room is closed" } });
    expect(answers).toEqual([{ ok: false, error: { code: "not_in_room", message: "You are not in this room" } }]);
    expect(events).toEqual([{ type: "closed", roomId: "r1", reason: "lost" }]);
    expect(relay.roomCodes().size).toBe(0);
  });

  it("forgets a room it left or that closed: a reconnect joins nothing", () => {
    const { live, relay, call, result } = seated();
    call({ type: "join", code: "XYZ789" });
    result(live.last().id, { ok: true, value: snapshot("r2", "XYZ789") });
    call({ type: "leave", roomId: "r2" });
    result(live.last().id, { ok: true, value: null });
    live.push({
      type: "room-event",
      frame: live.last().frame,
      event: { type: "closed", roomId: "r1", reason: "kicked" },
    });
    expect(relay.roomCodes().size).toBe(0);
    const before = live.texts.length;
    live.setStatus("reconnecting");
    live.setStatus("open");
    expect(live.texts.length).toBe(before);
  });

  it("a new document in the frame, its unload or the relay's end closes the frame id on the server", () => {
    const { live, relay, call } = seated();
    const first = live.last().frame;
    call({ type: "list" }, "doc2");
    const closed = live.sent().find((f) => f.type === "room-frame-closed");
    expect(closed).toEqual({ type: "room-frame-closed", frame: first });
    const second = live.last().frame;
    expect(second).not.toBe(first);
    expect(relay.roomCodes().size).toBe(0);
    relay.unload("doc1"); // not the document now shown
    relay.unload("doc2");
    expect(live.last()).toEqual({ type: "room-frame-closed", frame: second });
    call({ type: "list" }, "doc3");
    const third = live.last().frame;
    relay.dispose();
    expect(live.last()).toEqual({ type: "room-frame-closed", frame: third });
    expect(live.subscribers.size).toBe(0);
  });

  it("two relays on one connection hear only their own answers", () => {
    const live = fakeLive();
    live.setStatus("open");
    const one = relayOn(live);
    const two = relayOn(live);
    one.call({ type: "list" });
    const id = live.last().id;
    two.call({ type: "list" });
    one.result(id, { ok: true, value: ["one"] });
    expect(one.answers).toEqual([{ ok: true, value: ["one"] }]);
    expect(two.answers).toEqual([]);
    const respond = vi.fn();
    one.relay.request("doc1", { type: "list" }, respond);
    expect(respond).not.toHaveBeenCalled();
  });
  it("D122: tells the room the frame entered last, its seats and joinable, until it is left or closed", () => {
    const live = fakeLive();
    const seen: unknown[] = [];
    const relay = new RoomRelay({
      gameId: 5,
      live: live.link,
      postEvent: () => {},
      onCurrentRoom: (r) => seen.push(r),
    });
    live.setStatus("open");
    const join = (code: string, id: string) => {
      relay.request("doc1", { type: "join", code }, () => {});
      live.push({
        type: "room-result",
        id: live.last().id,
        ok: true,
        value: { ...snapshot(id, code), joinable: true, maxPlayers: 3, players: [{ id: "u1" }] },
      });
    };
    join("ABC234", "r1");
    expect(relay.currentRoom()).toEqual({
      id: "r1",
      code: "ABC234",
      joinable: true,
      maxPlayers: 3,
      players: [{ id: "u1" }],
      me: "g1",
    });
    const frame = live.last().frame;
    const event = (e: Record<string, unknown>) => live.push({ type: "room-event", frame, event: e });
    event({ type: "join", roomId: "r1", player: { id: "u2" } });
    event({ type: "joinable", roomId: "r1", joinable: false });
    event({ type: "join", roomId: "other", player: { id: "u3" } });
    expect(relay.currentRoom()).toMatchObject({ players: [{ id: "u1" }, { id: "u2" }], joinable: false });
    event({ type: "leave", roomId: "r1", playerId: "u2", reason: "left" });
    expect(relay.currentRoom()).toMatchObject({ players: [{ id: "u1" }] });
    event({ type: "closed", roomId: "r1", reason: "empty" });
    expect(relay.currentRoom()).toBeNull();
    join("XYZ234", "r2");
    relay.request("doc1", { type: "leave", roomId: "r2" }, () => {});
    live.push({ type: "room-result", id: live.last().id, ok: true, value: null });
    expect(relay.currentRoom()).toBeNull();
    expect(seen.at(-2)).toMatchObject({ code: "XYZ234" });
    expect(seen.at(-1)).toBeNull();
  });
});
