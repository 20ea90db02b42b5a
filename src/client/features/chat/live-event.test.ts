import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chatLiveEventSchema } from "@contract/chat";
import { parseChatLiveEvent } from "./live-event";

// Values that are mostly, but not always, what the contract asks for.
const mostly = <T>(valid: fc.Arbitrary<T>, ...invalid: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, ...invalid);
const int = mostly(fc.integer(), fc.constant(2 ** 53), fc.double(), fc.constant("7"), fc.constant(null));
const text = mostly(fc.string(), fc.integer(), fc.constant(null));
const user = mostly(
  fc.record(
    { id: int, username: text, avatarUrl: mostly(fc.option(fc.string()), fc.integer()), email: fc.string() },
    { requiredKeys: ["id", "username", "avatarUrl"] },
  ),
  fc.jsonValue(),
);
const message = mostly(
  fc.record(
    { id: int, message: text, createdAt: text, user, extra: fc.string() },
    { requiredKeys: ["id", "message", "createdAt", "user"] },
  ),
  fc.jsonValue(),
);
const event = mostly(
  fc.record(
    { type: fc.constantFrom("message", "deleted", "resync", "other", 1), message, id: int, extra: fc.string() },
    { requiredKeys: ["type", "message", "id"] },
  ),
  fc.jsonValue(),
  fc.record({ type: fc.constantFrom("message", "deleted"), extra: fc.string() }),
);

describe("parseChatLiveEvent (issue 13 item 6, D73: a hand check instead of zod on the home page)", () => {
  it("accepts and returns what the contract's chatLiveEventSchema accepts and returns, and nothing else", () => {
    fc.assert(
      fc.property(event, (data) => {
        const expected = chatLiveEventSchema.safeParse(data);
        expect(parseChatLiveEvent(data)).toEqual(expected.success ? expected.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a well-formed message event and drops extra fields", () => {
    const msg = {
      id: 3,
      message: "hi",
      createdAt: "2025-05-15T21:05:00.000Z",
      user: { id: 1, username: "ann", avatarUrl: null, role: "admin" },
    };
    expect(parseChatLiveEvent({ type: "message", message: msg, extra: 1 })).toEqual({
      type: "message",
      message: {
        id: 3,
        message: "hi",
        createdAt: "2025-05-15T21:05:00.000Z",
        user: { id: 1, username: "ann", avatarUrl: null },
      },
    });
    expect(parseChatLiveEvent({ type: "deleted", id: 3 })).toEqual({ type: "deleted", id: 3 });
    expect(parseChatLiveEvent({ type: "deleted", id: 1.5 })).toBeNull();
    expect(parseChatLiveEvent({ type: "message", message: { ...msg, id: "3" } })).toBeNull();
    expect(parseChatLiveEvent(null)).toBeNull();
  });
});
