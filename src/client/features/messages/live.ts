import type { PlayerLiveEvent } from "@contract/player-live";

/**
 * The messages screens' view of the personal live events (D88: `direct-messages-changed`, D84:
 * `friends-changed`) that arrive on the site's one WebSocket.
 *
 * The shared connection (src/client/lib/live-socket.ts, its `subscribe(handler)`) is not in the code base yet:
 * until it is, nothing is delivered here and the screens catch up when they refetch (after a send, on focus,
 * on reconnect of the network). Wiring it is one line: `return subscribe(handler)` (filtering to the
 * personal events if the socket hands the chat's events to the same handlers).
 */
export function onPlayerEvent(handler: (event: PlayerLiveEvent) => void): () => void {
  void handler;
  return () => {};
}
