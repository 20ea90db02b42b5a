import { useQuery } from "@tanstack/react-query";
import type { ScoreFormat } from "@contract/games-constants";
import { FriendsBoardNotice } from "@/components/friends-board-notice";
import { useCurrentUser } from "@/lib/session";
import { GAME_SCORES_LIMIT, getGameScores } from "../api/get-game-scores";
import { scoreKeys } from "../api/keys";
import { ScoresSkeleton, ScoreTable } from "./score-table";

/**
 * D84: the game page's Friends board: the signed-in player's and their friends' best scores, ranked among
 * themselves. Personal, so asked in the browser only (meta.clientOnly, D70); a visitor is asked to sign in, a
 * player alone on it is sent to /friends.
 */
export function FriendsGameScores({ gameId, format }: { gameId: number; format: ScoreFormat }) {
  const { user, isLoading } = useCurrentUser();
  const scores = useQuery({
    queryKey: [...scoreKeys.game(gameId), "friends", user?.id],
    queryFn: ({ signal }) => getGameScores(gameId, GAME_SCORES_LIMIT, signal, true),
    meta: { clientOnly: true },
    enabled: !!user,
  });
  if (isLoading) return <ScoresSkeleton />;
  if (!user) return <FriendsBoardNotice kind="signedOut" />;
  if (scores.isPending) return <ScoresSkeleton />;
  if (scores.isError) return <p className="py-8 text-center text-muted-foreground">The scores could not be loaded. Please try again later.</p>;
  const alone = scores.data.every((s) => s.user.id === user.id);
  return (
    <>
      {scores.data.length > 0 ? <ScoreTable entries={scores.data} me={user.id} format={format} /> : null}
      {alone ? <FriendsBoardNotice kind="noFriends" /> : null}
    </>
  );
}
