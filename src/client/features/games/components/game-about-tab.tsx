import { Gauge, Trophy, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { formatNumber } from "@/lib/format";
import type { GameDetail } from "@contract/games";
import { difficultyLabel } from "@contract/games-constants";
import { GameStat } from "./game-stat";

/**
 * About: description; High Score = the first entry of the game's scores; Total Players = the distinct
 * signed-in players who have played it (guests cannot be told apart), and Difficulty as the game says (game.json
 * or the CMS), "Not rated" when it says nothing: the row stays, so that a player sees the game was not rated
 * rather than wondering where it went. The screen passes the scores feature's high score and its holder in, and
 * the game's achievements. A game whose scores are times (D90) has a "Best Time" instead.
 */
export function GameAboutTab({
  game,
  highScore,
  highScoreHolder,
  achievements,
}: {
  game: GameDetail;
  highScore: ReactNode;
  highScoreHolder: ReactNode;
  /** D78: the game's own achievements (features/games/components/game-achievements.tsx) */
  achievements?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="space-y-5 pt-5">
        <p className="leading-relaxed whitespace-pre-line text-foreground/90">{game.description}</p>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <GameStat
            icon={<Trophy aria-hidden="true" />}
            label={game.scoreRules.format === "time_ms" ? "Best Time" : "High Score"}
            testId="high-score"
          >
            {highScore}
          </GameStat>
          <GameStat
            icon={<Users aria-hidden="true" />}
            label="Total Players"
            testId="total-players"
            hint="Signed-in players who have played this game"
          >
            {formatNumber(game.totalPlayers)}
          </GameStat>
          <GameStat icon={<Gauge aria-hidden="true" />} label="Difficulty" testId="difficulty">
            {difficultyLabel(game.difficulty)}
          </GameStat>
        </dl>
        {highScoreHolder}
        {achievements}
      </CardContent>
    </Card>
  );
}
