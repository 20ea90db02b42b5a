/**
 * D86: the game page tells the server when a play's gameplay runs, so that the player's playtime can be counted on
 * the server's clock (POST /api/games/{id}/plays/{playId}/gameplay {state}). No React and no DOM here, so the
 * rules are unit-tested with plain stand-ins (gameplay-reporter.test.ts).
 *
 * Gameplay counts while the game says it runs (SDK v1/v2 `gameplay.start` until `gameplay.stop`) AND the page
 * is visible: the page reports "start" when both become true and "stop" when either ends (the page hidden or
 * closed, the frame reloaded, the game's own stop). A round that opens a new play stops the previous play's
 * gameplay first. Only a signed-in player's plays are reported (a guest's play has no owner). The server never
 * takes a duration from here; it caps what one report can add (MAX_GAMEPLAY_STRETCH_MS, MAX_PLAYTIME_PER_PLAY_MS).
 *
 * Reports go out one after the other (a stop never overtakes its start), except when the page goes away: then
 * the stop leaves at once with `keepalive`, as nothing would send it later.
 */
import type { GameplayState } from "@contract/my-games-constants";

/** The play a round belongs to: its id once the server has opened it (null when it could not). */
export type ReportedPlay = { playId: Promise<string | null> };

export type GameplaySend = (playId: string, state: GameplayState, options: { keepalive: boolean }) => Promise<unknown>;

export type GameplayReporter = {
  /** the game reported gameplay.start for this play */
  gameStarted(play: ReportedPlay): void;
  /** the game reported gameplay.stop (or its frame was reloaded) */
  gameStopped(): void;
  /** the page was shown or hidden */
  setVisible(visible: boolean): void;
  /** the page is going away (pagehide): a running stretch is stopped at once, with keepalive */
  pageHidden(): void;
  /** the game closed (the player left the page in the app): stops what runs */
  close(): void;
};

export function createGameplayReporter(deps: {
  signedIn(): boolean;
  send: GameplaySend;
  onError?(err: unknown): void;
}): GameplayReporter {
  /** the play whose gameplay the game says runs, or null */
  let running: ReportedPlay | null = null;
  let visible = true;
  /** the play the server was told runs, and its id once known */
  type Entry = { play: ReportedPlay; id: string | null | undefined };
  let reported: Entry | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const onError = deps.onError ?? ((err: unknown) => console.warn("Could not report gameplay", err));

  function enqueue(entry: Entry, state: GameplayState) {
    queue = queue
      .then(async () => {
        const id = await entry.play.playId;
        entry.id = id;
        if (id) await deps.send(id, state, { keepalive: state === "stop" });
      })
      .catch(onError);
  }

  function stopReported(now: boolean) {
    if (!reported) return;
    const entry = reported;
    reported = null;
    if (now && typeof entry.id === "string") {
      void deps.send(entry.id, "stop", { keepalive: true }).catch(onError);
      return;
    }
    enqueue(entry, "stop");
  }

  function sync() {
    const shouldRun = running !== null && visible && deps.signedIn();
    if (reported && (!shouldRun || reported.play !== running)) stopReported(false);
    if (shouldRun && !reported) {
      const entry: Entry = { play: running!, id: undefined };
      reported = entry;
      void entry.play.playId.then((id) => (entry.id = id)).catch(() => undefined);
      enqueue(entry, "start");
    }
  }

  return {
    gameStarted(play) {
      // a second start of the same play is a real event too (the server closes the stretch and opens another)
      if (reported && reported.play === play && running === play && visible) {
        enqueue(reported, "start");
        return;
      }
      running = play;
      sync();
    },
    gameStopped() {
      running = null;
      sync();
    },
    setVisible(next) {
      visible = next;
      sync();
    },
    pageHidden() {
      visible = false;
      stopReported(true);
    },
    close() {
      running = null;
      stopReported(true);
    },
  };
}
