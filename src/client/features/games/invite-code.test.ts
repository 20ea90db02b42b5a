import { describe, expect, it } from "vitest";
import { INVITE_PARAMS_MAX, inviteCodeFrom, inviteParamsFrom, ownRoomFrom } from "./invite-code";

describe("inviteCodeFrom (D122)", () => {
  it("reads ?room= as the contract writes codes, and nothing else", () => {
    expect(inviteCodeFrom("?room=abc234")).toBe("ABC234");
    expect(inviteCodeFrom("room=%20ABC234%20&x=1")).toBe("ABC234");
    expect(inviteCodeFrom("?room=ABC23O")).toBeNull(); // O is not in the alphabet
    expect(inviteCodeFrom("?room=ABC2345")).toBeNull();
    expect(inviteCodeFrom("")).toBeNull();
  });
});

describe("inviteParamsFrom (D122)", () => {
  it("passes short plain keys and values through, room included", () => {
    expect(inviteParamsFrom("?room=ABC234&roomId=12345&gdlevel=forest-2")).toEqual({
      room: "ABC234",
      roomId: "12345",
      gdlevel: "forest-2",
    });
    expect(inviteParamsFrom("")).toBeNull();
  });

  it("drops keys and values outside the charset or too long, and keeps a repeated key's first value", () => {
    const search = new URLSearchParams([
      ["bad key", "1"],
      ["html", "<img src=x onerror=alert(1)>"],
      ["quote", 'a"b'],
      ["empty", ""],
      ["k".repeat(33), "1"],
      ["long", "v".repeat(65)],
      ["ok", "v".repeat(64)],
      ["ok", "second"],
    ]).toString();
    expect(inviteParamsFrom(search)).toEqual({ ok: "v".repeat(64) });
    expect(inviteParamsFrom("?x=%3Cscript%3E")).toBeNull();
  });

  it("keeps at most INVITE_PARAMS_MAX parameters", () => {
    const many = Array.from({ length: INVITE_PARAMS_MAX + 4 }, (_, i) => `p${i}=${i}`).join("&");
    const params = inviteParamsFrom(many);
    expect(Object.keys(params ?? {})).toHaveLength(INVITE_PARAMS_MAX);
    expect(params?.p0).toBe("0");
  });

  it("never takes a key from Object's prototype", () => {
    const params = inviteParamsFrom("?__proto__=x&constructor=y") ?? {};
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(["__proto__", "constructor"]);
    expect(params.constructor).toBe("y");
  });
});

describe("ownRoomFrom (D122)", () => {
  it("keeps a plain id, joinable and the params that pass an invite link's bounds", () => {
    expect(ownRoomFrom({ id: "r-1", joinable: false, inviteParams: { roomId: "1", x: "<b>", n: 5 } })).toEqual({
      id: "r-1",
      joinable: false,
      inviteParams: { roomId: "1" },
    });
    expect(ownRoomFrom({ id: "r-1", joinable: true })).toEqual({ id: "r-1", joinable: true, inviteParams: null });
  });

  it("refuses anything else", () => {
    for (const bad of [
      null,
      "r-1",
      { id: "r 1", joinable: true },
      { id: "", joinable: true },
      { id: "r", joinable: 1 },
    ])
      expect(ownRoomFrom(bad)).toBeNull();
  });
});
