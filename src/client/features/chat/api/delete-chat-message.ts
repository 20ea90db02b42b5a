import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { applyChatLiveEvent } from "../chat-cache";

/** DELETE /api/admin/chat/{id} (D37): admins only; a soft delete, pushed to every open page. */
export async function deleteChatMessage(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/chat/${id}`);
}

export function useDeleteChatMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteChatMessage,
    onSuccess: (_data, id) => applyChatLiveEvent(qc, { type: "deleted", id }),
  });
}
