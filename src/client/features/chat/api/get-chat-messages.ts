import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";
import { useAsServerRendered } from "@/lib/hydration";
import type { ChatMessage } from "@contract/chat";
import { chatKeys, chatLiveState, mergeFetchedChat } from "../chat-cache";

/** GET /api/chat (D36): the latest 50 messages, oldest first. */
export function getChatMessages(signal?: AbortSignal): Promise<ChatMessage[]> {
  return getJson<ChatMessage[]>("/api/chat", { signal });
}

export const chatMessagesQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.messages(),
    // D70: live chat renders after hydration (its messages change every second).
    meta: { clientOnly: true },
    // Live pushes keep the list current (D37); a refetch (after a send, a reconnect or a resync)
    // is merged with what arrived live meanwhile so that a slow answer never drops a message.
    queryFn: async ({ signal, client }) => {
      const fresh = await getChatMessages(signal);
      return mergeFetchedChat(fresh, client.getQueryData<ChatMessage[]>(chatKeys.messages()), chatLiveState(client));
    },
  });

export function useChatMessages() {
  return useAsServerRendered(useQuery(chatMessagesQueryOptions()));
}
