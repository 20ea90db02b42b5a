import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refreshMessageLists } from "./api/direct-messages";
import { messageKeys } from "./api/keys";
import { onPlayerEvent } from "./live";

/**
 * D88: keeps the messages screens current. A message sent or read in a conversation refetches that
 * conversation, the list and the unread count; a friendship or block change refetches every
 * conversation (whether I may write, whether it is shown at all).
 */
export function useMessagesLive(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onPlayerEvent((event) => {
      if (event.type === "direct-messages-changed") {
        refreshMessageLists(qc);
        void qc.invalidateQueries({ queryKey: messageKeys.thread(event.withUserId) });
      } else if (event.type === "friends-changed") {
        refreshMessageLists(qc);
        void qc.invalidateQueries({ queryKey: messageKeys.threads() });
      }
    });
  }, [enabled, qc]);
}
