import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useGameScores } from "../api/get-game-scores";

/** A game's high score: the first entry of its scores (spec §2, D55); '–' when nobody has scored. */
export function HighScore({ gameId }: { gameId: number }) {
  const scores = useGameScores(gameId);
  const top = scores.data?.[0];
  if (scores.isPending) return <Skeleton className="mt-1 h-6 w-20" />;
  if (top) return <span title={`by ${top.user.username}`}>{formatNumber(top.score)}</span>;
  return <span className="text-muted-foreground">–</span>;
}

/** 'High score held by {username}', linking to the holder's profile; nothing when nobody has scored. */
export function HighScoreHolder({ gameId }: { gameId: number }) {
  const top = useGameScores(gameId).data?.[0];
  if (!top) return null;
  return (
    <p className="text-xs text-muted-foreground">
      High score held by{" "}
      <Link href={`/profile/${top.user.id}`} className="font-medium text-foreground hover:text-primary hover:underline">
        {top.user.username}
      </Link>
    </p>
  );
}
