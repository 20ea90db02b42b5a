import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { authKeys } from "@/lib/query-keys";
import { currentUserQueryOptions } from "@/lib/session";
import { useSubmitScore } from "./api/submit-score";

/** A score the game reported through the SDK (D22) and the play session it belongs to. */
export type ScoreReport = { playId: string | null; score: number; won: boolean | null };

export const SIGN_IN_TO_SAVE_TITLE = "Sign in to save your score";

/**
 * Turns a game's score message into a stored score (D22, D23):
 * - signed out (or the session has ended: 401): toast 'Sign in to save your score', nothing stored;
 * - signed in: POST /api/scores with the play session's id, then a toast with the personal best or
 *   the rank; the game's scores, the leaderboard and profiles are refetched (see invalidateAfterScore);
 * - 429: a gentle toast; any other failure is only logged (the game itself goes on).
 */
export function useSaveScore(gameId: number) {
  const qc = useQueryClient();
  const { mutateAsync } = useSubmitScore();

  return useCallback(
    async ({ playId, score, won }: ScoreReport): Promise<void> => {
      const signedOutToast = () =>
        toast({
          title: SIGN_IN_TO_SAVE_TITLE,
          description: `You scored ${formatNumber(score)}. Sign in or create a free account to get on the leaderboard.`,
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
        const result = await mutateAsync({ gameId, playId, score, won });
        // A first score of 0 is technically a best, but celebrating it would read as a joke.
        if (result.personalBest && result.score > 0) {
          toast({ title: "New personal best!", description: `${formatNumber(result.score)} points — you are #${result.rank} on this game.` });
        } else {
          toast({ title: `Score saved — you are #${result.rank} on this game`, description: `You scored ${formatNumber(result.score)}.` });
        }
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          void qc.invalidateQueries({ queryKey: authKeys.user() });
          signedOutToast();
        } else if (err instanceof ApiError && err.status === 429) {
          toast({ title: "Easy there, champ", description: "Scores are coming in too fast, so this one was not saved. Take a short breather." });
        } else {
          console.warn("Could not save the score", err);
        }
      }
    },
    [qc, mutateAsync, gameId],
  );
}
