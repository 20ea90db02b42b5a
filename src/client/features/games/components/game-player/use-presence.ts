import { useEffect } from "react";
import { apiRequest } from "@/lib/api-client";

/** The last presence report, which a report of the player's own room waits for (the server checks it against it). */
let presenceSent: Promise<unknown> = Promise.resolve();

/** D84: tells the server which game the player has open (null: none); errors are ignored. */
export function reportPresence(gameId: number | null, keepalive = false) {
  presenceSent = apiRequest("POST", "/api/presence", { gameId }, { keepalive }).catch(() => undefined);
}

/**
 * D122: tells the server the joinable room of the game's own servers the player is in (null: none), for their
 * friends' Join; after the presence report of the game, whose game it must match. Errors are ignored.
 */
export function reportOwnRoom(
  gameId: number,
  room: { id: string; inviteParams: Record<string, string> | null } | null,
): Promise<void> {
  return presenceSent
    .then(() => apiRequest("PUT", "/api/presence/room", { gameId, room }))
    .then(
      () => undefined,
      () => undefined,
    );
}

/**
 * D84: a signed-in player's friends see "Playing {game}" while the game is shown (POST /api/presence {gameId}),
 * until the player leaves the page ({gameId: null}; keepalive so it still goes out when the tab closes).
 * The server keeps it only for players who share their presence; failures are ignored.
 */
export function usePresence({
  playing,
  userId,
  gameId,
}: {
  playing: boolean;
  userId: number | undefined;
  gameId: number;
}) {
  useEffect(() => {
    if (!playing || userId === undefined) return;
    reportPresence(gameId);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      reportPresence(null, true);
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      // Back from the browser's page cache: the game is shown again.
      left = false;
      reportPresence(gameId);
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", onPageShow);
      leave();
    };
  }, [playing, userId, gameId]);
}
