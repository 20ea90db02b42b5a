import { Trophy, Users } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { FriendsBoardNotice } from "@/components/friends-board-notice";
import { useCurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { useAroundMe } from "../api/get-around-me";
import { useLeaderboard, type LeaderboardParams } from "../api/get-leaderboard";
import { LeaderboardTable, LeaderboardTableSkeleton } from "./leaderboard-table";
import { TOP_PLAYERS_LIMIT, TopPlayerRow, TopPlayerRowSkeleton } from "./top-player-row";

/**
 * D84: a friends board (`scope=friends`): the signed-in player and their friends, ranked among themselves.
 * Personal, so it is asked in the browser only (meta.clientOnly): the server renders the global board.
 * A visitor is asked to sign in; a player alone on the board is sent to /friends (no invented players).
 */
function useFriendsBoard(params: Omit<LeaderboardParams, "scope" | "viewer">, keepPrevious = false) {
  const { user, isLoading } = useCurrentUser();
  const board = useLeaderboard({ ...params, scope: "friends", viewer: user?.id }, { keepPrevious, enabled: !!user });
  const alone = !!user && !!board.data && board.data.every((e) => e.user.id === user.id);
  return { user, loading: isLoading || (!!user && board.isPending), board, alone };
}

/** The home "Top Players This Week" Friends tab (period=week). */
export function FriendsTopPlayers() {
  const { user, loading, board, alone } = useFriendsBoard({ period: "week", limit: TOP_PLAYERS_LIMIT });
  if (loading) {
    return (
      <ol aria-label="Loading friends" aria-busy="true" className="space-y-1">
        {Array.from({ length: TOP_PLAYERS_LIMIT }, (_, i) => (
          <TopPlayerRowSkeleton key={i} />
        ))}
      </ol>
    );
  }
  if (!user) return <FriendsBoardNotice kind="signedOut" />;
  if (board.isError)
    return <p className="py-8 text-center text-sm text-muted-foreground">Failed to load the leaderboard</p>;
  return (
    <>
      {board.data && board.data.length > 0 ? (
        <ol aria-label="You and your friends this week" className="space-y-1">
          {board.data.map((entry) => (
            <TopPlayerRow key={entry.user.id} entry={entry} />
          ))}
        </ol>
      ) : null}
      {alone ? <FriendsBoardNotice kind="noFriends" /> : null}
    </>
  );
}

/**
 * /leaderboard 'Friends Only' (D84): the same table as Global Rankings; a search filters it, ranks stay. All time,
 * this week or a season (`board`); the player's row highlighted, and the rows around them below the top.
 */
export function FriendsRankings({
  search,
  board: boardParams = {},
}: {
  search: string;
  board?: Pick<LeaderboardParams, "period" | "season">;
}) {
  const { user, loading, board, alone } = useFriendsBoard({ ...boardParams, search: search || undefined }, true);
  const { me, after } = useAroundMe({ ...boardParams, scope: "friends" }, board.data, !!search);
  if (loading) return <LeaderboardTableSkeleton />;
  if (!user)
    return <FriendsBoardNotice kind="signedOut" className="flex flex-col items-center gap-3 px-6 py-16 text-center" />;
  if (board.isError) {
    return (
      <EmptyState
        icon={<Trophy />}
        title="Failed to load the leaderboard"
        description="Please try again in a moment."
        className="m-4 border-0"
      />
    );
  }
  const entries = board.data ?? [];
  if (search && entries.length === 0) {
    return (
      <EmptyState
        icon={<Users />}
        title="No Players Found"
        description={`None of your friends matches "${search}".`}
        className="m-4 border-0"
      />
    );
  }
  return (
    <>
      {entries.length > 0 ? (
        <LeaderboardTable
          entries={entries}
          me={me}
          after={after}
          className={cn("transition-opacity", board.isPlaceholderData && "opacity-60")}
        />
      ) : null}
      {alone && !search ? (
        <FriendsBoardNotice kind="noFriends" className="flex flex-col items-center gap-3 px-6 py-12 text-center" />
      ) : null}
    </>
  );
}
