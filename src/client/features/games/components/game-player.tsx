import { Maximize, Minimize, RotateCw, Volume2, VolumeX } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { GameAchievement } from "@contract/game-achievements";
import type { Game } from "@contract/games";
import { MAX_FIRST_GAMEPLAY_MS } from "@contract/plays-constants";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { toast } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/session";
import { usePlayGame } from "../api/play-game";
import { gameAchievementKeys } from "../api/game-achievements";
import { fetchGameUser, handleSdkV2Request, unlockAchievement } from "../game-host";
import { createGameplayReporter, type GameplayReporter, type GameplaySend } from "../gameplay-reporter";
import { accountBackend, GameSaves, guestBackend } from "../game-saves";
import { frameOrigin, isTrustedGameMessage, parseSdkMessage } from "../sdk-v1-host";
import { errorReply, muteEvent, okReply, parseSdkV2Request, pauseEvent, SdkV2Error, settingsEvent, type GameSettings, type SdkV2Event } from "../sdk-v2";
import { GameCover } from "./game-cover";

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

export type PlayableGame = Pick<Game, "id" | "title" | "imageUrl" | "frameUrl" | "externalUrl">;

/** The sound control beside the frame (SDK v2 `mute` and `settings`), remembered in this browser. */
export const GAME_MUTED_STORAGE_KEY = "arcadium-game-muted";

