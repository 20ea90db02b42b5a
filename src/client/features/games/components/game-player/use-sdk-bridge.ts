import { useEffect, useRef, type RefObject } from "react";
import { apiRequest } from "@/lib/api-client";
import type { CurrentUser } from "@contract/auth";
import { GAME_ERRORS_PER_PLAY } from "@contract/numbers-constants";
import { MAX_FIRST_GAMEPLAY_MS } from "@contract/plays-constants";
import { fetchGameUser, handleSdkV2Request, unlockAchievement } from "../../game-host";
import type { GameSaves } from "../../game-saves";
import type { GameplayReporter } from "../../gameplay-reporter";
import type { InviteParams, OwnRoom } from "../../invite-code";
import type { RoomRelay } from "../../room-relay";
import { isTrustedGameMessage, parseSdkMessage } from "../../sdk-v1-host";
import {
  errorReply,
  okReply,
  parseSdkV2Request,
  SdkV2Error,
  type AdFrameReport,
  type AdsSdkRequest,
  type GameSettings,
  type SdkV2Event,
} from "../../sdk-v2";
import { useLatest } from "./use-latest";
import type { PlaySessions } from "./use-play-session";
import { reportOwnRoom } from "./use-presence";

/** A score reported by the game through the SDK, with the play session it belongs to (null if none could be opened). */
export type GameScoreReport = { playId: string | null; score: number; won: boolean | null };

/**
 * How long the game took from its frame's load to its first gameplay.start, for the admin
 * area's median per game. Best effort: a failure is only logged.
 */
function reportFirstGameplay(gameId: number, playId: Promise<string | null>, ms: number) {
  if (!(ms >= 0 && ms <= MAX_FIRST_GAMEPLAY_MS)) return;
  void playId
    .then((id) => (id ? apiRequest("POST", `/api/games/${gameId}/plays/${id}/started`, { ms }) : undefined))
    .catch((err: unknown) => console.warn("Could not record the game's start time", err));
}

/**
 * D134: an uncaught error of the game, for its numbers; at most GAME_ERRORS_PER_PLAY per frame shown (`sent` counts
 * them). Best effort: a failure is dropped.
 */
function reportGameError(gameId: number, message: string, sent: { n: number }) {
  if (sent.n >= GAME_ERRORS_PER_PLAY) return;
  sent.n += 1;
  void apiRequest("POST", `/api/games/${gameId}/errors`, { message }, { keepalive: true }).catch(() => undefined);
}

export type SdkBridge = {
  /** the frame is shown */
  active: boolean;
  game: { id: number; frameUrl: string; externalUrl: string | null };
  frameRef: RefObject<HTMLIFrameElement | null>;
  startTiming: RefObject<{ loadedAt: number | null; reported: boolean }>;
  sessions: PlaySessions;
  gameplay: RefObject<GameplayReporter | null>;
  settingsRef: RefObject<GameSettings>;
  userRef: RefObject<CurrentUser | null>;
  gameSaves: () => GameSaves;
  announceUnlock: (key: string) => void;
  onProgress: (progress: number) => void;
  onScore: ((report: GameScoreReport) => void) | undefined;
  /** ADR 027: the frame's room relay (use-room-relay.ts), null while the frame is not shown */
  rooms: () => RoomRelay | null;
  /** D122: the room code of the invite link the page was opened with */
  inviteCode: string | null;
  /** D122: the invite link's parameters (inviteParamsFrom), for games made for other portals */
  inviteParams: Record<string, string> | null;
  /** D122: the game asks for its "Invite" button beside it (with the params its link carries), or hides it (null) */
  onInviteButton: (button: { params: InviteParams | null } | null) => void;
  /** D151: the page's ads (use-ads.tsx); `toGame` posts an event to the frame that asked */
  ads: (request: AdsSdkRequest, id: string, toGame: (event: SdkV2Event) => void) => Promise<unknown>;
  /** D152: what an ad running in the frame did (use-ads.tsx) */
  adFrame: (report: AdFrameReport) => void;
};

/**
 * D22: listens to the game's SDK messages while the frame is shown (never for external games), from this frame's
 * window and the games origin only. SDK v1 messages are acted on; SDK v2 requests are each answered, to the
 * frame's window and the games origin only. Room calls go to the frame's room relay, whose answers come back the
 * same way.
 */
