import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@contract/chat";
import {
  CHAT_CACHE_LIMIT,
  addChatMessage,
  applyChatLiveEvent,
  chatKeys,
  chatLiveState,
  mergeFetchedChat,
  removeChatMessage,
} from "./chat-cache";

const msg = (id: number): ChatMessage => ({
  id,
  message: `m${id}`,
  createdAt: "2025-05-15T21:05:00.000Z",
  user: { id: 1, username: "ann", avatarUrl: null },
});
const ids = (list: ChatMessage[] | undefined) => (list ?? []).map((m) => m.id);

describe("chat cache", () => {
  it("appends by id, ignores duplicates, keeps order and a bounded length", () => {
    expect(ids(addChatMessage(undefined, msg(1)))).toEqual([1]);
    const list = [msg(1), msg(3)];
    expect(addChatMessage(list, msg(3))).toBe(list);
    expect(ids(addChatMessage(list, msg(2)))).toEqual([1, 2, 3]);
    expect(ids(addChatMessage(list, msg(4)))).toEqual([1, 3, 4]);
    const full = Array.from({ length: CHAT_CACHE_LIMIT }, (_, i) => msg(i + 1));
    const next = addChatMessage(full, msg(CHAT_CACHE_LIMIT + 1));
    expect(next).toHaveLength(CHAT_CACHE_LIMIT);
    expect(next[next.length - 1].id).toBe(CHAT_CACHE_LIMIT + 1);
  });

  it("removes a message by id", () => {
    expect(ids(removeChatMessage([msg(1), msg(2)], 1))).toEqual([2]);
    const list = [msg(1)];
    expect(removeChatMessage(list, 9)).toBe(list);
    expect(removeChatMessage(undefined, 1)).toBeUndefined();
  });

  it("merges a refetch with what arrived live after the server answered, and keeps deletions", () => {
    const state = { live: new Set([5, 6]), deleted: new Set([2]) };
    // The answer was computed before 5 and 6 existed and before 2 was deleted.
    const fresh = [msg(1), msg(2), msg(3)];
    const cached = [msg(1), msg(3), msg(4), msg(5), msg(6)];
    // 4 was not pushed live since the connection opened: the server's answer (without it) wins.
    expect(ids(mergeFetchedChat(fresh, cached, state))).toEqual([1, 3, 5, 6]);
    // An empty answer keeps only live arrivals.
    expect(ids(mergeFetchedChat([], [msg(1), msg(5)], state))).toEqual([5]);
  });

  it("applies live events to the query cache", () => {
    const qc = new QueryClient();
    qc.setQueryData(chatKeys.messages(), [msg(1)]);
    applyChatLiveEvent(qc, { type: "message", message: msg(2) });
    applyChatLiveEvent(qc, { type: "message", message: msg(2) });
    expect(ids(qc.getQueryData(chatKeys.messages()))).toEqual([1, 2]);
    expect(chatLiveState(qc).live.has(2)).toBe(true);
    applyChatLiveEvent(qc, { type: "deleted", id: 1 });
    expect(ids(qc.getQueryData(chatKeys.messages()))).toEqual([2]);
    expect(chatLiveState(qc).deleted.has(1)).toBe(true);
    applyChatLiveEvent(qc, { type: "resync" });
    expect(qc.getQueryState(chatKeys.messages())?.isInvalidated).toBe(true);
    // Each client has its own state.
    expect(chatLiveState(new QueryClient()).live.size).toBe(0);
  });
});
