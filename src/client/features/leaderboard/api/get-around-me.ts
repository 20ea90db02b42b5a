import { aroundMeRows, needsAroundMe } from "@/lib/around-me";
import { useCurrentUser } from "@/lib/session";
import type { LeaderboardEntry } from "@contract/leaderboard";
import { useLeaderboard, type LeaderboardParams } from "./get-leaderboard";

/**
 * D92: the rows around the signed-in player (`around=me`) on the board of `params` (all time, this week, a season;
 * global or friends), asked only when the player is signed in and not among `top` already, and not while a search
 * filters the board. Returns the signed-in player's id (to highlight their row) and the rows to show below the top.
 */
export function useAroundMe(
  params: Pick<LeaderboardParams, "period" | "season" | "scope">,
  top: LeaderboardEntry[] | undefined,
  searching = false,
) {
  const { user } = useCurrentUser();
  const me = user?.id;
  const enabled = !searching && needsAroundMe(top, me);
  const around = useLeaderboard({ ...params, around: "me", viewer: me }, { enabled });
  return { me, after: enabled && top ? aroundMeRows(top, around.data, me) : [] };
}
