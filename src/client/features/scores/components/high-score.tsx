import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton";
import { formatScore, type ScoreFormat } from "@contract/games-constants";
import { useGameScores } from "../api/get-game-scores";

/**
 * A game's high score: the first entry of its scores (D90: the server orders them as the game says,
 * so for a time it is the lowest), shown as the game shows scores; '–' when nobody has scored.
 */
export function HighScore({ gameId, format }: { gameId: number; format: ScoreFormat }) {
  const scores = useGameScores(gameId);
  const top = scores.data?.[0];
  if (scores.isPending) return <Skeleton className="mt-1 h-6 w-20" />;
  if (top) {
    return (
      // a time (0:58.910) is wider than most points: a size smaller on a phone, where three figures share a row
      <span
        title={`by ${top.user.username}`}
        className={format === "time_ms" ? "tabular-nums max-sm:text-sm" : undefined}
      >
        {formatScore(top.score, format)}
      </span>
    );
  }
  return <span className="text-muted-foreground">–</span>;
}

/** 'High score held by {username}' ('Best time held by' for a time, D90), linking to the holder's profile; nothing when nobody has scored. */
export function HighScoreHolder({ gameId, format }: { gameId: number; format: ScoreFormat }) {
  const top = useGameScores(gameId).data?.[0];
  if (!top) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {format === "time_ms" ? "Best time" : "High score"} held by{" "}
      <Link href={`/profile/${top.user.id}`} className="font-medium text-foreground hover:text-primary hover:underline">
        {top.user.username}
      </Link>
    </p>
  );
}
