import { Globe, Search, Trophy, Users } from "lucide-react";
import { Suspense, useState } from "react";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAroundMe } from "@/features/leaderboard/api/get-around-me";
import { useLeaderboard } from "@/features/leaderboard/api/get-leaderboard";
import { LeaderboardTable, LeaderboardTableSkeleton } from "@/features/leaderboard/components/leaderboard-table";
import { SeasonPicker, useBoardChoice, type BoardParams } from "@/features/leaderboard/components/season-picker";
import { RisingStarsCard, YourRankingCard, type MyRanking } from "@/features/leaderboard/components/side-cards";
import { useUserProfile } from "@/features/profile/api/get-user-profile";
import { ApiError } from "@/lib/api-client";
import { needsAroundMe } from "@/lib/around-me";
import { lazyPart } from "@/lib/lazy-component";
import { useCurrentUser } from "@/lib/session";
import { useContent } from "@/lib/site-content";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { STATIC_PAGE_META } from "@contract/pages";

export const LEADERBOARD_SEARCH_DEBOUNCE_MS = 300;

/**
 * The Friends Only board is personal (D84: asked in the browser only, never in the server's HTML) and hidden until
 * chosen: its code is a chunk of its own, loaded when the player reaches for its tab (points at, focuses or presses
 * it).
 */
const FriendsRankings = lazyPart("friends-rankings", () =>
  import("@/features/leaderboard/components/friends-board").then((m) => m.FriendsRankings),
);
const reachForFriends = () => void FriendsRankings.preload().catch(() => undefined);

/** 'Global Rankings' / 'Friends Only' (D84: the signed-in player and their friends, asked in the browser only). */
export type LeaderboardFilter = "global" | "friends";

function Rankings({ search, board: boardParams }: { search: string; board: BoardParams }) {
  const board = useLeaderboard({ ...boardParams, search: search || undefined }, { keepPrevious: true });
  const { me, after } = useAroundMe(boardParams, board.data, !!search);
  if (board.isPending) return <LeaderboardTableSkeleton />;
  if (board.isError) {
    const missing = board.error instanceof ApiError && board.error.status === 404;
    return (
      <EmptyState
        icon={<Trophy />}
        headingLevel={2}
        title={missing ? "Season not found" : "Failed to load the leaderboard"}
        description={missing ? "There is no such season. Pick one from Past seasons." : "Please try again in a moment."}
        className="m-4 border-0"
      />
    );
  }
  if (board.data.length === 0) {
    return (
      <EmptyState
        icon={<Users />}
        title="No Players Found"
        description={
          search
            ? `No player matches "${search}".`
            : "season" in boardParams || "period" in boardParams
              ? "Nobody has set a score in this season. Play a game to be the first on the board!"
              : "Nobody has set a score yet. Play a game to be the first on the board!"
        }
        className="m-4 border-0"
      />
    );
  }
  return (
    <LeaderboardTable
      entries={board.data}
      me={me}
      after={after}
      className={cn("transition-opacity", board.isPlaceholderData && "opacity-60")}
    />
  );
}

/**
 * 'Your Ranking' follows the board shown (D91): the player's own row of that board (among its top rows, or from
 * `around=me`, the same queries the table makes), else, on the all-time board, the profile's rank and totals.
 */
function YourRanking({ board }: { board: BoardParams }) {
  const { user, isLoading } = useCurrentUser();
  const profile = useUserProfile(user ? user.id : null);
  const top = useLeaderboard(board);
  const askAround = !!user && needsAroundMe(top.data, user.id);
  const around = useLeaderboard({ ...board, around: "me", viewer: user?.id }, { enabled: askAround });
  if (isLoading || (user && (profile.isPending || top.isPending || (askAround && around.isPending))))
    return <YourRankingCard state={{ kind: "loading" }} />;
  if (!user) return <YourRankingCard state={{ kind: "signedOut" }} />;
  const row = top.data?.find((e) => e.user.id === user.id) ?? around.data?.find((e) => e.user.id === user.id);
  const allTime = board.season === undefined && board.period !== "week";
  const me: MyRanking | null = profile.data
    ? {
        userId: user.id,
        username: profile.data.username,
        avatarUrl: profile.data.avatarUrl,
        rank: row?.rank ?? (allTime ? profile.data.rank : null),
        // D87: the player's own profile is never restricted; null only in a stale answer from another view.
        totalScore: row?.totalScore ?? (allTime ? (profile.data.totalScore ?? 0) : 0),
        gamesPlayed: row?.gamesPlayed ?? (allTime ? (profile.data.gamesPlayed ?? 0) : 0),
        winRate: row?.winRate ?? (allTime ? (profile.data.winRate ?? 0) : 0),
      }
    : null;
  return <YourRankingCard state={{ kind: "signedIn", me }} />;
}

function RisingStars({ board: boardParams }: { board: BoardParams }) {
  // The whole board shown (all time, this week or a season), whatever the search box says: rising stars are the last
  // five of the ranking.
  const board = useLeaderboard(boardParams);
  return <RisingStarsCard entries={board.data} isPending={board.isPending} isError={board.isError} />;
}

/** /leaderboard: all time, this week (the open season) or an archived season (D91), in the URL. */
export function LeaderboardScreen() {
  const siteName = useContent()("site.name");
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<LeaderboardFilter>("global");
  const search = useDebouncedValue(query.trim(), LEADERBOARD_SEARCH_DEBOUNCE_MS);
  const choice = useBoardChoice();

  return (
    <>
      <PageTitle
        title={STATIC_PAGE_META["/leaderboard"].title}
        description={STATIC_PAGE_META["/leaderboard"].description(siteName)}
      />
      <PageHeader
        title="Leaderboard"
        icon={<Trophy />}
        description="The best players on Arcadium, ranked by their total score across every game."
      />
      <Container className="grid gap-8 py-8 lg:grid-cols-[minmax(0,1fr)_320px] lg:py-10">
        <div className="min-w-0">
          <SeasonPicker choice={choice} />
          <Tabs value={filter} onValueChange={(v) => setFilter(v as LeaderboardFilter)} data-filter={filter}>
            <div className="mb-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              <TabsList aria-label="Rankings" className="self-start">
                <TabsTrigger value="global">
                  <Globe aria-hidden="true" />
                  Global Rankings
                </TabsTrigger>
                <TabsTrigger
                  value="friends"
                  onPointerEnter={reachForFriends}
                  onPointerDown={reachForFriends}
                  onFocus={reachForFriends}
                >
                  <Users aria-hidden="true" />
                  Friends Only
                </TabsTrigger>
              </TabsList>
              <div className="relative w-full sm:max-w-xs">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  type="search"
                  aria-label="Search players"
                  placeholder="Search players..."
                  value={query}
                  maxLength={50}
                  onChange={(e) => setQuery(e.target.value)}
                  className="pl-9"
                />
              </div>
            </div>
            {(["global", "friends"] as const).map((value) => (
              <TabsContent key={value} value={value} className="mt-0" tabIndex={-1}>
                <Card className="overflow-x-auto">
                  {value === "global" ? (
                    <Rankings search={search} board={choice.params} />
                  ) : (
                    <Suspense fallback={<LeaderboardTableSkeleton />}>
                      <FriendsRankings search={search} board={choice.params} />
                    </Suspense>
                  )}
                </Card>
              </TabsContent>
            ))}
          </Tabs>
        </div>
        <aside className="space-y-6" aria-label="Your ranking and rising stars">
          <YourRanking board={choice.params} />
          <RisingStars board={choice.params} />
        </aside>
      </Container>
    </>
  );
}
