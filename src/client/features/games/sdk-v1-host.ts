/**
 * Host side of SDK v1 (D22, sdk/README.md): the envelope `{v: 1, type, payload}` that a game
 * posts to the game page, and the checks a message must pass before the page acts on it.
 * Pure functions, so that the rules are unit-tested without a browser.
 */

import { MAX_SCORE } from "@contract/games-constants";
import { GAME_ERROR_MESSAGE_MAX } from "@contract/numbers-constants";

/** D23: a score is an integer from 0 to 1,000,000,000. */
export const MAX_SDK_SCORE = MAX_SCORE;

export type SdkMessage =
  | { type: "gameplay.start" }
  | { type: "gameplay.stop" }
  | { type: "loading.progress"; progress: number }
  | { type: "score.submit"; score: number; won: boolean | null }
  /** D134: an uncaught error of the game (SDK v2 sends it as a v1 envelope: nothing answers it) */
  | { type: "error"; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads one SDK envelope. Anything else (another version, an unknown type, a score that is not an
 * integer from 0 to 1e9, a `won` that is not a boolean, null or absent, progress outside 0..1) is
 * null: the page ignores it.
 */
export function parseSdkMessage(data: unknown): SdkMessage | null {
  if (!isRecord(data) || data.v !== 1 || typeof data.type !== "string") return null;
  const payload = data.payload === undefined ? {} : data.payload;
  if (!isRecord(payload)) return null;
  switch (data.type) {
    case "gameplay.start":
    case "gameplay.stop":
      return { type: data.type };
    case "loading.progress": {
      const p = payload.progress;
      if (typeof p !== "number" || !Number.isFinite(p) || p < 0 || p > 1) return null;
      return { type: "loading.progress", progress: p };
    }
    case "score.submit": {
      const { score, won } = payload;
      if (typeof score !== "number" || !Number.isInteger(score) || score < 0 || score > MAX_SDK_SCORE) return null;
      if (won !== undefined && won !== null && typeof won !== "boolean") return null;
      return { type: "score.submit", score, won: won ?? null };
    }
    case "error": {
      const { message } = payload;
      if (typeof message !== "string" || !message.trim()) return null;
      return { type: "error", message: message.slice(0, GAME_ERROR_MESSAGE_MAX) };
    }
    default:
      return null;
  }
}

/** The origin of a frame URL, or null when it has none we can trust (relative garbage, about:, data:). */
export function frameOrigin(
  frameUrl: string,
  base: string = typeof window === "undefined" ? "http://localhost" : window.location.href,
): string | null {
  try {
    const origin = new URL(frameUrl, base).origin;
    return origin && origin !== "null" ? origin : null;
  } catch {
    return null;
  }
}

/**
 * D22: a message counts only when it comes from our own game frame's window AND from the games
 * origin the frame was loaded from. External games (externalUrl) are not ours: never trusted.
 */
export function isTrustedGameMessage(
  event: Pick<MessageEvent, "source" | "origin">,
  frameWindow: Window | null | undefined,
  game: { frameUrl: string; externalUrl: string | null },
): boolean {
  if (game.externalUrl) return false;
  if (!frameWindow || event.source !== frameWindow) return false;
  const expected = frameOrigin(game.frameUrl);
  return expected !== null && event.origin === expected;
}
