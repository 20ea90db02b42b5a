import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { subscribeLive, type LiveStatus } from "@/lib/live-socket";
import { applyChatLiveEvent, chatKeys, chatLiveState } from "./chat-cache";
import { parseChatLiveEvent } from "./live-event";

export type ChatLiveStatus = LiveStatus;

/** The reconnect backoff is the page's live connection's (lib/live-socket.ts). */
export { LIVE_RECONNECT as CHAT_RECONNECT, liveUrl as chatLiveUrl } from "@/lib/live-socket";

/**
 * Keeps the chat query live (D37) on the page's live connection (lib/live-socket.ts): applies pushed chat
 * events to the cache and refetches GET /api/chat every time the connection opens so that nothing sent while
 * the page was away is missed. Events that are not the chat's (a player's own) are ignored here.
 */
export function useChatLive(options: { enabled?: boolean } = {}): ChatLiveStatus {
  const enabled = options.enabled ?? true;
  const qc = useQueryClient();
  const [status, setStatus] = useState<ChatLiveStatus>("connecting");

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    return subscribeLive({
      onStatus: (next) => {
        setStatus(next);
        if (next !== "open") return;
        // Everything before this moment comes from the refetch; only later pushes are "live".
        chatLiveState(qc).live.clear();
        void qc.invalidateQueries({ queryKey: chatKeys.messages() });
      },
      onMessage: (data) => {
        // A malformed event is ignored.
        const event = parseChatLiveEvent(data);
        if (event) applyChatLiveEvent(qc, event);
      },
    });
  }, [enabled, qc]);

  return status;
}