export function useSdkBridge({
  active,
  game,
  frameRef,
  startTiming,
  sessions,
  gameplay,
  settingsRef,
  userRef,
  gameSaves,
  announceUnlock,
  onProgress,
  onScore,
  rooms,
  inviteCode,
  inviteParams,
  onInviteButton,
  ads,
  adFrame,
}: SdkBridge) {
  const onScoreRef = useLatest(onScore);
  const onInviteButtonRef = useLatest(onInviteButton);
  // D122: the room of the game's own servers the player is in (CrazyGames' updateRoom), while the game runs; the
  // server has it while it is joinable, for the friends list's Join (leaving the game clears it there)
  const ownRoom = useRef<OwnRoom | null>(null);
  const ownRoomSent = useRef<string>("null");
  useEffect(() => {
    if (active) return;
    ownRoom.current = null;
    ownRoomSent.current = "null";
  }, [active]);
  const { id: gameId, frameUrl, externalUrl } = game;

  useEffect(() => {
    if (!active) return;
    const errorsSent = { n: 0 };
    function gameplayStart() {
      const current = sessions.forRound();
      const timing = startTiming.current;
      if (current && timing.loadedAt !== null && !timing.reported) {
        timing.reported = true;
        reportFirstGameplay(gameId, current.playId, Math.round(performance.now() - timing.loadedAt));
      }
      if (current) gameplay.current?.gameStarted(current);
    }
    const gameplayStop = () => gameplay.current?.gameStopped();
    function submitScore(score: number, won: boolean | null) {
      const current = sessions.forScore();
      void current.playId.then((playId) => onScoreRef.current?.({ playId, score, won }));
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
            onProgress(message.progress);
            break;
          case "score.submit":
            submitScore(message.score, message.won);
            break;
          case "error":
            reportGameError(gameId, message.message, errorsSent);
            break;
          default:
            break;
        }
        return;
      }
      const v2 = parseSdkV2Request(event.data);
      if (!v2) return;
      const source = event.source as Window;
      const reply = (answer: ReturnType<typeof okReply>) => source.postMessage(answer, event.origin);
      if ("invalid" in v2) {
        reply(errorReply(v2.id, new SdkV2Error("invalid", v2.invalid)));
        return;
      }
      const request = v2.request;
      if (request.type === "ads.frame") {
        adFrame(request);
        reply(okReply(v2.id, null));
        return;
      }
      if (request.type === "ads.break" || request.type === "ads.reward") {
        // never rejects: whatever goes wrong is an answer without an ad
        ads(request, v2.id, (e) => source.postMessage(e, event.origin)).then(
          (result) => reply(okReply(v2.id, result)),
          () =>
            reply(
              okReply(v2.id, request.type === "ads.reward" ? { granted: false } : { shown: false, reason: "error" }),
            ),
        );
        return;
      }
      if (request.type === "rooms" || request.type === "rooms.unload") {
        const relay = rooms();
        if (!relay) {
          reply(errorReply(v2.id, new SdkV2Error("unavailable", "Rooms are not available just now")));
        } else if (request.type === "rooms.unload") {
          relay.unload(request.instance);
          reply(okReply(v2.id, null));
        } else {
          relay.request(request.instance, request.room, (answer) =>
            reply(
              answer.ok
                ? okReply(v2.id, answer.value)
                : errorReply(v2.id, new SdkV2Error(answer.error.code, answer.error.message)),
            ),
          );
        }
        return;
      }
      handleSdkV2Request(request, {
        gameId,
        inviteCode: () => inviteCode,
        inviteParams: () => inviteParams,
        user: () => userRef.current,
        gameUser: () => fetchGameUser(gameId),
        settings: () => settingsRef.current,
        saves: gameSaves,
        currentPlay: async () => sessions.currentPlayId(),
        onGameplayStart: gameplayStart,
        onGameplayStop: gameplayStop,
        onProgress,
        onScore: submitScore,
        onOwnRoom: (room) => {
          ownRoom.current = room;
          if (!userRef.current) return;
          const shared = room?.joinable ? { id: room.id, inviteParams: room.inviteParams } : null;
          const key = JSON.stringify(shared);
          // a game may repeat the same room often: only a change is sent
          if (key === ownRoomSent.current) return;
          ownRoomSent.current = key;
          void reportOwnRoom(gameId, shared);
        },
        onInviteButton: (button) => onInviteButtonRef.current(button),
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
  }, [
    active,
    frameUrl,
    externalUrl,
    gameId,
    sessions,
    startTiming,
    gameplay,
    frameRef,
    userRef,
    settingsRef,
    gameSaves,
    announceUnlock,
    onProgress,
    onScoreRef,
    rooms,
    inviteCode,
    inviteParams,
    onInviteButtonRef,
    ads,
    adFrame,
  ]);
  return { ownRoom };
}
