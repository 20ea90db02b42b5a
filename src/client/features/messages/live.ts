import { subscribeLive } from "@/lib/live-socket";
import { PLAYER_LIVE_TYPES, type PlayerLiveEvent } from "@contract/player-live";

/**
 * The messages screens' view of the personal live events (`direct-messages-changed`,
 * `friends-changed`) that arrive on the page's one live connection (lib/live-socket.ts). The chat's events on
 * the same socket are left out; after a reconnect the screens are told `friends-changed` so that they refetch
 * what may have been missed.
 */
export function onPlayerEvent(handler: (event: PlayerLiveEvent) => void): () => void {
  let opened = false;
  return subscribeLive({
    onMessage: (data) => {
      if (data && typeof data === "object" && PLAYER_LIVE_TYPES.has(String((data as { type?: unknown }).type)))
        handler(data as PlayerLiveEvent);
    },
    onStatus: (status) => {
      if (status !== "open") return;
      if (opened) handler({ type: "friends-changed" });
      opened = true;
    },
  });
}
