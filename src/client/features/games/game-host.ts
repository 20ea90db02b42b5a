/**
 * What the game page does for each SDK v2 request (D75): the answer to `init`, the saves (game-saves.ts),
 * achievements, and the lifecycle calls handed to the player (GamePlayer). No React and no DOM here, so the
 * rules are unit-tested with plain stand-ins (game-host.test.ts).
 *
 * The game learns only what sdk/v2.d.ts promises: the player's id, name and picture (or null for a guest)
 * and the settings. Never the session, a token or an email. Who the player is to the game comes from the server
 * (GET /api/games/{id}/player): a player whose profile is not public plays anonymously, under an id
 * of their own in that game, "Player" for the name and no picture.
 */
import { ApiError, apiRequest, getJson } from "@/lib/api-client";
import type { GameFacingUserResponse } from "@contract/plays";
import type { GameSaves } from "./game-saves";
import type { InviteParams, OwnRoom } from "./invite-code";
import { SdkV2Error, type GameSettings, type RoomsSdkRequest, type SdkV2Request } from "./sdk-v2";

export type HostUser = { id: number; username: string; avatarUrl: string | null };

export type GameHostDeps = {
  gameId: number;
  /** the signed-in player, or null */
  user(): HostUser | null;
  /** the signed-in player as this game may know them (fetchGameUser by default) */
  gameUser(): Promise<HostUser>;
  settings(): GameSettings;
  /** D122: the room code of the invite link the page was opened with (`?room=`), null without one */
  inviteCode?(): string | null;
  /** D122: the invite link's parameters, validated by the page (inviteParamsFrom), null without any */
  inviteParams?(): Record<string, string> | null;
  /** the game's saves for this player (loaded once per frame) */
  saves(): GameSaves;
  /** the play session a score or an unlock belongs to (D21), null when none could be opened */
  currentPlay(): Promise<string | null>;
  onGameplayStart(): void;
  onGameplayStop(): void;
  onProgress(progress: number): void;
  onScore(score: number, won: boolean | null): void;
  /** D122: the room of the game's own servers the player is in (rooms.setOwnRoom), null once they left it */
  onOwnRoom?(room: OwnRoom | null): void;
  /** D122: the game's "Invite" button beside it, with the params its link carries (rooms.showInviteButton); null hides it */
  onInviteButton?(button: { params: InviteParams | null } | null): void;
  /** POST /api/games/{id}/achievements/unlock by default */
  unlock?(gameId: number, key: string, playId: string): Promise<{ unlocked: boolean }>;
};

/** The player as init() hands it to the game: the picture as an absolute URL (the game runs on another origin). */
export function publicUser(user: HostUser | null, base: string): HostUser | null {
  if (!user) return null;
  let avatarUrl: string | null = null;
  if (user.avatarUrl) {
    try {
      avatarUrl = new URL(user.avatarUrl, base).href;
    } catch {
      avatarUrl = null;
    }
  }
  return { id: user.id, username: user.username, avatarUrl };
}

/** GET /api/games/{id}/player, the signed-in player as the game may know them. */
export async function fetchGameUser(gameId: number): Promise<HostUser> {
  return (await getJson<GameFacingUserResponse>(`/api/games/${gameId}/player`)).user;
}

/** D78: unlocks through the API; a 404 is an unknown key, a 409 no open play (sdk/v2.d.ts error codes). */
export async function unlockAchievement(gameId: number, key: string, playId: string): Promise<{ unlocked: boolean }> {
  try {
    const res = await apiRequest("POST", `/api/games/${gameId}/achievements/unlock`, { key, playId });
    const body = (await res.json()) as { unlocked?: unknown };
    return { unlocked: body.unlocked === true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw new SdkV2Error("unknown_achievement", `No achievement "${key}" is declared for this game`);
    if (err instanceof ApiError && err.status === 409)
      throw new SdkV2Error("no_play", "No round is open: call gameplay.start() first");
    if (err instanceof ApiError && err.status === 401) return { unlocked: false };
    throw new SdkV2Error("unavailable", "Could not reach Arcadium to unlock the achievement");
  }
}

/** Carries out one request; resolves with its result or rejects with an SdkV2Error. */
export async function handleSdkV2Request(
  request: Exclude<SdkV2Request, RoomsSdkRequest>,
  deps: GameHostDeps,
): Promise<unknown> {
  switch (request.type) {
    case "init": {
      const base = typeof window === "undefined" ? "http://localhost/" : window.location.href;
      const code = deps.inviteCode?.() ?? null;
      const params = deps.inviteParams?.() ?? null;
      const invite = { ...(code ? { inviteCode: code } : {}), ...(params ? { inviteParams: { ...params } } : {}) };
      if (!deps.user()) return { user: null, settings: deps.settings(), ...invite };
      // Not known to the server just now: a guest, never the account's own id.
      const seen = await deps.gameUser().catch(() => null);
      return { user: publicUser(seen, base), settings: deps.settings(), ...invite };
    }
    case "gameplay.start":
      deps.onGameplayStart();
      return null;
    case "gameplay.stop":
      deps.onGameplayStop();
      return null;
    case "loading.progress":
      deps.onProgress(request.progress);
      return null;
    case "loading.done":
      deps.onProgress(1);
      return null;
    case "happytime":
      return null;
    case "score.submit":
      deps.onScore(request.score, request.won);
      return null;
    case "data.getItem":
      return deps.saves().getItem(request.key);
    case "data.setItem":
      await deps.saves().setItem(request.key, request.value);
      return null;
    case "data.removeItem":
      await deps.saves().removeItem(request.key);
      return null;
    case "data.clear":
      await deps.saves().clear();
      return null;
    case "data.keys":
      return deps.saves().keys();
    case "achievements.unlock": {
      if (!deps.user()) return { unlocked: false };
      const playId = await deps.currentPlay();
      if (!playId) throw new SdkV2Error("no_play", "No round is open: call gameplay.start() first");
      return (deps.unlock ?? unlockAchievement)(deps.gameId, request.key, playId);
    }
    case "ownRoom.set":
      deps.onOwnRoom?.(request.room);
      return null;
    case "inviteButton.show":
      deps.onInviteButton?.({ params: request.params });
      return null;
    case "inviteButton.hide":
      deps.onInviteButton?.(null);
      return null;
    case "track":
      // Accepted so that games written for it run; Arcadium does not record custom events yet.
      return null;
  }
}
