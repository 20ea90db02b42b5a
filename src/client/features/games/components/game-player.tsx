import { Link2, Maximize, Minimize, RotateCw, UserPlus, Users, Volume2, VolumeX } from "lucide-react";
import { Suspense, useCallback, useEffect, useState, type ComponentType } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import type { Game } from "@contract/games";
import type { InviteParams } from "../invite-code";
import type { CurrentRoom } from "../room-relay";
import { GameCover } from "./game-cover";
import { useAchievementToast } from "./game-player/use-achievement-toast";
import { useAds } from "./game-player/use-ads";
import { useFullscreen } from "./game-player/use-fullscreen";
import { useGameFrame } from "./game-player/use-game-frame";
import { useGameSaves } from "./game-player/use-game-saves";
import { useGameSettings } from "./game-player/use-game-settings";
import { useGameplayReporter } from "./game-player/use-gameplay-reporter";
import { useInviteEvents } from "./game-player/use-invite-events";
import { useLatest } from "./game-player/use-latest";
import { usePauseWhenHidden } from "./game-player/use-pause-when-hidden";
import { usePlaySession } from "./game-player/use-play-session";
import { usePresence } from "./game-player/use-presence";
import { useRoomRelay } from "./game-player/use-room-relay";
import { useSdkBridge, type GameScoreReport } from "./game-player/use-sdk-bridge";

export type { GameScoreReport } from "./game-player/use-sdk-bridge";

/** D20: the frame's sandbox and permissions. allow-same-origin is safe only because games run on GAMES_URL. */
export const GAME_FRAME_SANDBOX = "allow-scripts allow-same-origin allow-pointer-lock allow-popups allow-forms";
export const GAME_FRAME_ALLOW = "fullscreen; autoplay; gamepad";

/** D122: the dialog "Invite friends" opens (the friends feature's, handed down by the game page). */
export type InviteDialog = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  code: string;
  gameTitle: string;
  /** where to put the dialog: the player while it is fullscreen (the page around it is not shown then) */
  container?: HTMLElement | null;
}>;

/** D124: the dialog "Players" opens (the reports feature's, handed down by the game page). */
export type PlayersDialog = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  room: Pick<CurrentRoom, "code" | "me" | "players">;
  gameTitle: string;
  /** where to put the dialog: the player while it is fullscreen */
  container?: HTMLElement | null;
}>;

/**
 * D122: the invite link of a game's "Invite" button: built here from the game the page shows and the params the
 * page checked (never an address from the frame).
 */
export function gameInviteLink(origin: string, gameId: number, params: InviteParams | null): string {
  const query = new URLSearchParams(params ?? {}).toString();
  return `${origin}/game/${gameId}${query ? `?${query}` : ""}`;
}

/** Copies the invite link; where the clipboard is not allowed, the toast shows the link to copy by hand. */
async function copyInviteLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: "Invite link copied", description: `Send it to a friend to play together: ${link}` });
  } catch {
    toast({ title: "Copy this invite link", description: link });
  }
}

export type PlayableGame = Pick<Game, "id" | "title" | "imageUrl" | "frameUrl" | "externalUrl">;

/**
 * Before play: the cover with 'Play Now'. Clicking counts a play (POST /api/games/{id}/play); on
 * success the frame appears. A failed count is only logged and the frame does not start.
 *
 * While the frame is shown, SDK messages from this frame's window and the games origin are
 * read (use-sdk-bridge.ts). Play sessions (D21: one score per play) are per round
 * (use-play-session.ts); Reload keeps an unused session and gets a new one once it is used.
 */
