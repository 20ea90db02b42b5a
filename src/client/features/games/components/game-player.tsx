import { Loader2, Maximize, Minimize, Play, RotateCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Game } from "@contract/games";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { usePlayGame } from "../api/play-game";
import { isTrustedGameMessage, parseSdkMessage } from "../sdk-messages";
import { GameImage } from "./game-image";

/** Spec §4 / §9: focus the frame after 1 s, try fullscreen after 1.5 s. */
export const FRAME_FOCUS_DELAY_MS = 1000;
export const FRAME_FULLSCREEN_DELAY_MS = 1500;

/** D20: the frame's sandbox and permissions. allow-same-origin is safe only because games run on GAMES_URL (D2). */
export const GAME_FRAME_SANDBOX = "allow-scripts allow-same-origin allow-pointer-lock allow-popups allow-forms";
export const GAME_FRAME_ALLOW = "fullscreen; autoplay; gamepad";

/**
 * D23 accepts a score within 6 hours of its play; a session older than this is replaced by a new
 * one at the next round rather than risking a refused score.
 */
export const PLAY_SESSION_MAX_AGE_MS = 5.5 * 60 * 60 * 1000;

type PlayableGame = Pick<Game, "id" | "title" | "imageUrl" | "frameUrl" | "externalUrl">;

/** A score reported by the game through the SDK, with the play session it belongs to (null if none could be opened). */
export type GameScoreReport = { playId: string | null; score: number; won: boolean | null };

type PlaySession = { playId: Promise<string | null>; used: boolean; openedAt: number };

/**
 * Before play: the cover with 'Play Now'. Clicking counts a play (POST /api/games/{id}/play); on
 * success the frame appears. A failed count is only logged and the frame does not start (spec §4).
 *
 * While the frame is shown, SDK messages (D22) from this frame's window and the games origin are
 * read. Play sessions (D21, D23: one score per play) are per round: the session opened by Play Now
 * serves the first score; once a score has used it, the next `gameplay.start` (or a score arriving
 * without one) opens a new session with another POST /api/games/{id}/play. Reload keeps an unused
 * session and gets a new one the same way once it is used.
 */
