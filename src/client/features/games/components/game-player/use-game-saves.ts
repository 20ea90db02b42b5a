import { useCallback, useRef, type RefObject } from "react";
import { accountBackend, GameSaves, guestBackend } from "../../game-saves";

/**
 * The saves of the frame now shown (D76), made on the game's first data call, for the player signed in then;
 * `flush` sends what waits to be sent.
 */
export function useGameSaves(
  gameId: number,
  userRef: RefObject<{ id: number } | null>,
  frameKeyRef: RefObject<number>,
) {
  const saves = useRef<{ frame: number; userId: number | null; store: GameSaves } | null>(null);

  /** The saves of the frame now shown, for the player signed in now (a sign-in in another tab starts a new copy). */
  const gameSaves = useCallback((): GameSaves => {
    const userId = userRef.current?.id ?? null;
    const current = saves.current;
    if (current && current.frame === frameKeyRef.current && current.userId === userId) return current.store;
    void current?.store.flush();
    const store = new GameSaves(userId === null ? guestBackend(gameId) : accountBackend(gameId));
    saves.current = { frame: frameKeyRef.current, userId, store };
    return store;
  }, [gameId, userRef, frameKeyRef]);

  const flush = useCallback(() => void saves.current?.store.flush(), []);

  return { gameSaves, flush };
}
