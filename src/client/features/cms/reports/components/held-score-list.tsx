import { Check, Inbox, X } from "lucide-react";
import { useId } from "react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, relativeTime } from "@/lib/format";
import type { HeldScoreRow } from "@contract/admin/scores";
import { formatScore } from "@contract/score-format";
import { useHeldScoreDecision, useHeldScores, type HeldScoreDecision } from "../api/held-scores";
import { ReportGroupSkeletons } from "./report-group-card";

export const HELD_SCORES_EMPTY = "No scores are waiting for review.";
export const HELD_SCORES_INTRO =
  "Scores far above their game's leaderboard wait here: 10 times the current top score, or a new top 3 on a leaderboard of 20 or more players. Until approved they show on no leaderboard and count in no total or achievement.";

/** Why a score was held, in words (D108). */
export function heldReasonText(row: Pick<HeldScoreRow, "reason" | "boardTop" | "game">): string {
  if (row.reason === "top_three") return "A new top 3 on a leaderboard of 20 or more players";
  return row.boardTop === null
    ? "Far above the leaderboard's top"
    : `More than 10 times the top score (${formatScore(row.boardTop, row.game.format)})`;
}

const DONE: Record<HeldScoreDecision, string> = {
  approve: "Score approved: it is on the leaderboards now",
  reject: "Score rejected: it stays off the leaderboards",
};

function HeldScoreCard({
  row,
  busy,
  onDecide,
}: {
  row: HeldScoreRow;
  busy: boolean;
  onDecide: (d: HeldScoreDecision) => void;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="break-words font-semibold">
            {formatScore(row.score, row.game.format)} on {row.game.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            by <span className="font-medium text-foreground">{row.user.username}</span>
            {" · "}
            <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
              {relativeTime(row.createdAt)}
            </time>
          </p>
          <p className="text-sm">{heldReasonText(row)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => onDecide("approve")} aria-describedby={headingId}>
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onDecide("reject")}
            aria-describedby={headingId}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      </div>
    </article>
  );
}

/** D108: the scores held for a moderator, oldest first, each approved or rejected with one click (audit-logged). */
export function HeldScoreList() {
  const held = useHeldScores();
  const decide = useHeldScoreDecision();
  const busyId = decide.isPending ? (decide.variables?.id ?? null) : null;
  function run(id: number, decision: HeldScoreDecision) {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => toast({ title: DONE[decision] }),
        onError: (err) =>
          toast({
            title: "Error",
            description: `Failed to ${decision} the score: ${errorMessage(err)}`,
            variant: "destructive",
          }),
      },
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{HELD_SCORES_INTRO}</p>
      <LoadError what="held scores" query={held} />
      {held.isPending ? (
        <ReportGroupSkeletons />
      ) : !held.data || held.data.length === 0 ? (
        held.isError ? null : (
          <EmptyState icon={<Inbox />} title={HELD_SCORES_EMPTY} className="bg-card" />
        )
      ) : (
        held.data.map((row) => (
          <HeldScoreCard key={row.id} row={row} busy={busyId === row.id} onDecide={(d) => run(row.id, d)} />
        ))
      )}
    </div>
  );
}