export function GamePlayer({
  game,
  onPlayStarted,
  onScore,
  started,
  inviteCode = null,
  inviteParams = null,
  InviteDialog,
  PlayersDialog,
}: {
  game: PlayableGame;
  onPlayStarted?: (playId: string) => void;
  onScore?: (report: GameScoreReport) => void;
  /** The play Play Now already opened (game-launcher.tsx, which loads this player on that click): the frame shows at once. */
  started?: { playId: string };
  /** D122: the room code of the invite link the page was opened with, handed to the game at init() */
  inviteCode?: string | null;
  /** D122: the invite link's parameters (inviteParamsFrom), handed to the game at init() */
  inviteParams?: Record<string, string> | null;
  /** D122: without it there is no "Invite friends" */
  InviteDialog?: InviteDialog;
  /** D124: without it there is no "Players" */
  PlayersDialog?: PlayersDialog;
}) {
  const { frameUrl, externalUrl, id: gameId } = game;
  const [playing, setPlaying] = useState(started !== undefined);
  const [progress, setProgress] = useState<number | null>(null);
  const { user } = useCurrentUser();
  const userRef = useLatest(user);
  const { sessions, start: startSession, countingPlay } = usePlaySession(gameId, started);
  const { frameRef, frameKey, frameKeyRef, startTiming, postToGame, onFrameLoad, replaceFrame } = useGameFrame(
    game,
    playing,
  );
  const announceUnlock = useAchievementToast(gameId, game.title, userRef);
  const { muted, toggleMuted, settingsRef } = useGameSettings(postToGame);
  const { containerRef, isFullscreen, toggleFullscreen } = useFullscreen(playing);
  const { gameSaves, flush: flushSaves } = useGameSaves(gameId, userRef, frameKeyRef);
  // An external game (externalUrl) is not ours: it is never paused, timed or listened to.
  const ownGameShown = playing && !externalUrl;
  usePauseWhenHidden({ active: ownGameShown, postToGame, flushSaves });
  usePresence({ playing, userId: user?.id, gameId });
  const gameplay = useGameplayReporter(ownGameShown, gameId, userRef);
  const [room, setRoom] = useState<CurrentRoom | null>(null);
  const [inviting, setInviting] = useState(false);
  const [showingPlayers, setShowingPlayers] = useState(false);
  const followRoom = useCallback((next: CurrentRoom | null) => {
    setRoom(next);
    // a dialog about a room that is gone does not open again for the next room
    if (!next) setShowingPlayers(false);
  }, []);
  const rooms = useRoomRelay({ active: ownGameShown, gameId, frameKey, postToGame, onCurrentRoom: followRoom });
  // D122: a signed-in player seated in a room others may still join can invite friends to it
  const { handleAdRequest, handleAdFrame, adView } = useAds({
    active: ownGameShown,
    gameId,
    frameKey,
    sessions,
    postToGame,
    settingsRef,
  });
  const canInvite = !!InviteDialog && !!user && !!room && room.joinable && room.players.length < room.maxPlayers;
  // D122: a game running its own multiplayer asks for an "Invite" button beside it (CrazyGames' showInviteButton);
  // it goes when the game hides it, is reloaded or is left
  const [inviteButton, setInviteButton] = useState<{ params: InviteParams | null } | null>(null);
  useEffect(() => {
    setInviteButton(null);
  }, [ownGameShown, frameKey]);
  useSdkBridge({
    active: ownGameShown,
    game: { id: gameId, frameUrl, externalUrl },
    frameRef,
    startTiming,
    sessions,
    gameplay,
    settingsRef,
    userRef,
    gameSaves,
    announceUnlock,
    onProgress: setProgress,
    onScore,
    rooms,
    inviteCode,
    inviteParams,
    onInviteButton: setInviteButton,
    ads: handleAdRequest,
    adFrame: handleAdFrame,
  });
  useInviteEvents(ownGameShown, postToGame, inviteCode, inviteParams);

  function start() {
    startSession((playId) => {
      setProgress(null);
      setPlaying(true);
      onPlayStarted?.(playId);
    });
  }

  function reload() {
    setProgress(null);
    // the game starts again: its gameplay stops until it reports a new start
    gameplay.current?.gameStopped();
    flushSaves();
    replaceFrame();
  }

  const loading = playing && progress !== null && progress < 1;

  return (
    // The wrapper goes fullscreen, toolbar included, so Exit Fullscreen and Reload stay reachable
    // (a phone has no Esc key).
    <div
      ref={containerRef}
      className={cn("overflow-hidden bg-black", isFullscreen ? "flex flex-col" : "rounded-2xl border shadow-lg")}
    >
      <div
        className={isFullscreen ? "relative min-h-0 w-full flex-1 bg-black" : "relative aspect-video w-full bg-black"}
      >
        {playing ? (
          <>
            <iframe
              key={frameKey}
              ref={frameRef}
              src={game.frameUrl}
              title={game.title}
              onLoad={onFrameLoad}
              sandbox={GAME_FRAME_SANDBOX}
              allow={GAME_FRAME_ALLOW}
              className="absolute inset-0 size-full border-0 bg-black"
            />
            {adView}
            {loading ? (
              <div
                role="progressbar"
                aria-label="Loading game"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((progress ?? 0) * 100)}
                className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-white/10"
              >
                <div
                  className="h-full bg-primary transition-[width]"
                  style={{ width: `${Math.round((progress ?? 0) * 100)}%` }}
                />
              </div>
            ) : null}
          </>
        ) : (
          <GameCover game={game} onPlay={start} busy={countingPlay} />
        )}
      </div>
      {playing ? (
        <div className="flex flex-wrap items-center justify-end gap-0 border-t sm:gap-1 border-white/10 bg-neutral-950 px-2 py-1.5 text-white">
          <div className="mr-auto flex items-center gap-0 sm:gap-1">
            {PlayersDialog && room ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-white hover:bg-white/10 hover:text-white"
                onClick={() => setShowingPlayers(true)}
                aria-label={`Players (${room.players.length})`}
                aria-haspopup="dialog"
              >
                <Users aria-hidden="true" />
                {/* a phone's toolbar has room for the icon and the count only */}
                <span className="hidden sm:inline">Players</span>
                <span className="rounded-full bg-white/15 px-1.5 text-xs tabular-nums">{room.players.length}</span>
              </Button>
            ) : null}
            {canInvite ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-white hover:bg-white/10 hover:text-white"
                onClick={() => setInviting(true)}
                aria-label="Invite friends"
              >
                <UserPlus aria-hidden="true" />
                <span className="hidden sm:inline">Invite friends</span>
              </Button>
            ) : null}
            {inviteButton ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-white hover:bg-white/10 hover:text-white"
                onClick={() => void copyInviteLink(gameInviteLink(window.location.origin, gameId, inviteButton.params))}
                aria-label="Invite: copy the invite link"
              >
                <Link2 aria-hidden="true" />
                Invite
              </Button>
            ) : null}
          </div>
          {externalUrl ? null : (
            <Button
              variant="ghost"
              size="sm"
              className="text-white hover:bg-white/10 hover:text-white"
              onClick={toggleMuted}
              aria-pressed={muted}
            >
              {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
              {muted ? "Sound Off" : "Sound On"}
            </Button>
          )}
          <Button variant="ghost" size="sm" className="text-white hover:bg-white/10 hover:text-white" onClick={reload}>
            <RotateCw aria-hidden="true" />
            Reload
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-white hover:bg-white/10 hover:text-white"
            onClick={toggleFullscreen}
          >
            {isFullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            {isFullscreen ? "Exit Fullscreen" : "Fullscreen"}
          </Button>
        </div>
      ) : null}
      {InviteDialog && room && inviting && canInvite ? (
        <Suspense fallback={null}>
          <InviteDialog
            open
            onOpenChange={setInviting}
            code={room.code}
            gameTitle={game.title}
            container={isFullscreen ? containerRef.current : null}
          />
        </Suspense>
      ) : null}
      {PlayersDialog && room && showingPlayers ? (
        <Suspense fallback={null}>
          <PlayersDialog
            open
            onOpenChange={setShowingPlayers}
            room={room}
            gameTitle={game.title}
            container={isFullscreen ? containerRef.current : null}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
