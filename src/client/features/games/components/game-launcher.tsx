import { Suspense, useState } from "react";
import { lazyPart } from "@/lib/lazy-component";
import { usePlayGame } from "../api/play-game";
import { GameCover } from "./game-cover";
import type { GameScoreReport, InviteDialog, PlayableGame, PlayersDialog } from "./game-player";

/**
 * D73: the player (the frame, both SDK hosts, cloud saves, gameplay and presence reports) is a chunk of its own,
 * fetched when the visitor shows the intent to play (pointer or focus on Play Now) or at the latest on the click.
 * The cover and Play Now are part of the page, so the click works as soon as the page has hydrated.
 */
const GamePlayer = lazyPart("game-player", () => import("./game-player").then((m) => m.GamePlayer));

export function GameLauncher({
  game,
  onPlayStarted,
  onScore,
  inviteCode = null,
  inviteParams = null,
  InviteDialog,
  PlayersDialog,
}: {
  game: PlayableGame;
  onPlayStarted?: (playId: string) => void;
  onScore?: (report: GameScoreReport) => void;
  /** D122: the room code of the invite link the page was opened with */
  inviteCode?: string | null;
  /** D122: the invite link's parameters, validated (inviteParamsFrom) */
  inviteParams?: Record<string, string> | null;
  /** D122: the "Invite friends" dialog */
  InviteDialog?: InviteDialog;
  /** D124: handed to the player ("Players") */
  PlayersDialog?: PlayersDialog;
}) {
  const { mutate: countPlay, isPending } = usePlayGame(game.id);
  const [started, setStarted] = useState<{ playId: string } | null>(null);
  const preload = () => void GamePlayer.preload().catch(() => undefined);

  function play() {
    preload();
    // Spec §4: clicking counts a play (POST /api/games/{id}/play); a failure is only logged.
    countPlay(undefined, {
      onSuccess: ({ playId }) => {
        setStarted({ playId });
        onPlayStarted?.(playId);
      },
      onError: (err) => console.warn("Could not count the play", err),
    });
  }

  const cover = (busy: boolean) => (
    <div className="overflow-hidden rounded-2xl border bg-black shadow-lg">
      <div className="relative aspect-video w-full bg-black">
        <GameCover game={game} onPlay={play} busy={busy} onIntent={preload} />
      </div>
    </div>
  );

  if (!started) return cover(isPending);
  return (
    <Suspense fallback={cover(true)}>
      <GamePlayer
        game={game}
        onScore={onScore}
        started={started}
        inviteCode={inviteCode}
        inviteParams={inviteParams}
        InviteDialog={InviteDialog}
        PlayersDialog={PlayersDialog}
      />
    </Suspense>
  );
}
