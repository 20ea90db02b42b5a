import { useEffect, useMemo, useRef } from "react";
import { usePlayGame } from "../../api/play-game";

/**
 * D23 accepts a score within 6 hours of its play; a session older than this is replaced by a new
 * one at the next round rather than risking a refused score.
 */
export const PLAY_SESSION_MAX_AGE_MS = 5.5 * 60 * 60 * 1000;

export type PlaySession = { playId: Promise<string | null>; used: boolean; openedAt: number };

const isStale = (s: PlaySession) => s.used || Date.now() - s.openedAt > PLAY_SESSION_MAX_AGE_MS;

/** The play sessions of the rounds played in the frame (read by the SDK bridge while the game runs). */
export type PlaySessions = {
  /** The session a round starting now plays in: the open one, replaced by a new one when used or too old; null when none was opened. */
  forRound(): PlaySession | null;
  /** The session a score reported now belongs to, marked used: the open one, or a new one when there is none or it is used or too old. */
  forScore(): PlaySession;
  /** The play id of the open session, or null when there is none or it is used or too old. */
  currentPlayId(): Promise<string | null> | null;
};

/**
 * Play sessions (D21: one score per play) are per round: the session opened by Play Now serves the first
 * score; once a score has used it, the next round (or a score arriving without one) opens a new session with
 * another POST /api/games/{id}/play. A failure to open one is only logged.
 */
export function usePlaySession(gameId: number, started: { playId: string } | undefined) {
  const { mutate: countPlay, mutateAsync: openPlay, isPending: countingPlay } = usePlayGame(gameId);
  const session = useRef<PlaySession | null>(
    started ? { playId: Promise.resolve(started.playId), used: false, openedAt: Date.now() } : null,
  );
  const openSessionRef = useRef<() => PlaySession>(null!);

  /** Opens a further play session (a new round). Failures are only logged, like Play Now's (spec §4). */
  useEffect(() => {
    openSessionRef.current = () => {
      const next: PlaySession = {
        openedAt: Date.now(),
        used: false,
        playId: openPlay().then(
          (r) => r.playId,
          (err: unknown) => {
            console.warn("Could not open a new play session", err);
            return null;
          },
        ),
      };
      session.current = next;
      return next;
    };
  }, [openPlay]);

  const sessions = useMemo<PlaySessions>(
    () => ({
      forRound() {
        const current = session.current;
        return current && isStale(current) ? openSessionRef.current() : current;
      },
      forScore() {
        let current = session.current;
        if (!current || isStale(current)) current = openSessionRef.current();
        current.used = true;
        return current;
      },
      currentPlayId() {
        const current = session.current;
        return current && !isStale(current) ? current.playId : null;
      },
    }),
    [],
  );

  /** Play Now: counts the play (POST /api/games/{id}/play), whose session serves the first round; a failure is only logged. */
  function start(onStarted: (playId: string) => void) {
    countPlay(undefined, {
      onSuccess: ({ playId }) => {
        session.current = { playId: Promise.resolve(playId), used: false, openedAt: Date.now() };
        onStarted(playId);
      },
      onError: (err) => console.warn("Could not count the play", err),
    });
  }

  return { sessions, start, countingPlay };
}