export function GamePlayer({
  game,
  onPlayStarted,
  onScore,
}: {
  game: PlayableGame;
  onPlayStarted?: (playId: string) => void;
  onScore?: (report: GameScoreReport) => void;
}) {
  const { mutate: countPlay, mutateAsync: openPlay, isPending: countingPlay } = usePlayGame(game.id);
  const [playing, setPlaying] = useState(false);
  const [frameKey, setFrameKey] = useState(0);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const session = useRef<PlaySession | null>(null);
  const onScoreRef = useRef(onScore);
  const openSessionRef = useRef<() => PlaySession>(null!);

  useEffect(() => {
    onScoreRef.current = onScore;
  }, [onScore]);

  /** Opens a further play session (a new round). Failures are only logged, like Play Now's (spec §4). */
  useEffect(() => {
    openSessionRef.current = () => {
      const next: PlaySession = {
        openedAt: Date.now(),
        used: false,
        playId: openPlay().then(
          (r) => r.playId,
          (err: unknown) => {
            console.warn("Could not open a new play session", err);
            return null;
          },
        ),
      };
      session.current = next;
      return next;
    };
  }, [openPlay]);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  useEffect(() => {
    if (!playing) return;
    const focusTimer = setTimeout(() => frameRef.current?.focus(), FRAME_FOCUS_DELAY_MS);
    const fullscreenTimer = setTimeout(() => {
      const el = containerRef.current;
      if (!el || typeof el.requestFullscreen !== "function" || document.fullscreenElement) return;
      el.requestFullscreen().catch((err: unknown) => console.warn("Fullscreen request failed", err));
    }, FRAME_FULLSCREEN_DELAY_MS);
    return () => {
      clearTimeout(focusTimer);
      clearTimeout(fullscreenTimer);
    };
  }, [playing]);

  // D22: listen to the game's SDK messages while the frame is shown (never for external games).
  const { frameUrl, externalUrl } = game;
  useEffect(() => {
    if (!playing || externalUrl) return;
    const isStale = (s: PlaySession) => s.used || Date.now() - s.openedAt > PLAY_SESSION_MAX_AGE_MS;
    function onMessage(event: MessageEvent) {
      if (!isTrustedGameMessage(event, frameRef.current?.contentWindow, { frameUrl, externalUrl })) return;
      const message = parseSdkMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case "gameplay.start": {
          const current = session.current;
          if (current && isStale(current)) openSessionRef.current();
          break;
        }
        case "loading.progress":
          setProgress(message.progress);
          break;
        case "score.submit": {
          let current = session.current;
          if (!current || isStale(current)) current = openSessionRef.current();
          current.used = true;
          const { score, won } = message;
          void current.playId.then((playId) => onScoreRef.current?.({ playId, score, won }));
          break;
        }
        default:
          break;
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [playing, frameUrl, externalUrl]);

  function start() {
    countPlay(undefined, {
      onSuccess: ({ playId }) => {
        session.current = { playId: Promise.resolve(playId), used: false, openedAt: Date.now() };
        setProgress(null);
        setPlaying(true);
        onPlayStarted?.(playId);
      },
      onError: (err) => console.warn("Could not count the play", err),
    });
  }

  function reload() {
    setProgress(null);
    setFrameKey((k) => k + 1);
    // The new frame should take the keyboard too (spec §4's focus, on reload).
    setTimeout(() => frameRef.current?.focus(), FRAME_FOCUS_DELAY_MS);
  }

  function toggleFullscreen() {
    const el = containerRef.current;
    if (!el) return;
    const action = document.fullscreenElement ? document.exitFullscreen() : el.requestFullscreen?.();
    Promise.resolve(action).catch((err: unknown) => console.warn("Fullscreen toggle failed", err));
  }

  const loading = playing && progress !== null && progress < 1;

  return (
    // The wrapper goes fullscreen, toolbar included, so Exit Fullscreen and Reload stay reachable
    // (a phone has no Esc key).
    <div ref={containerRef} className={cn("overflow-hidden bg-black", isFullscreen ? "flex flex-col" : "rounded-2xl border shadow-lg")}>
      <div className={isFullscreen ? "relative min-h-0 w-full flex-1 bg-black" : "relative aspect-video w-full bg-black"}>
        {playing ? (
          <>
            <iframe
              key={frameKey}
              ref={frameRef}
              src={game.frameUrl}
              title={game.title}
              sandbox={GAME_FRAME_SANDBOX}
              allow={GAME_FRAME_ALLOW}
              className="absolute inset-0 size-full border-0 bg-black"
            />
            {loading ? (
              <div
                role="progressbar"
                aria-label="Loading game"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((progress ?? 0) * 100)}
                className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-white/10"
              >
                <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round((progress ?? 0) * 100)}%` }} />
              </div>
            ) : null}
          </>
        ) : (
          <>
            <GameImage src={game.imageUrl} alt="" priority className="absolute inset-0 size-full scale-110 opacity-60 blur-xl" />
            <div className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/30 to-black/10" />
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-5 p-4 text-center">
              <GameImage
                src={game.imageUrl}
                alt={`${game.title} cover`}
                priority
                className="hidden aspect-[4/3] w-40 rounded-xl shadow-2xl ring-1 ring-white/20 sm:block md:w-56"
              />
              <Button variant="gradient" size="lg" onClick={start} disabled={countingPlay} className="min-w-40 rounded-full">
                {countingPlay ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play className="fill-current" aria-hidden="true" />}
                Play Now
              </Button>
            </div>
          </>
        )}
      </div>
      {playing ? (
        <div className="flex items-center justify-end gap-1 border-t border-white/10 bg-neutral-950 px-2 py-1.5 text-white">
          <Button variant="ghost" size="sm" className="text-white hover:bg-white/10 hover:text-white" onClick={reload}>
            <RotateCw aria-hidden="true" />
            Reload
          </Button>
          <Button variant="ghost" size="sm" className="text-white hover:bg-white/10 hover:text-white" onClick={toggleFullscreen}>
            {isFullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
            {isFullscreen ? "Exit Fullscreen" : "Fullscreen"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
