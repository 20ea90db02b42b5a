import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CHAT_LIVE_PATH } from "@contract/chat-constants";
import { applyChatLiveEvent, chatKeys, chatLiveState } from "./chat-cache";
import { parseChatLiveEvent } from "./live-event";

export type ChatLiveStatus = "connecting" | "open" | "reconnecting";

/** Reconnect backoff: 1 s doubling up to 30 s, each delay randomised between half and all of it. */
export const CHAT_RECONNECT = { initialMs: 1000, maxMs: 30_000 };

/** The live channel's URL on this page's own host (ws: or wss: to match http: or https:). */
export function chatLiveUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CHAT_LIVE_PATH}`;
}

/**
 * Keeps the chat query live (D37): opens the WebSocket, applies pushed events to the cache,
 * reconnects with backoff when the connection drops, and refetches GET /api/chat every time a
 * connection opens so that nothing sent while the page was away is missed.
 */
export function useChatLive(options: { enabled?: boolean } = {}): ChatLiveStatus {
  const enabled = options.enabled ?? true;
  const qc = useQueryClient();
  const [status, setStatus] = useState<ChatLiveStatus>("connecting");

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      timer = undefined;
      let ws: WebSocket;
      try {
        ws = new WebSocket(chatLiveUrl());
      } catch (err) {
        console.warn("Chat: could not open the live connection", err);
        scheduleReconnect();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (socket !== ws) return;
        attempt = 0;
        setStatus("open");
        // Everything before this moment comes from the refetch; only later pushes are "live".
        chatLiveState(qc).live.clear();
        void qc.invalidateQueries({ queryKey: chatKeys.messages() });
      };
      ws.onmessage = (message) => {
        if (socket !== ws || typeof message.data !== "string") return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        // A malformed event is ignored.
        const event = parseChatLiveEvent(data);
        if (event) applyChatLiveEvent(qc, event);
      };
      ws.onclose = () => {
        if (socket !== ws) return;
        socket = null;
        if (stopped) return;
        setStatus("reconnecting");
        scheduleReconnect();
      };
    };

    const scheduleReconnect = () => {
      if (stopped || timer !== undefined) return;
      const base = Math.min(CHAT_RECONNECT.maxMs, CHAT_RECONNECT.initialMs * 2 ** attempt);
      attempt = Math.min(attempt + 1, 10);
      timer = setTimeout(connect, base / 2 + Math.random() * (base / 2));
    };

    // Back online: try at once instead of waiting for the backoff.
    const onOnline = () => {
      if (socket || stopped) return;
      if (timer !== undefined) clearTimeout(timer);
      attempt = 0;
      connect();
    };

    window.addEventListener("online", onOnline);
    connect();

    return () => {
      stopped = true;
      window.removeEventListener("online", onOnline);
      if (timer !== undefined) clearTimeout(timer);
      const ws = socket;
      socket = null;
      if (ws) {
        // Closing a socket that is still connecting makes the browser log an error: wait for it to open.
        if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
        else ws.close(1000);
      }
    };
  }, [enabled, qc]);

  return status;
}
