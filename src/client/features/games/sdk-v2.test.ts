import { describe, expect, it } from "vitest";
import {
  errorReply,
  inviteEvent,
  muteEvent,
  okReply,
  parseSdkV2Request,
  pauseEvent,
  SdkV2Error,
  settingsEvent,
  type SdkV2Request,
} from "./sdk-v2";

const req = (type: unknown, payload?: unknown, id: unknown = "a1-x9") => ({ v: 2, id, type, payload });

/** The request read from a message that must be a valid one. */
function requestOf(data: unknown): SdkV2Request {
  const parsed = parseSdkV2Request(data);
  if (!parsed || !("request" in parsed)) throw new Error(`not a valid request: ${JSON.stringify(parsed)}`);
  return parsed.request;
}

describe("parseSdkV2Request: what is not a v2 request at all (ignored)", () => {
  it.each([
    ["null", null],
    ["a string", '{"v":2,"id":"a1","type":"init"}'],
    ["an array", [2, "a1", "init"]],
    ["a v1 message", { v: 1, type: "gameplay.start", payload: {} }],
    ["v as a string", { v: "2", id: "a1", type: "init" }],
    ["no id", { v: 2, type: "init", payload: {} }],
    ["a numeric id", req("init", {}, 7)],
    ["an empty id", req("init", {}, "")],
    ["an id with a space", req("init", {}, "a 1")],
    ["an id of 65 characters", req("init", {}, "a".repeat(65))],
    ["an event from the page", { v: 2, event: "pause", payload: {} }],
  ])("%s → null", (_what, data) => {
    expect(parseSdkV2Request(data)).toBeNull();
  });

  it("accepts an id of 64 characters of the SDK's alphabet", () => {
    const id = "a1-_Z".repeat(12) + "abcd";
    expect(id).toHaveLength(64);
    expect(parseSdkV2Request(req("init", {}, id))).toEqual({ id, request: { type: "init" } });
  });
});

describe("parseSdkV2Request: valid requests", () => {
  it.each(["init", "gameplay.start", "gameplay.stop", "loading.done", "happytime", "data.clear", "data.keys"])(
    "%s needs no payload (none or an empty object)",
    (type) => {
      expect(parseSdkV2Request(req(type, {}))).toEqual({ id: "a1-x9", request: { type } });
      expect(parseSdkV2Request({ v: 2, id: "b2", type })).toEqual({ id: "b2", request: { type } });
    },
  );

  it("reads progress, scores, saves, achievements", () => {
    expect(requestOf(req("loading.progress", { progress: 0 }))).toEqual({ type: "loading.progress", progress: 0 });
    expect(requestOf(req("loading.progress", { progress: 1 }))).toEqual({ type: "loading.progress", progress: 1 });
    expect(requestOf(req("score.submit", { score: 0, won: false }))).toEqual({
      type: "score.submit",
      score: 0,
      won: false,
    });
    expect(requestOf(req("score.submit", { score: 1_000_000_000, won: true }))).toEqual({
      type: "score.submit",
      score: 1_000_000_000,
      won: true,
    });
    expect(requestOf(req("score.submit", { score: 5 }))).toEqual({ type: "score.submit", score: 5, won: null });
    expect(requestOf(req("score.submit", { score: 5, won: null }))).toEqual({
      type: "score.submit",
      score: 5,
      won: null,
    });
    expect(requestOf(req("data.getItem", { key: "k" }))).toEqual({ type: "data.getItem", key: "k" });
    expect(requestOf(req("data.removeItem", { key: "x".repeat(128) }))).toEqual({
      type: "data.removeItem",
      key: "x".repeat(128),
    });
    expect(requestOf(req("data.setItem", { key: "level", value: "" }))).toEqual({
      type: "data.setItem",
      key: "level",
      value: "",
    });
    expect(requestOf(req("achievements.unlock", { key: "first_win-2" }))).toEqual({
      type: "achievements.unlock",
      key: "first_win-2",
    });
    expect(requestOf(req("achievements.unlock", { key: "a".repeat(64) }))).toEqual({
      type: "achievements.unlock",
      key: "a".repeat(64),
    });
  });

  it("track keeps only scalar props, at most 50, with names cut to 64 characters", () => {
    const props: Record<string, unknown> = {
      level: 3,
      name: "x",
      ok: true,
      none: null,
      nested: { a: 1 },
      list: [1],
      missing: undefined,
    };
    props["p".repeat(70)] = 1;
    expect(requestOf(req("track", { name: "level_complete", props }))).toEqual({
      type: "track",
      name: "level_complete",
      props: { level: 3, name: "x", ok: true, none: null, ["p".repeat(64)]: 1 },
    });
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const parsed = requestOf(req("track", { name: "t", props: many })) as { props: Record<string, number> };
    expect(Object.keys(parsed.props)).toHaveLength(50);
    expect(parsed.props.k49).toBe(49);
    expect(parsed.props.k50).toBeUndefined();
    expect(requestOf(req("track", { name: "t".repeat(64), props: "nope" }))).toEqual({
      type: "track",
      name: "t".repeat(64),
      props: {},
    });
  });
});

