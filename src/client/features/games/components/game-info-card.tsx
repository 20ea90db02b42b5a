import { Gamepad2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, ratingOutOfFive } from "@/lib/format";
import { useTimeFormat } from "@/lib/hydration";
import type { Game } from "@contract/games";

/** 'Game Info' beside the player: category, developer, plays, rating and release date. */
export function GameInfoCard({ game }: { game: Game }) {
  const time = useTimeFormat();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Gamepad2 className="size-4 text-primary" aria-hidden="true" />
          Game Info
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Category</dt>
            <dd className="font-medium">{game.category}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Developer</dt>
            <dd className="truncate font-medium">{game.developer}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Plays</dt>
            <dd className="font-medium">{formatNumber(game.plays)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Rating</dt>
            <dd className="font-medium">{ratingOutOfFive(game.rating)} / 5</dd>
          </div>
          {game.releaseDate ? (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Released</dt>
              <dd className="font-medium">{time.date(game.releaseDate)}</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
