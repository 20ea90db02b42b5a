import { ArrowRight, Trophy, Users } from "lucide-react";
import { Suspense } from "react";
import { Link } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { lazyPart } from "@/lib/lazy-component";
import { cn } from "@/lib/utils";
import { useLeaderboard } from "../api/get-leaderboard";
import { TOP_PLAYERS_LIMIT, TopPlayerRow, TopPlayerRowSkeleton } from "./top-player-row";

/** D84: the Friends tab is personal and only shown after a click: its code is a chunk of its own. */
const FriendsTopPlayers = lazyPart("friends-top-players", () =>
  import("./friends-board").then((m) => m.FriendsTopPlayers),
);

function ListSkeleton() {
  return (
    <ol aria-label="Loading top players" aria-busy="true" className="space-y-1">
      {Array.from({ length: TOP_PLAYERS_LIMIT }, (_, i) => (
        <TopPlayerRowSkeleton key={i} />
      ))}
    </ol>
  );
}

function GlobalList() {
  const board = useLeaderboard({ period: "week", limit: TOP_PLAYERS_LIMIT });
  if (board.isPending) return <ListSkeleton />;
  if (board.isError) {
    return <p className="py-8 text-center text-sm text-muted-foreground">Failed to load the leaderboard</p>;
  }
  if (board.data.length === 0) {
    return (
      <div className="py-8 text-center">
        <p className="font-medium">No scores this week yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Play a game and be the first on this week's board.</p>
      </div>
    );
  }
  return (
    <ol aria-label="Top players this week" className="space-y-1">
      {board.data.map((entry) => (
        <TopPlayerRow key={entry.user.id} entry={entry} />
      ))}
    </ol>
  );
}

/**
 * Home "Top Players This Week" (D24: period=week). Friends: the signed-in player and their
 * friends this week, asked in the browser only; honest notes when signed out or alone, never invented friends.
 */
export function TopPlayers({ className }: { className?: string }) {
  return (
    <div className={cn("rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:p-5", className)}>
      <Tabs defaultValue="global">
        <TabsList aria-label="Leaderboard scope" className="mb-1">
          <TabsTrigger value="global">
            <Trophy aria-hidden="true" />
            Global
          </TabsTrigger>
          <TabsTrigger value="friends">
            <Users aria-hidden="true" />
            Friends
          </TabsTrigger>
        </TabsList>
        <TabsContent value="global">
          <GlobalList />
        </TabsContent>
        <TabsContent value="friends">
          <Suspense fallback={<ListSkeleton />}>
            <FriendsTopPlayers />
          </Suspense>
        </TabsContent>
      </Tabs>
      <div className="mt-3 border-t pt-3">
        <Link
          href="/leaderboard"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          View Full Leaderboard <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
