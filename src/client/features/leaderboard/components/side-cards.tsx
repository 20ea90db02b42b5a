import { LogIn, Sparkles, TrendingUp, UserRound } from "lucide-react";
import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { loginUrl } from "@/lib/session";
import type { LeaderboardEntry } from "@contract/leaderboard";
import { RISING_STARS_COUNT, risingStars } from "../api/get-leaderboard";

export type MyRanking = {
  userId: number;
  username: string;
  avatarUrl: string | null;
  rank: number | null;
  totalScore: number;
  gamesPlayed: number;
  winRate: number;
};

/**
 * 'Your Ranking' (spec §2): signed out it always shows 'Sign in to see your rank' and 'Sign In'.
 * Signed in it shows the player's real rank from GET /api/users/{me} (a good site would).
 */
export function YourRankingCard({
  state,
}: {
  state: { kind: "loading" } | { kind: "signedOut" } | { kind: "signedIn"; me: MyRanking | null };
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-primary" aria-hidden="true" />
          Your Ranking
        </CardTitle>
      </CardHeader>
      <CardContent>
        {state.kind === "loading" ? (
          <div className="space-y-3" data-testid="your-ranking-skeleton">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : state.kind === "signedOut" ? (
          <div className="space-y-4 text-center">
            <p className="text-sm text-muted-foreground">Sign in to see your rank</p>
            <a href={loginUrl({ returnTo: "/leaderboard" })} className={buttonClasses("gradient", "md", "w-full")}>
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          </div>
        ) : state.me === null ? (
          <p className="text-sm text-muted-foreground">Your rank could not be loaded right now.</p>
        ) : (
          <div className="space-y-4">
            <div className="flex items-center gap-3">
              <UserAvatar username={state.me.username} src={state.me.avatarUrl} className="size-12" />
              <div className="min-w-0">
                <Link
                  href={`/profile/${state.me.userId}`}
                  className="block truncate rounded font-semibold outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {state.me.username}
                </Link>
                <p className="text-sm text-muted-foreground" data-testid="my-rank">
                  {state.me.rank !== null
                    ? `Rank #${state.me.rank}`
                    : "Not ranked yet: play a game to get on the board"}
                </p>
              </div>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <div className="rounded-lg bg-muted/60 p-2">
                <dt className="text-xs text-muted-foreground">Score</dt>
                <dd className="font-bold tabular-nums">{formatNumber(state.me.totalScore)}</dd>
              </div>
              <div className="rounded-lg bg-muted/60 p-2">
                <dt className="text-xs text-muted-foreground">Games</dt>
                <dd className="font-bold tabular-nums">{formatNumber(state.me.gamesPlayed)}</dd>
              </div>
              <div className="rounded-lg bg-muted/60 p-2">
                <dt className="text-xs text-muted-foreground">Win Rate</dt>
                <dd className="font-bold tabular-nums">{state.me.winRate}%</dd>
              </div>
            </dl>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Rising Stars' (spec §2): the last 5 entries of the board, reversed. */
export function RisingStarsCard({
  entries,
  isPending,
  isError,
}: {
  entries: LeaderboardEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  const stars = risingStars(entries ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp className="size-5 text-emerald-500" aria-hidden="true" />
          Rising Stars
        </CardTitle>
        <CardDescription>Players climbing their way up the board.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ul className="space-y-3">
            {Array.from({ length: RISING_STARS_COUNT }, (_, i) => (
              <li key={i} className="flex items-center gap-3" data-testid="rising-star-skeleton">
                <Skeleton className="size-9 rounded-full" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-4 w-12" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Failed to load the leaderboard</p>
        ) : stars.length === 0 ? (
          <p className="text-sm text-muted-foreground">No players yet.</p>
        ) : (
          <ol className="space-y-1" aria-label="Rising stars">
            {stars.map((e) => (
              <li key={e.user.id} data-testid="rising-star" className="flex items-center gap-3 rounded-lg px-1 py-1.5">
                <UserAvatar username={e.user.username} src={e.user.avatarUrl} />
                <div className="min-w-0 flex-1">
                  <Link
                    href={`/profile/${e.user.id}`}
                    className="block truncate rounded text-sm font-semibold outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {e.user.username}
                  </Link>
                  <p className="text-xs text-muted-foreground">Rank #{e.rank}</p>
                </div>
                <span className="inline-flex items-center gap-1 text-sm font-semibold tabular-nums">
                  <Sparkles className="size-3.5 text-amber-500" aria-hidden="true" />
                  {formatNumber(e.totalScore)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
