import { Loader2, Play } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Game } from "@contract/games";
import { GameImage } from "./game-image";

/** Spec §4: before play, the cover (blurred behind, sharp in front) and 'Play Now'. Sits inside the player's 16:9 box. */
export function GameCover({
  game,
  onPlay,
  busy,
  onIntent,
}: {
  game: Pick<Game, "title" | "imageUrl">;
  onPlay: () => void;
  busy: boolean;
  /** the pointer or the keyboard is on Play Now: a chance to fetch what playing needs */
  onIntent?: () => void;
}) {
  return (
    <>
      <GameImage
        src={game.imageUrl}
        alt=""
        priority
        className="absolute inset-0 size-full scale-110 opacity-60 blur-xl"
      />
      <div className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/30 to-black/10" />
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-5 p-4 text-center">
        <GameImage
          src={game.imageUrl}
          alt={`${game.title} cover`}
          priority
          className="hidden aspect-[4/3] w-40 rounded-xl shadow-2xl ring-1 ring-white/20 sm:block md:w-56"
        />
        <Button
          variant="gradient"
          size="lg"
          onClick={onPlay}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          disabled={busy}
          className="min-w-40 rounded-full"
        >
          {busy ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Play className="fill-current" aria-hidden="true" />
          )}
          Play Now
        </Button>
      </div>
    </>
  );
}
