import { FriendsBoardNotice } from "@/components/friends-board-notice";
import { useCurrentUser } from "@/lib/session";
import type { ScoreFormat } from "@contract/games-constants";
import { useGameAroundMe, useGameBoardTop } from "../api/get-game-board";
import { ScoresSkeleton, ScoreTable } from "./score-table";

/**
 * D84: the game page's Friends board: the signed-in player's and their friends' best scores, ranked among
 * themselves (all time or a season). Personal, so asked in the browser only (meta.clientOnly); a visitor is
 * asked to sign in, a player alone on it is sent to /friends. The player's row highlighted, the rows around them
 * below the top 10.
 */
export function FriendsGameScores({
  gameId,
  format,
  season,
}: {
  gameId: number;
  format: ScoreFormat;
  season?: number;
}) {
  const { user, isLoading } = useCurrentUser();
  const scores = useGameBoardTop(gameId, { season, friends: true }, user?.id);
  const { me, after } = useGameAroundMe(gameId, { season, friends: true }, scores.data);
  if (isLoading) return <ScoresSkeleton />;
  if (!user) return <FriendsBoardNotice kind="signedOut" />;
  if (scores.isPending) return <ScoresSkeleton />;
  if (scores.isError)
    return (
      <p className="py-8 text-center text-muted-foreground">The scores could not be loaded. Please try again later.</p>
    );
  const alone = scores.data.every((s) => s.user.id === user.id);
  return (
    <>
      {scores.data.length > 0 ? (
        <ScoreTable entries={scores.data} me={me ?? user.id} after={after} format={format} />
      ) : null}
      {alone ? <FriendsBoardNotice kind="noFriends" /> : null}
    </>
  );
}
