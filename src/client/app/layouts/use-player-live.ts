import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { setLiveSession } from "@/lib/live-session";
import { subscribeLive } from "@/lib/live-socket";
import { PLAYER_LIVE_TYPES } from "@contract/player-live";

type PlayerEvents = typeof import("./player-live-events");

/**
 * The code that applies the events loads with the first one (or the first reconnection), not with the page (D73):
 * most pages never receive one. Every use waits for the same load, so events are applied in the order they came.
 */
let events: Promise<PlayerEvents> | undefined;
function withPlayerEvents(use: (module: PlayerEvents) => void): void {
  const loading = (events ??= import("./player-live-events"));
  loading.then(use, (error: unknown) => {
    // Should the code not load (offline, a new release), the next event tries again.
    if (events === loading) events = undefined;
    console.warn("Live: could not load the player's events", error);
  });
}

/**
 * One of a player's own events (not the public chat's, which every page hears): only these load the code. The
 * live connection itself tells of a banned account ("account-closed", lib/live-socket.ts).
 */
function isPlayerEvent(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const type = String((data as { type?: unknown }).type);
  return PLAYER_LIVE_TYPES.has(type) || type === "account-closed";
}

/**
 * A player's live events while signed in: keeps notifications, friends and presence, and direct
 * messages fresh in the query cache from the page's live connection (lib/live-socket.ts), and toasts a new
 * notification (player-live-events.ts). After every reconnection it refetches what may have been missed. Mounted
 * by the header.
 */
export function usePlayerLive(userId: number): void {
  const qc = useQueryClient();
  useEffect(() => {
    setLiveSession(userId);
    let opened = false;
    return subscribeLive({
      onStatus: (status) => {
        if (status !== "open") return;
        // The first open is this page's first fetch; later ones follow a gap in which events were missed.
        if (opened) withPlayerEvents((m) => m.resyncPlayer(qc));
        opened = true;
      },
      onMessage: (data) => {
        if (isPlayerEvent(data)) withPlayerEvents((m) => m.applyPlayerEvent(qc, data));
      },
    });
  }, [qc, userId]);
}
