import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { ChatMessage } from "@contract/chat";
import { chatKeys, rememberLiveMessage } from "../chat-cache";

/** POST /api/chat {message} (D35) → 201 the message; the author is the session's user. */
export async function sendChatMessage(message: string): Promise<ChatMessage> {
  const res = await apiRequest("POST", "/api/chat", { message });
  return (await res.json()) as ChatMessage;
}

export function useSendChatMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: (message) => {
      rememberLiveMessage(qc, message);
      // Spec §7: the list is refetched after a send (catches up if the live channel is down).
      void qc.invalidateQueries({ queryKey: chatKeys.messages() });
    },
  });
}