describe("parseSdkV2Request: a request with an id but a bad type or payload → {id, invalid}", () => {
  it.each([
    ["a payload that is a string", req("init", "x")],
    ["a payload that is an array", req("gameplay.start", [])],
    ["a null payload", req("data.keys", null)],
    ["progress below 0", req("loading.progress", { progress: -0.1 })],
    ["progress above 1", req("loading.progress", { progress: 1.1 })],
    ["a NaN progress", req("loading.progress", { progress: Number.NaN })],
    ["a string progress", req("loading.progress", { progress: "0.5" })],
    ["no progress", req("loading.progress", {})],
    ["a negative score", req("score.submit", { score: -1 })],
    ["a fractional score", req("score.submit", { score: 1.5 })],
    ["a score above 1e9", req("score.submit", { score: 1_000_000_001 })],
    ["an infinite score", req("score.submit", { score: Infinity })],
    ["a string score", req("score.submit", { score: "5" })],
    ["won 'yes'", req("score.submit", { score: 5, won: "yes" })],
    ["an empty save key", req("data.getItem", { key: "" })],
    ["a save key of 129 characters", req("data.setItem", { key: "k".repeat(129), value: "v" })],
    ["a numeric save key", req("data.removeItem", { key: 5 })],
    ["no save key", req("data.getItem", {})],
    ["a value that is not a string", req("data.setItem", { key: "k", value: 3 })],
    ["no value", req("data.setItem", { key: "k" })],
    ["an achievement key with capitals", req("achievements.unlock", { key: "First" })],
    ["an achievement key of 65 characters", req("achievements.unlock", { key: "a".repeat(65) })],
    ["an achievement key with a space", req("achievements.unlock", { key: "a b" })],
    ["an empty track name", req("track", { name: "" })],
    ["a track name of 65 characters", req("track", { name: "t".repeat(65) })],
    ["a track name that is not a string", req("track", { name: 1 })],
  ])("%s", (_what, data) => {
    const parsed = parseSdkV2Request(data);
    expect(parsed).toEqual({ id: "a1-x9", invalid: expect.any(String) });
  });

  it("names the unknown call, cut to 64 characters", () => {
    expect(parseSdkV2Request(req("score.cheat", {}))).toEqual({ id: "a1-x9", invalid: "unknown call score.cheat" });
    expect(parseSdkV2Request(req(42, {}))).toEqual({ id: "a1-x9", invalid: "unknown call" });
    expect(parseSdkV2Request(req("x".repeat(100), {}))).toEqual({
      id: "a1-x9",
      invalid: `unknown call ${"x".repeat(64)}`,
    });
  });
});

describe("parseSdkV2Request: room calls (D120)", () => {
  it("reads a room call as the contract's request with the document's instance; the server checks the fields", () => {
    expect(requestOf(req("rooms.create", { instance: "doc1", maxPlayers: 2, visibility: "private" }))).toEqual({
      type: "rooms",
      instance: "doc1",
      room: { type: "create", maxPlayers: 2, visibility: "private" },
    });
    expect(requestOf(req("rooms.send", { instance: "doc1", roomId: "r1", data: [1], type: "leave" }))).toEqual({
      type: "rooms",
      instance: "doc1",
      room: { type: "send", roomId: "r1", data: [1] },
    });
    expect(requestOf(req("rooms.unload", { instance: "doc1" }))).toEqual({ type: "rooms.unload", instance: "doc1" });
  });

  it.each([
    ["no instance", req("rooms.list", {})],
    ["an instance with a space", req("rooms.list", { instance: "a b" })],
    ["an unknown room call", req("rooms.destroy", { instance: "doc1" })],
  ])("answers %s as invalid", (_what, data) => {
    expect(parseSdkV2Request(data)).toEqual({ id: "a1-x9", invalid: expect.any(String) });
  });
});

