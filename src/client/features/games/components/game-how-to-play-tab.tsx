import { Keyboard, Lightbulb } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import type { Game } from "@contract/games";

/** How to Play: static controls text and tips, plus the game's own instructions (spec §2). */
export function GameHowToPlayTab({ game }: { game: Game }) {
  return (
    <Card>
      <CardContent className="space-y-5 pt-5">
        <section className="space-y-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <Keyboard className="size-4 text-primary" aria-hidden="true" />
            Controls
          </h3>
          <p className="text-foreground/90">
            Play with your keyboard, mouse or touchscreen. The game takes the keyboard as soon as it starts; if it stops
            reacting to keys, click or tap inside the game.
          </p>
          <p className="rounded-lg bg-muted p-3 text-foreground/90" data-testid="game-instructions">
            {game.instructions}
          </p>
        </section>
        <section className="space-y-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-4 text-primary" aria-hidden="true" />
            Tips
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-foreground/90">
            <li>Use fullscreen for the best experience; press Esc to leave it.</li>
            <li>Reload restarts the game if something goes wrong.</li>
            <li>Sign in before you play to save your scores on the leaderboard.</li>
            <li>Finished a round? Rate the game and tell other players what you think.</li>
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
