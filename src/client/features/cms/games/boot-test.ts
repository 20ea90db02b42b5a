import type { BootResultBody } from "@contract/admin/build-checks";
import { BOOT_PROBE_PARAM, BOOT_TEST } from "@contract/admin/build-checks-constants";

/**
 * D132's boot test, run in the browser of whoever opens a game's check report: the game is loaded in a frame on
 * the games origin, as the game player loads it, with the boot probe (sdk/boot-probe.js) that the games origin
 * adds for this test only. This module keeps what the frame says; the component owns the frame and the timers.
 * - First frame: the probe's first canvas drawing once painted, else its DOMContentLoaded plus a painted frame,
 *   else (no probe: a very large index.html) the frame's load event.
 * - gameplayStart: SDK v1's `gameplay.start` message or v2's request (sdk/README.md's envelopes). v2's other
 *   requests are answered as for a guest whose saves last for this run only, so that a game waiting on init()
 *   still starts; nothing reaches the server (no play, score or save). The game player's host (features/games)
 *   is not reused: features do not import each other, and a boot test needs none of its plays or player.
 * - Errors: the probe's (uncaught errors, rejections, console.error, files that did not load), at most 20.
 */

/** The frame's address for the test: the game's own, with the probe asked for. */
export function bootFrameUrl(frameUrl: string): string {
  const [base, hash] = frameUrl.split("#", 2);
  const joined = `${base}${base.includes("?") ? "&" : "?"}${BOOT_PROBE_PARAM}=1`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** The origin of the frame's address, or null when it has none to trust. */
export function frameOriginOf(frameUrl: string): string | null {
  try {
    const origin = new URL(frameUrl, window.location.href).origin;
    return origin && origin !== "null" ? origin : null;
  } catch {
    return null;
  }
}

function clip(text: string): string {
  return text.length > BOOT_TEST.maxErrorChars ? `${text.slice(0, BOOT_TEST.maxErrorChars - 1)}…` : text;
}

function ms(value: number | null): number | null {
  return value === null ? null : Math.min(BOOT_TEST.timeoutMs, Math.max(0, Math.round(value)));
}

type PictureAnswer = { picture: string | null; note: string | null };

/** What one run has heard so far, in milliseconds since the frame was asked for. */
export class BootRecorder {
  canvasAt: number | null = null;
  domAt: number | null = null;
  loadAt: number | null = null;
  gameplayStartAt: number | null = null;
  errors: string[] = [];
  picture: PictureAnswer | null = null;
  private saves = new Map<string, string>();

  constructor(
    private readonly frameUrl: string,
    readonly now: () => number,
  ) {}

  get firstFrameAt(): number | null {
    return this.canvasAt ?? this.domAt ?? this.loadAt;
  }

  frameLoaded() {
    this.loadAt ??= this.now();
  }

  /** Takes one message the page received; false when it is not from this frame (ignored). */
  hear(event: Pick<MessageEvent, "data" | "origin" | "source">, frame: Window | null | undefined): boolean {
    const origin = frameOriginOf(this.frameUrl);
    if (!frame || event.source !== frame || origin === null || event.origin !== origin) return false;
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== "object") return true;
    if (data.arcadiumBootProbe === 1) {
      const payload = data.payload && typeof data.payload === "object" ? (data.payload as Record<string, unknown>) : {};
      this.hearProbe(data.type, payload);
    } else if (data.v === 1 && data.type === "gameplay.start") {
      this.gameplayStart();
    } else if (data.v === 2 && typeof data.id === "string" && typeof data.type === "string" && data.id.length <= 64) {
      const answer = this.answerV2(data.type, data.payload);
      frame.postMessage({ v: 2, id: data.id, ...answer }, origin);
    }
    return true;
  }

  /** SDK v2 calls as a guest's, with saves in memory; what needs the site (rooms, achievements) is unavailable. */
  private answerV2(
    type: string,
    payload: unknown,
  ): { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } } {
    const p = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
    const key = typeof p.key === "string" ? p.key : "";
    switch (type) {
      case "init":
        return { ok: true, result: { user: null, settings: { muted: true, locale: "en", reducedMotion: false } } };
      case "gameplay.start":
        this.gameplayStart();
        return { ok: true, result: null };
      case "data.getItem":
        return { ok: true, result: this.saves.get(key) ?? null };
      case "data.setItem":
        if (typeof p.value === "string" && this.saves.size < 100) this.saves.set(key, p.value.slice(0, 10_000));
        return { ok: true, result: null };
      case "data.removeItem":
        this.saves.delete(key);
        return { ok: true, result: null };
      case "data.clear":
        this.saves.clear();
        return { ok: true, result: null };
      case "data.keys":
        return { ok: true, result: [...this.saves.keys()] };
      case "achievements.unlock":
        return { ok: true, result: { unlocked: false } };
      default:
        if (type.startsWith("rooms."))
          return { ok: false, error: { code: "unavailable", message: "Rooms are not available in a boot test" } };
        return { ok: true, result: null };
    }
  }

  private hearProbe(type: unknown, payload: Record<string, unknown>) {
    if (type === "frame") {
      if (payload.by === "canvas") this.canvasAt ??= this.now();
      else if (payload.by === "dom") this.domAt ??= this.now();
    } else if (type === "error" && typeof payload.message === "string") {
      if (this.errors.length < BOOT_TEST.maxErrors) this.errors.push(clip(payload.message));
    } else if (type === "picture") {
      const picture = typeof payload.picture === "string" ? payload.picture : null;
      const note = typeof payload.note === "string" ? clip(payload.note) : null;
      this.picture =
        picture && picture.length > BOOT_TEST.maxPictureChars
          ? { picture: null, note: "The picture was larger than 200 KB, so it was left out." }
          : { picture, note };
    }
  }

  private gameplayStart() {
    this.gameplayStartAt ??= this.now();
  }

  /**
   * The result to keep. `usesSdk`: whether the report found an SDK; a game without one cannot say that gameplay
   * started, so for it a painted first frame counts as started.
   */
  result(packageHash: string, usesSdk: boolean, userAgent: string): BootResultBody {
    const first = this.firstFrameAt;
    const started = this.gameplayStartAt !== null || (!usesSdk && first !== null);
    return {
      packageHash,
      started,
      firstFrameMs: ms(first),
      firstFrameBy:
        this.canvasAt !== null ? "canvas" : this.domAt !== null ? "dom" : this.loadAt !== null ? "load" : null,
      gameplayStartMs: ms(this.gameplayStartAt),
      errors: this.errors,
      picture: this.picture?.picture ?? null,
      pictureNote: this.picture
        ? this.picture.note
        : "The frame did not answer the request for a picture (the game loads no boot probe, or it stopped).",
      userAgent: userAgent.slice(0, 300),
    };
  }
}
