import { Trophy } from "lucide-react";
import { Suspense } from "react";
import type { ScoreFormat } from "@contract/games-constants";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { lazyPart } from "@/lib/lazy-component";
import { useGameScores } from "../api/get-game-scores";
import { ScoresSkeleton, ScoreTable } from "./score-table";

/** D84: the friends board is personal and only shown after a click: its code is a chunk of its own. */
const FriendsGameScores = lazyPart("friends-game-scores", () => import("./friends-game-scores").then((m) => m.FriendsGameScores));

export const NO_SCORES_TEXT = "No scores recorded yet. Be the first to play and set a high score!";

/**
 * The game page's Leaderboard tab (spec §2): Rank, Player (→ /profile/{id}), Score, Date; best per player (D23).
 * Global (server-rendered) or Friends (D84: the signed-in player and their friends, in the browser only).
 * D90: `format` is the game's score format (a time shows as 1:02.345 under "Time").
 */
export function GameLeaderboard({ gameId, format }: { gameId: number; format: ScoreFormat }) {
  return (
    <Tabs defaultValue="global">
      <TabsList aria-label="Leaderboard scope" className="mb-3">
        <TabsTrigger value="global">Global</TabsTrigger>
        <TabsTrigger value="friends">Friends</TabsTrigger>
      </TabsList>
      <TabsContent value="global">
        <GlobalScores gameId={gameId} format={format} />
      </TabsContent>
      <TabsContent value="friends">
        <Suspense fallback={null}>
          <FriendsGameScores gameId={gameId} format={format} />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}

function GlobalScores({ gameId, format }: { gameId: number; format: ScoreFormat }) {
  const scores = useGameScores(gameId);
  if (scores.isPending) return <ScoresSkeleton />;
  if (scores.isError) {
    return <p className="py-8 text-center text-muted-foreground">The scores could not be loaded. Please try again later.</p>;
  }
  if (scores.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Trophy className="size-6" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-muted-foreground">{NO_SCORES_TEXT}</p>
      </div>
    );
  }
  return <ScoreTable entries={scores.data} format={format} />;
}
