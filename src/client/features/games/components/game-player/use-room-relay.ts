import { useCallback, useEffect, useRef } from "react";
import { sendLive, subscribeLive } from "@/lib/live-socket";
import { RoomRelay, type CurrentRoom } from "../../room-relay";
import type { SdkV2Event } from "../../sdk-v2";

const pageLive = { subscribe: subscribeLive, send: sendLive };

/**
 * ADR 027: the room relay of the frame now shown (room-relay.ts). It is made at the frame's first room call (a game
 * without rooms opens no connection for them), a new one for each frame (Reload makes one); the frame's seats drop
 * when it goes.
 */
export function useRoomRelay({
  active,
  gameId,
  frameKey,
  postToGame,
  onCurrentRoom,
}: {
  active: boolean;
  gameId: number;
  frameKey: number;
  postToGame: (message: SdkV2Event) => void;
  /** D122: the room the frame entered last (the relay's), or null; "Invite friends" reads it */
  onCurrentRoom?: (room: CurrentRoom | null) => void;
}): () => RoomRelay | null {
  const currentRoomListener = useRef(onCurrentRoom);
  currentRoomListener.current = onCurrentRoom;
  const relay = useRef<RoomRelay | null>(null);
  const allowed = useRef(false);
  useEffect(() => {
    if (!active) return;
    allowed.current = true;
    return () => {
      allowed.current = false;
      relay.current?.dispose();
      relay.current = null;
      currentRoomListener.current?.(null);
    };
  }, [active, gameId, frameKey, postToGame]);
  return useCallback(() => {
    if (!allowed.current) return null;
    relay.current ??= new RoomRelay({
      gameId,
      live: pageLive,
      postEvent: (payload) => postToGame({ v: 2, event: "room", payload }),
      onCurrentRoom: (room) => currentRoomListener.current?.(room),
    });
    return relay.current;
  }, [gameId, postToGame]);
}
