import type { QueryClient } from "@tanstack/react-query";
import type { ChatLiveEvent, ChatMessage } from "@contract/chat";

export const chatKeys = {
  all: ["chat"] as const,
  messages: () => [...chatKeys.all, "messages"] as const,
};

/** The page keeps at most this many messages (the API returns the latest 50; live ones are appended). */
export const CHAT_CACHE_LIMIT = 200;
const REMEMBERED_IDS = 500;

/**
 * What the live channel told this page since the current connection opened:
 * - `live`: ids of messages that arrived by push (or were sent from this page). A GET that was
 *   answered before such a message existed must not drop it from the list.
 * - `deleted`: ids deleted by an admin. A GET answered before the deletion must not bring it back.
 * Kept per QueryClient so that tests (and several clients) do not share it.
 */
export type ChatLiveState = { live: Set<number>; deleted: Set<number> };
const states = new WeakMap<QueryClient, ChatLiveState>();

export function chatLiveState(client: QueryClient): ChatLiveState {
  let state = states.get(client);
  if (!state) {
    state = { live: new Set(), deleted: new Set() };
    states.set(client, state);
  }
  return state;
}

function remember(set: Set<number>, id: number) {
  set.delete(id);
  set.add(id);
  if (set.size > REMEMBERED_IDS) {
    const oldest = set.values().next().value;
    if (oldest !== undefined) set.delete(oldest);
  }
}

function sortAndCap(list: ChatMessage[]): ChatMessage[] {
  const sorted = [...list].sort((a, b) => a.id - b.id);
  return sorted.length > CHAT_CACHE_LIMIT ? sorted.slice(-CHAT_CACHE_LIMIT) : sorted;
}

/** Appends a message unless a message with its id is already there; keeps the list ordered by id. */
export function addChatMessage(list: ChatMessage[] | undefined, message: ChatMessage): ChatMessage[] {
  const current = list ?? [];
  if (current.some((m) => m.id === message.id)) return current;
  const last = current[current.length - 1];
  if (!last || last.id < message.id) {
    const next = [...current, message];
    return next.length > CHAT_CACHE_LIMIT ? next.slice(-CHAT_CACHE_LIMIT) : next;
  }
  return sortAndCap([...current, message]);
}

export function removeChatMessage(list: ChatMessage[] | undefined, id: number): ChatMessage[] | undefined {
  if (!list || !list.some((m) => m.id === id)) return list;
  return list.filter((m) => m.id !== id);
}

/**
 * Combines a fresh GET /api/chat with what is cached: the fresh list wins, except that messages that
 * arrived live after the server answered (newer than anything in the answer) are kept, and messages
 * deleted live are dropped.
 */
export function mergeFetchedChat(
  fresh: ChatMessage[],
  cached: ChatMessage[] | undefined,
  state: ChatLiveState,
): ChatMessage[] {
  const newestFetched = fresh.reduce((max, m) => Math.max(max, m.id), 0);
  const result = fresh.filter((m) => !state.deleted.has(m.id));
  const ids = new Set(result.map((m) => m.id));
  for (const m of cached ?? []) {
    if (m.id > newestFetched && state.live.has(m.id) && !state.deleted.has(m.id) && !ids.has(m.id)) result.push(m);
  }
  return sortAndCap(result);
}

/** A message this page learned about outside a GET (pushed or sent from here). */
export function rememberLiveMessage(client: QueryClient, message: ChatMessage) {
  remember(chatLiveState(client).live, message.id);
  client.setQueryData<ChatMessage[]>(chatKeys.messages(), (list) => addChatMessage(list, message));
}

/** Applies one event of the live channel (D37) to the query cache. */
export function applyChatLiveEvent(client: QueryClient, event: ChatLiveEvent) {
  switch (event.type) {
    case "message":
      rememberLiveMessage(client, event.message);
      return;
    case "deleted":
      remember(chatLiveState(client).deleted, event.id);
      client.setQueryData<ChatMessage[]>(chatKeys.messages(), (list) => removeChatMessage(list, event.id));
      return;
    case "resync":
      void client.invalidateQueries({ queryKey: chatKeys.messages() });
      return;
  }
}
