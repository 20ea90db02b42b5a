import { CalendarDays, Trophy } from "lucide-react";
import { Suspense, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { lazyPart } from "@/lib/lazy-component";
import { splitSeasons, useSeasons } from "@/lib/seasons";
import type { ScoreFormat } from "@contract/games-constants";
import { seasonLabel } from "@contract/leaderboard-constants";
import { useGameAroundMe, useGameBoardTop } from "../api/get-game-board";
import { ScoresSkeleton, ScoreTable } from "./score-table";

/** D84: the friends board is personal and only shown after a click: its code is a chunk of its own. */
const FriendsGameScores = lazyPart("friends-game-scores", () =>
  import("./friends-game-scores").then((m) => m.FriendsGameScores),
);

export const NO_SCORES_TEXT = "No scores recorded yet. Be the first to play and set a high score!";
export const NO_SEASON_SCORES_TEXT = "No scores in this season.";

/**
 * D91: the board's season: all time (""), this season (the open one) or a past (archived) season, by id. The whole
 * Leaderboard tab is a lazy chunk (game-detail.tsx), so none of this weighs on the game page's first load.
 */
function SeasonSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const seasons = useSeasons();
  const { current, past } = splitSeasons(seasons.data);
  const chosen = seasons.data?.find((s) => String(s.id) === value);
  return (
    <div className="flex min-w-0 flex-col items-end gap-0.5">
      <label className="relative inline-flex items-center">
        <CalendarDays
          className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <span className="sr-only">Season</span>
        <select
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 max-w-52 rounded-lg border bg-background py-0 pl-8 pr-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <option value="">All time</option>
          {current ? <option value={String(current.id)}>This season</option> : null}
          {past.length > 0 ? (
            <optgroup label="Past seasons">
              {past.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {seasonLabel(s)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
      {chosen ? (
        <p data-testid="game-season-caption" className="truncate text-xs text-muted-foreground">
          {chosen.current ? seasonLabel(chosen) : `Final standings of ${seasonLabel(chosen)}`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The game page's Leaderboard tab: Rank, Player (→ /profile/{id}), Score, Date; best per player (D23).
 * Global (all time server-side cached) or Friends (the signed-in player and their friends, in the browser only);
 * all time, this season or a past season. The player's own row is highlighted, and when it is not in the
 * top 10 the rows around it follow. `format` is the game's score format (a time shows as 1:02.345 under "Time").
 */
export function GameLeaderboard({ gameId, format }: { gameId: number; format: ScoreFormat }) {
  const [seasonValue, setSeasonValue] = useState("");
  const season = seasonValue ? Number(seasonValue) : undefined;
  return (
    <Tabs defaultValue="global">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <TabsList aria-label="Leaderboard scope">
          <TabsTrigger value="global">Global</TabsTrigger>
          <TabsTrigger value="friends">Friends</TabsTrigger>
        </TabsList>
        <SeasonSelect value={seasonValue} onChange={setSeasonValue} />
      </div>
      <TabsContent value="global">
        <GlobalScores gameId={gameId} format={format} season={season} />
      </TabsContent>
      <TabsContent value="friends">
        <Suspense fallback={null}>
          <FriendsGameScores gameId={gameId} format={format} season={season} />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}

function GlobalScores({ gameId, format, season }: { gameId: number; format: ScoreFormat; season?: number }) {
  const scores = useGameBoardTop(gameId, { season });
  const { me, after } = useGameAroundMe(gameId, { season }, scores.data);
  if (scores.isPending) return <ScoresSkeleton />;
  if (scores.isError) {
    return (
      <p className="py-8 text-center text-muted-foreground">The scores could not be loaded. Please try again later.</p>
    );
  }
  if (scores.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Trophy className="size-6" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-muted-foreground">
          {season === undefined ? NO_SCORES_TEXT : NO_SEASON_SCORES_TEXT}
        </p>
      </div>
    );
  }
  return <ScoreTable entries={scores.data} me={me} after={after} format={format} />;
}
