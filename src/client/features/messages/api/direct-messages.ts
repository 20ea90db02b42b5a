import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { ApiError, apiRequest, getJson, withQuery } from "@/lib/api-client";
import { useAsServerRendered } from "@/lib/hydration";
import type { Conversation, DirectMessage, DirectMessageThread } from "@contract/direct-messages-constants";
import { messageKeys } from "./keys";

// D88: direct messages. Everything here is personal: client-only queries.

/** GET /api/messages: my conversations, newest first. */
export function useConversations(enabled = true) {
  return useAsServerRendered(
    useQuery({
      queryKey: messageKeys.conversations(),
      queryFn: ({ signal }) => getJson<Conversation[]>("/api/messages", { signal }),
      enabled,
      meta: { clientOnly: true },
    }),
  );
}

export type ThreadPages = InfiniteData<DirectMessageThread, unknown>;

/**
 * GET /api/messages/{userId}, a page at a time: the first page is the newest, each next page is older
 * (`before` = the oldest message's id so far). Reading the newest page marks their messages read.
 */
export function useThread(userId: number | null) {
  // The messages screens are rendered in the browser only (routes/pages.ts): nothing to hydrate here.
  return useInfiniteQuery({
    queryKey: messageKeys.thread(userId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      getJson<DirectMessageThread>(withQuery(`/api/messages/${userId}`, { before: pageParam }), { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore && last.messages.length ? last.messages[0].id : undefined),
    enabled: userId !== null,
    // A refusal (403, 404) is an answer, not a failure to retry.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
    meta: { clientOnly: true },
  });
}

/** The messages of the loaded pages, oldest first. */
export function threadMessages(data: ThreadPages | undefined): DirectMessage[] {
  if (!data) return [];
  return data.pages
    .slice()
    .reverse()
    .flatMap((p) => p.messages);
}

/** After a conversation was read or written: the lists and counts that depend on it. */
export function refreshMessageLists(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
  void qc.invalidateQueries({ queryKey: messageKeys.unread() });
}

/** POST /api/messages/{userId} {body} → 201 the message. */
export async function sendDirectMessage(userId: number, body: string): Promise<DirectMessage> {
  const res = await apiRequest("POST", `/api/messages/${userId}`, { body });
  return (await res.json()) as DirectMessage;
}

export function useSendDirectMessage(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendDirectMessage(userId, body),
    onSuccess: (message) => {
      // The message shows at once at the bottom of the newest page; the live event (or the next refetch) confirms.
      qc.setQueryData<ThreadPages>(messageKeys.thread(userId), (data) => {
        if (!data?.pages.length) return data;
        const [newest, ...older] = data.pages;
        if (newest.messages.some((m) => m.id === message.id)) return data;
        return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
      });
      void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}

/** D84: POST /api/blocks/{userId}: the conversation disappears from both players' views. */
export function useBlockPlayer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest("POST", `/api/blocks/${userId}`),
    onSuccess: (_res, userId) => {
      qc.removeQueries({ queryKey: messageKeys.thread(userId) });
      refreshMessageLists(qc);
      void qc.invalidateQueries({ queryKey: ["friends"] });
    },
  });
}
