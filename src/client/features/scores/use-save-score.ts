import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ScoreFormat } from "@contract/games-constants";
import { invalidateAfterScore } from "./api/keys";
import type { ScoreReport } from "./save-score";

/**
 * The game page's handler of a game's scores (`format` is how the game shows them). What it does
 * (store the score, the toasts) is in save-score.ts, a chunk loaded with the first score: a score only comes after
 * the player pressed Play Now, and the game page has no room for it before interaction (D73).
 */
export function useSaveScore(gameId: number, format: ScoreFormat) {
  const qc = useQueryClient();
  return useCallback(
    (report: ScoreReport): Promise<void> =>
      import("./save-score").then(
        (m) => m.saveScore(qc, format, report, () => invalidateAfterScore(qc, gameId)),
        (err: unknown) => console.warn("Could not save the score", err),
      ),
    [qc, gameId, format],
  );
}
