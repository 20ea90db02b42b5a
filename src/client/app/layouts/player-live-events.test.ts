import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { friendKeys } from "@/features/friends/api";
import { applyPlayerEvent, parsePlayerEvent } from "./player-live-events";

describe("a player's live events", () => {
  it("reads the events the page acts on and nothing else", () => {
    expect(parsePlayerEvent({ type: "friend-rooms-changed" })).toEqual({ type: "friend-rooms-changed" });
    expect(parsePlayerEvent({ type: "friends-changed", extra: 1 })).toEqual({ type: "friends-changed" });
    expect(parsePlayerEvent({ type: "presence", userId: "1", presence: { status: "online" } })).toBeNull();
    expect(parsePlayerEvent({ type: "chat-message" })).toBeNull();
    expect(parsePlayerEvent("friend-rooms-changed")).toBeNull();
  });

  it("asks for the friends list again when a friend's room changes", () => {
    const qc = new QueryClient();
    qc.setQueryData(friendKeys.lists(), { friends: [] });
    qc.setQueryData(friendKeys.relationship(7), { status: "friends" });
    applyPlayerEvent(qc, { type: "friend-rooms-changed" });
    expect(qc.getQueryState(friendKeys.lists())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(friendKeys.relationship(7))?.isInvalidated).toBe(false);
  });
});