describe("parseSdkV2Request: a game's own room (D122)", () => {
  it("reads rooms.setOwnRoom's call with its params bounded as an invite link's, or null", () => {
    const room = { id: "photon-42", joinable: true, inviteParams: { roomId: "42", bad: "<b>" } };
    expect(requestOf(req("ownRoom.set", { room }))).toEqual({
      type: "ownRoom.set",
      room: { id: "photon-42", joinable: true, inviteParams: { roomId: "42" } },
    });
    expect(requestOf(req("ownRoom.set", { room: null }))).toEqual({ type: "ownRoom.set", room: null });
  });

  it.each([
    ["no room", {}],
    ["an id with markup", { room: { id: "<b>", joinable: true } }],
    ["an id too long", { room: { id: "x".repeat(65), joinable: true } }],
    ["no joinable", { room: { id: "r1" } }],
  ])("answers %s as invalid", (_what, payload) => {
    expect(parseSdkV2Request(req("ownRoom.set", payload))).toEqual({ id: "a1-x9", invalid: expect.any(String) });
  });
});

describe("parseSdkV2Request: the page's Invite button (D122)", () => {
  it("reads rooms.showInviteButton's params, or none, and hideInviteButton", () => {
    expect(requestOf(req("inviteButton.show", { params: { roomId: "42", mode: "duel" } }))).toEqual({
      type: "inviteButton.show",
      params: { roomId: "42", mode: "duel" },
    });
    expect(requestOf(req("inviteButton.show", { params: null }))).toEqual({ type: "inviteButton.show", params: null });
    expect(requestOf(req("inviteButton.show", {}))).toEqual({ type: "inviteButton.show", params: null });
    expect(requestOf(req("inviteButton.hide"))).toEqual({ type: "inviteButton.hide" });
  });

  it.each([
    ["a value with markup", { params: { roomId: "<b>" } }],
    ["a number", { params: { roomId: 42 } }],
    ["a key too long", { params: { ["k".repeat(33)]: "1" } }],
    ["a value too long", { params: { roomId: "x".repeat(65) } }],
    ["nine params", { params: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, "1"])) }],
    ["a list", { params: ["roomId"] }],
    ["a link instead", { params: "https://evil.example/" }],
  ])("answers %s as invalid", (_what, payload) => {
    expect(parseSdkV2Request(req("inviteButton.show", payload))).toEqual({ id: "a1-x9", invalid: expect.any(String) });
  });
});

describe("replies and events", () => {
  it("okReply carries the result, undefined as null", () => {
    expect(okReply("a1", { user: null })).toEqual({ v: 2, id: "a1", ok: true, result: { user: null } });
    expect(okReply("a2", undefined)).toEqual({ v: 2, id: "a2", ok: true, result: null });
    expect(okReply("a3", "value")).toEqual({ v: 2, id: "a3", ok: true, result: "value" });
  });

  it("errorReply passes an SdkV2Error's code and message on", () => {
    expect(errorReply("a1", new SdkV2Error("quota", "Cloud save full"))).toEqual({
      v: 2,
      id: "a1",
      ok: false,
      error: { code: "quota", message: "Cloud save full" },
    });
  });

  it("errorReply answers any other error as 'unavailable' without its message", () => {
    const reply = errorReply("a1", new Error("SELECT * FROM secrets failed"));
    expect(reply).toMatchObject({ v: 2, id: "a1", ok: false, error: { code: "unavailable" } });
    expect(JSON.stringify(reply)).not.toContain("secrets");
    expect(errorReply("a2", "a string")).toMatchObject({ ok: false, error: { code: "unavailable" } });
  });

  it("SdkV2Error is an Error with a code", () => {
    const err = new SdkV2Error("no_play", "No round is open");
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("SdkV2Error");
    expect(err.code).toBe("no_play");
    expect(err.message).toBe("No round is open");
  });

  it("builds the page's events", () => {
    expect(pauseEvent(true)).toEqual({ v: 2, event: "pause", payload: {} });
    expect(pauseEvent(false)).toEqual({ v: 2, event: "resume", payload: {} });
    expect(muteEvent(true)).toEqual({ v: 2, event: "mute", payload: { muted: true } });
    expect(muteEvent(false)).toEqual({ v: 2, event: "mute", payload: { muted: false } });
    const settings = { muted: true, locale: "fr", reducedMotion: false };
    expect(settingsEvent(settings)).toEqual({ v: 2, event: "settings", payload: settings });
    const invite = { inviteCode: "ABC234", inviteParams: { room: "ABC234" } };
    expect(inviteEvent(invite)).toEqual({ v: 2, event: "invite", payload: invite });
  });
});
