import { Gauge, Trophy, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { Game } from "@contract/games";
import { Card, CardContent } from "@/components/ui/card";
import { formatNumber, totalPlayers } from "@/lib/format";
import { GameStat } from "./game-stat";

/**
 * About: description; High Score = the first entry of the game's scores; Total Players = floor(plays × 0.7);
 * Difficulty 'Medium' (spec §2, D55). The screen passes the scores feature's high score and its holder in,
 * and the game's achievements (D78).
 */
export function GameAboutTab({
  game,
  highScore,
  highScoreHolder,
  achievements,
}: {
  game: Game;
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
          <GameStat icon={<Trophy aria-hidden="true" />} label="High Score" testId="high-score">
            {highScore}
          </GameStat>
          <GameStat icon={<Users aria-hidden="true" />} label="Total Players" testId="total-players">
            {formatNumber(totalPlayers(game.plays))}
          </GameStat>
          <GameStat icon={<Gauge aria-hidden="true" />} label="Difficulty" testId="difficulty">
            Medium
          </GameStat>
        </dl>
        {highScoreHolder}
        {achievements}
      </CardContent>
    </Card>
  );
}
