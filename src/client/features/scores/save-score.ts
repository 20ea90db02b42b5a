import type { QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";
import { currentUserQueryOptions } from "@/lib/session";
import { formatScore, SCORE_HELD_TEXTS, type ScoreFormat } from "@contract/games-constants";
import { submitScore } from "./api/submit-score";

/** A score the game reported through the SDK (D22) and the play session it belongs to. */
export type ScoreReport = { playId: string | null; score: number; won: boolean | null };

export const SIGN_IN_TO_SAVE_TITLE = "Sign in to save your score";
export const SCORE_NOT_SAVED_TITLE = "Score not saved";

/**
 * Turns a game's score message into a stored score; loaded with the first score of a visit (D73: not
 * part of the game page before interaction, see use-save-score.ts):
 * - signed out (or the session has ended: 401): toast 'Sign in to save your score', nothing stored;
 * - signed in: POST /api/scores with the play session's id, then a toast with the personal best or
 *   the rank; the game's scores, the leaderboard and profiles are refetched (see invalidateAfterScore); a score held
 *   for a moderator (202): 'Score received: awaiting review' with the server's explanation;
 * - 429: a gentle toast; 400 (a score the game's rules refuse, the message names the rule): the
 *   server's message; any other failure is only logged (the game itself goes on).
 * The score reads as the game shows scores (`format`: a time as 1:02.345, not as points).
 */
export async function saveScore(
  qc: QueryClient,
  format: ScoreFormat,
  { playId, score, won }: ScoreReport,
  /** refetches what a score changes (invalidateAfterScore: the caller's, so that the query keys stay in its chunk) */
  invalidate: () => Promise<void>,
): Promise<void> {
  const isTime = format === "time_ms";
  const scored = (value: number) =>
    isTime ? `Your time: ${formatScore(value, format)}.` : `You scored ${formatScore(value, format)}.`;
  const signedOutToast = () =>
    toast({
      title: SIGN_IN_TO_SAVE_TITLE,
      description: `${scored(score)} Sign in or create a free account to get on the leaderboard.`,
    });
  const user = await qc.ensureQueryData(currentUserQueryOptions());
  if (!user) {
    signedOutToast();
    return;
  }
  if (!playId) {
    console.warn("Score not saved: no play session could be opened");
    return;
  }
  try {
    const result = await submitScore({ playId, score, won });
    if ("held" in result) {
      toast({ title: SCORE_HELD_TEXTS.title, description: `${scored(result.score)} ${result.message}` });
      return;
    }
    // not awaited: the toast should not wait for the refetches
    void invalidate();
    // A first score of 0 is technically a best, but celebrating it would read as a joke.
    if (result.personalBest && result.score > 0) {
      const best = formatScore(result.score, format) + (isTime ? "" : " points");
      toast({ title: "New personal best!", description: `${best} — you are #${result.rank} on this game.` });
    } else {
      toast({ title: `Score saved — you are #${result.rank} on this game`, description: scored(result.score) });
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      void qc.invalidateQueries({ queryKey: authKeys.user() });
      signedOutToast();
    } else if (err instanceof ApiError && err.status === 429) {
      toast({
        title: "Easy there, champ",
        description: "Scores are coming in too fast, so this one was not saved. Take a short breather.",
      });
    } else if (err instanceof ApiError && err.status === 400) {
      toast({ title: SCORE_NOT_SAVED_TITLE, description: err.serverMessage });
    } else {
      console.warn("Could not save the score", err);
    }
  }
}