function storedMuted(): boolean {
  try {
    return window.localStorage.getItem(GAME_MUTED_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

const prefersReducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Issue 14 item 7: how long the game took from its frame's load to its first gameplay.start, for the admin
 * area's median per game. Best effort: a failure is only logged.
 */
function reportFirstGameplay(gameId: number, playId: Promise<string | null>, ms: number) {
  if (!(ms >= 0 && ms <= MAX_FIRST_GAMEPLAY_MS)) return;
  void playId
    .then((id) => (id ? apiRequest("POST", `/api/games/${gameId}/plays/${id}/started`, { ms }) : undefined))
    .catch((err: unknown) => console.warn("Could not record the game's start time", err));
}

/** D84: tells the server which game the player has open (null: none); errors are ignored. */
export function reportPresence(gameId: number | null, keepalive = false) {
  apiRequest("POST", "/api/presence", { gameId }, { keepalive }).catch(() => undefined);
}

/** D86: one gameplay report of the player's play (gameplay-reporter.ts decides when). */
const sendGameplay =
  (gameId: number): GameplaySend =>
  (playId, state, { keepalive }) =>
    apiRequest("POST", `/api/games/${gameId}/plays/${playId}/gameplay`, { state }, { keepalive });

/** A dialog of the page (Radix portals them into <body>) covers the game: it is paused meanwhile (SDK v2 `pause`). */
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

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
  started,
}: {
  game: PlayableGame;
  onPlayStarted?: (playId: string) => void;
  onScore?: (report: GameScoreReport) => void;
  /** The play Play Now already opened (game-launcher.tsx, which loads this player on that click): the frame shows at once. */
  started?: { playId: string };
}) {
  const { mutate: countPlay, mutateAsync: openPlay, isPending: countingPlay } = usePlayGame(game.id);
  const [playing, setPlaying] = useState(started !== undefined);
  const [frameKey, setFrameKey] = useState(0);
  const frameKeyRef = useRef(0);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const session = useRef<PlaySession | null>(started ? { playId: Promise.resolve(started.playId), used: false, openedAt: Date.now() } : null);
  const onScoreRef = useRef(onScore);
  const openSessionRef = useRef<() => PlaySession>(null!);
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  /** D78: a toast with the achievement's title, and the game page's list marks it. */
  const announceUnlockRef = useRef<(key: string) => void>(() => undefined);
  useEffect(() => {
    announceUnlockRef.current = (key) => {
      const listed = queryClient.getQueryData<GameAchievement[]>(gameAchievementKeys.all(game.id))?.find((a) => a.key === key);
      toast({ title: "Achievement unlocked!", description: listed && !listed.hidden ? listed.title : `${game.title}: a new achievement` });
      const userId = userRef.current?.id;
      if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: gameAchievementKeys.mine(game.id, userId) });
      void queryClient.invalidateQueries({ queryKey: gameAchievementKeys.all(game.id), exact: true });
    };
  }, [queryClient, game.id, game.title]);
  const { frameUrl, externalUrl, id: gameId } = game;
  const userRef = useRef(user);
  const [muted, setMuted] = useState(false);
  const settingsRef = useRef<GameSettings>({ muted: false, locale: "en", reducedMotion: false });
  /** Issue 14 item 7: when the frame now shown finished loading, and whether its first gameplay.start was reported. */
  const startTiming = useRef<{ loadedAt: number | null; reported: boolean }>({ loadedAt: null, reported: false });
  /** D86: reports the gameplay of the frame now shown, for the player's playtime. */
  const gameplay = useRef<GameplayReporter | null>(null);
  /** The saves of the frame now shown (D76), made on the game's first data call, for the player signed in then. */
  const saves = useRef<{ frame: number; userId: number | null; store: GameSaves } | null>(null);

  useEffect(() => {
    userRef.current = user;
  }, [user]);

  // The stored sound setting is read once the page runs in the browser (the server renders "sound on").
  useEffect(() => setMuted(storedMuted()), []);

  /** Posts an SDK v2 event to the game frame (v1 games ignore it), to the games origin only. */
  const postToGame = useCallback(
    (message: SdkV2Event) => {
      const origin = frameOrigin(game.frameUrl);
      const target = frameRef.current?.contentWindow;
      if (!origin || !target || game.externalUrl) return;
      target.postMessage(message, origin);
    },
    [game.frameUrl, game.externalUrl],
  );

  // The settings a game sees (init(), `settings` events): sound, language, reduced motion.
  useEffect(() => {
    const read = (): GameSettings => ({ muted, locale: document.documentElement.lang || navigator.language || "en", reducedMotion: prefersReducedMotion() });
    const previous = settingsRef.current;
    settingsRef.current = read();
    if (previous.muted !== muted) postToGame(muteEvent(muted));
    if (JSON.stringify(previous) !== JSON.stringify(settingsRef.current)) postToGame(settingsEvent(settingsRef.current));
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onChange = () => {
      settingsRef.current = read();
      postToGame(settingsEvent(settingsRef.current));
    };
    query.addEventListener?.("change", onChange);
    return () => query.removeEventListener?.("change", onChange);
  }, [muted, postToGame]);

  function toggleMuted() {
    const next = !muted;
    setMuted(next);
    try {
      window.localStorage.setItem(GAME_MUTED_STORAGE_KEY, String(next));
    } catch {
      // storage unavailable: the setting lasts for this page
    }
  }

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

  // SDK v2 pause/resume (issue 14 item 2): while the page is hidden or one of its dialogs covers the game.
  // Saves waiting to be sent go out when the page is hidden and when the game closes (D76).
  useEffect(() => {
    if (!playing || externalUrl) return;
    let paused = false;
    const update = () => {
      const next = document.visibilityState === "hidden" || document.querySelector(DIALOG_SELECTOR) !== null;
      if (next !== paused) {
        paused = next;
        postToGame(pauseEvent(paused));
      }
      if (document.visibilityState === "hidden") void saves.current?.store.flush();
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["role"] });
    document.addEventListener("visibilitychange", update);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", update);
      void saves.current?.store.flush();
    };
  }, [playing, externalUrl, postToGame]);

  // D84: a signed-in player's friends see "Playing {game}" while the game is shown (POST /api/presence {gameId}),
  // until the player leaves the page ({gameId: null}; keepalive so it still goes out when the tab closes).
  // The server keeps it only for players who share their presence; failures are ignored.
  const userId = user?.id;
  useEffect(() => {
    if (!playing || userId === undefined) return;
    reportPresence(gameId);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      reportPresence(null, true);
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      // Back from the browser's page cache: the game is shown again.
      left = false;
      reportPresence(gameId);
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", onPageShow);
      leave();
    };
  }, [playing, userId, gameId]);

  // D86: while the frame is shown, the gameplay it reports is timed on the server while the page is visible.
  useEffect(() => {
    if (!playing || externalUrl) return;
    const reporter = createGameplayReporter({ signedIn: () => userRef.current !== null, send: sendGameplay(gameId) });
    gameplay.current = reporter;
    const onVisibility = () => reporter.setVisible(document.visibilityState !== "hidden");
    const onPageHide = () => reporter.pageHidden();
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onVisibility);
      reporter.close();
      gameplay.current = null;
    };
  }, [playing, externalUrl, gameId]);

  // D22: listen to the game's SDK messages while the frame is shown (never for external games).
  useEffect(() => {
    if (!playing || externalUrl) return;
    const isStale = (s: PlaySession) => s.used || Date.now() - s.openedAt > PLAY_SESSION_MAX_AGE_MS;
    function gameplayStart() {
      let current = session.current;
      if (current && isStale(current)) current = openSessionRef.current();
      const timing = startTiming.current;
      if (current && timing.loadedAt !== null && !timing.reported) {
        timing.reported = true;
        reportFirstGameplay(gameId, current.playId, Math.round(performance.now() - timing.loadedAt));
      }
      if (current) gameplay.current?.gameStarted(current);
    }
    const gameplayStop = () => gameplay.current?.gameStopped();
    function submitScore(score: number, won: boolean | null) {
      let current = session.current;
      if (!current || isStale(current)) current = openSessionRef.current();
      current.used = true;
      void current.playId.then((playId) => onScoreRef.current?.({ playId, score, won }));
    }
    const announceUnlock = (key: string) => announceUnlockRef.current(key);
    /** The saves of the frame now shown, for the player signed in now (a sign-in in another tab starts a new copy). */
    function gameSaves(): GameSaves {
      const userId = userRef.current?.id ?? null;
      const current = saves.current;
      if (current && current.frame === frameKeyRef.current && current.userId === userId) return current.store;
      void current?.store.flush();
      const store = new GameSaves(userId === null ? guestBackend(gameId) : accountBackend(gameId));
      saves.current = { frame: frameKeyRef.current, userId, store };
      return store;
    }
    function onMessage(event: MessageEvent) {
      if (!isTrustedGameMessage(event, frameRef.current?.contentWindow, { frameUrl, externalUrl })) return;
      const message = parseSdkMessage(event.data);
      if (message) {
        switch (message.type) {
          case "gameplay.start":
            gameplayStart();
            break;
          case "gameplay.stop":
            gameplayStop();
            break;
          case "loading.progress":
            setProgress(message.progress);
            break;
          case "score.submit":
            submitScore(message.score, message.won);
            break;
          default:
            break;
        }
        return;
      }
      // SDK v2 (D75): every request is answered, to the frame's window and the games origin only.
      const v2 = parseSdkV2Request(event.data);
      if (!v2) return;
      const source = event.source as Window;
      const reply = (answer: ReturnType<typeof okReply>) => source.postMessage(answer, event.origin);
      if ("invalid" in v2) {
        reply(errorReply(v2.id, new SdkV2Error("invalid", v2.invalid)));
        return;
      }
      handleSdkV2Request(v2.request, {
        gameId,
        user: () => userRef.current,
        gameUser: () => fetchGameUser(gameId),
        settings: () => settingsRef.current,
        saves: gameSaves,
        currentPlay: async () => {
          const current = session.current;
          return current && !isStale(current) ? current.playId : null;
        },
        onGameplayStart: gameplayStart,
        onGameplayStop: gameplayStop,
        onProgress: setProgress,
        onScore: submitScore,
        unlock: async (id, key, playId) => {
          const result = await unlockAchievement(id, key, playId);
          if (result.unlocked) announceUnlock(key);
          return result;
        },
      }).then(
        (result) => reply(okReply(v2.id, result)),
        (err: unknown) => reply(errorReply(v2.id, err)),
      );
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [playing, frameUrl, externalUrl, gameId, queryClient]);

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
    // the game starts again: its gameplay stops until it reports a new start
    gameplay.current?.gameStopped();
    void saves.current?.store.flush();
    frameKeyRef.current += 1;
    setFrameKey(frameKeyRef.current);
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
              onLoad={() => {
                startTiming.current = { loadedAt: performance.now(), reported: false };
              }}
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
          <GameCover game={game} onPlay={start} busy={countingPlay} />
        )}
      </div>
      {playing ? (
        <div className="flex items-center justify-end gap-1 border-t border-white/10 bg-neutral-950 px-2 py-1.5 text-white">
          {externalUrl ? null : (
            <Button variant="ghost" size="sm" className="text-white hover:bg-white/10 hover:text-white" onClick={toggleMuted} aria-pressed={muted}>
              {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
              {muted ? "Sound Off" : "Sound On"}
            </Button>
          )}
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
