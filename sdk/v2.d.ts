/**
 * Arcadium game SDK, version 2 (decision D75): the typings of `window.Arcadium` as defined by `/sdk/v2.js`.
 *
 * Copy this file next to your game's sources (or reference it with `/// <reference path="v2.d.ts" />`).
 * Every call that needs the Arcadium page's answer returns a Promise; the others return a Promise that
 * resolves once the message is sent. A call that the page refuses rejects with an `ArcadiumError`.
 * Outside an Arcadium frame (the game opened directly while developing) calls resolve with local stand-ins
 * (no player, saves in this page's own localStorage) and log what they would have sent.
 */

export {};

declare global {
  interface Window {
    Arcadium: ArcadiumSdk;
  }
  const Arcadium: ArcadiumSdk;
}

/**
 * The signed-in player, or null for a guest. Never carries a session or token. A player whose profile is not
 * public is anonymous: username "Player", avatarUrl null, and an id of their own in your game (the same every time,
 * a different one in another game, never their account's id).
 */
export interface ArcadiumUser {
  /** stable for this player in your game (a safe integer); store progress under it if you keep your own */
  id: number;
  username: string;
  /** an absolute URL, or null when the player has no picture */
  avatarUrl: string | null;
}

/** The player's settings on the Arcadium page. */
export interface ArcadiumSettings {
  /** the sound control beside the game frame: respect it (start muted when true) */
  muted: boolean;
  /** BCP 47 language tag of the page, e.g. "en" */
  locale: string;
  /** the player prefers less motion: tone down shakes, flashes and parallax */
  reducedMotion: boolean;
}

export interface ArcadiumInit {
  user: ArcadiumUser | null;
  settings: ArcadiumSettings;
}

/**
 * Why a call failed: `code` is one of
 * - "timeout": the page did not answer in time (10 s)
 * - "not_in_frame": not running inside an Arcadium game page (only for calls that need the page)
 * - "invalid": bad arguments (the message says which)
 * - "quota": cloud saves: this game's data for this player would exceed the quota
 * - "no_play": achievements: no play is open (call gameplay.start() first)
 * - "unknown_achievement": achievements: the key is not declared for this game
 * - "unavailable": the page could not reach Arcadium's server; try again later
 */
export interface ArcadiumError extends Error {
  code: "timeout" | "not_in_frame" | "invalid" | "quota" | "no_play" | "unknown_achievement" | "unavailable";
}

export type ArcadiumEvent = "pause" | "resume" | "mute" | "settings";

export interface ArcadiumSdk {
  /** 2 */
  readonly version: 2;

  /** Call once at start-up, before anything else: who plays, and their settings. */
  init(): Promise<ArcadiumInit>;

  gameplay: {
    /** A round starts: the player is now actually playing (after the title screen, on every "Play again"). */
    start(): Promise<void>;
    /** The round has ended or play is interrupted (game over, back to the menu, your own pause menu). */
    stop(): Promise<void>;
  };

  loading: {
    /** Loading progress from 0 to 1 (clamped). */
    progress(fraction: number): Promise<void>;
    /** Loading is finished: the game is ready to play. */
    done(): Promise<void>;
  };

  /** A moment of joy (a level cleared, a record beaten): the page may celebrate it. */
  happyTime(): Promise<void>;

  scores: {
    /**
     * The final score of a round, exactly once per round: an integer from 0 to 1,000,000,000.
     * `won`: true or false, or leave it out for games without a win or loss.
     */
    submit(score: number, options?: { won?: boolean }): Promise<void>;
  };

  /**
   * Cloud saves (D76): this player's key-value store for this game. Keys are 1 to 128 characters, values are
   * strings (use JSON.stringify for objects); at most 1 MiB per player and game unless the site says
   * otherwise. Signed in, the data follows the player to any device; as a guest it stays in this browser and
   * moves to the account when they sign in. Reads are answered from a copy loaded at init, writes are sent
   * to the server at most once a second, so calls are fast and may be made often.
   */
  data: {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, value: string): Promise<void>;
    removeItem(key: string): Promise<void>;
    clear(): Promise<void>;
    keys(): Promise<string[]>;
  };

  achievements: {
    /**
     * Unlocks one of the game's achievements (declared in its game.json or by the site's admins) for the
     * signed-in player, during a round (between gameplay.start() and the round's end). Unlocking one the
     * player already has resolves with `{unlocked: false}`; a guest's unlock resolves with
     * `{unlocked: false}` and is not kept.
     */
    unlock(key: string): Promise<{ unlocked: boolean }>;
  };

  /**
   * Events from the page: "pause" (the page is hidden or a dialog covers the game: stop the game loop and
   * sound), "resume", "mute" (payload `{muted: boolean}`), "settings" (payload: ArcadiumSettings, whenever
   * one changes). Returns a function that removes the listener.
   */
  on(event: "pause" | "resume", listener: () => void): () => void;
  on(event: "mute", listener: (payload: { muted: boolean }) => void): () => void;
  on(event: "settings", listener: (payload: ArcadiumSettings) => void): () => void;

  /** A custom analytics event, e.g. track("level_complete", {level: 3}). Names up to 64 characters. */
  track(name: string, props?: Record<string, string | number | boolean | null>): Promise<void>;
}
