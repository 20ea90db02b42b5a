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
  /** the room code of an invite link (`/game/{id}?room={code}`), when the player came by one; also `Arcadium.rooms.inviteCode` */
  inviteCode?: string;
  /**
   * the parameters of the invite link the player came by (`/game/{id}?room=ABC234&level=2`), when it had any:
   * at most 8, keys of 1 to 32 of `A-Z a-z 0-9 _ -`, values of 1 to 64 of `A-Z a-z 0-9 _ . ~ -`; others are
   * dropped. The portal adapters read them (CrazyGames' getInviteParam, Poki's getURLParam).
   */
  inviteParams?: Record<string, string>;
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
 * and for rooms (the message says what to tell the player):
 * - "game_unavailable": this game cannot be played in rooms just now
 * - "not_found": no open room has that code
 * - "full", "not_joinable": the room has no free seat, or its host closed it to new players
 * - "kicked": the host removed this player from the room
 * - "not_in_room": this player has no seat in the room (any more)
 * - "not_host": only the host may kick or set joinable
 * - "player_not_found", "not_connected": send({to}) names nobody in the room, or a player dropped just now
 * - "friends_only", "guests_not_allowed", "school_mode": a friends room is only for friends of everyone in it and
 *   never for guests; in school mode rooms are only among friends
 * - "too_many_rooms": a player sits in at most 5 rooms at once
 * - "message_too_large", "state_too_large", "rate_limited": 16 KB a message, 64 KB of shared state, 30 messages a
 *   second
 * - "busy": try again in a moment
 */
export interface ArcadiumError extends Error {
  code:
    | "timeout"
    | "not_in_frame"
    | "invalid"
    | "quota"
    | "no_play"
    | "unknown_achievement"
    | "unavailable"
    | "game_unavailable"
    | "not_found"
    | "full"
    | "not_joinable"
    | "kicked"
    | "not_in_room"
    | "not_host"
    | "player_not_found"
    | "not_connected"
    | "friends_only"
    | "guests_not_allowed"
    | "school_mode"
    | "too_many_rooms"
    | "message_too_large"
    | "state_too_large"
    | "rate_limited"
    | "busy";
}

/** Any value JSON can hold: what rooms relay and keep. */
export type ArcadiumJson = string | number | boolean | null | ArcadiumJson[] | { [key: string]: ArcadiumJson };

/** A player in a room: only what other players may see (D124). */
export interface ArcadiumRoomPlayer {
  /** stable in this room (and across a reload): use it with send({to}) and kick() */
  id: string;
  /** the player's name, or a guest name */
  name: string;
  avatarUrl: string | null;
  /** false while the player is away (they keep their seat 30 s; in a turn-based room for as long as it is kept) */
  connected: boolean;
  host: boolean;
}

/** A public room in rooms.list(). */
export interface ArcadiumRoomListing {
  id: string;
  code: string;
  /** how many players sit in it */
  players: number;
  maxPlayers: number;
  turnBased: boolean;
  metadata: Record<string, ArcadiumJson>;
}

/** The events of a room; each listener gets the event object, `type` and `roomId` included. */
export interface ArcadiumRoomEvents {
  join: { type: "join"; roomId: string; player: ArcadiumRoomPlayer };
  /** "timeout": they were away longer than their seat waits (30 s) */
  leave: { type: "leave"; roomId: string; playerId: string; reason: "left" | "kicked" | "timeout" };
  drop: { type: "drop"; roomId: string; playerId: string };
  reconnect: { type: "reconnect"; roomId: string; playerId: string };
  /** stamped by Arcadium: who sent it, its place in the room's order (`seq`) and when (ms since 1970) */
  message: { type: "message"; roomId: string; from: string; seq: number; at: number; data: ArcadiumJson };
  /**
   * Another player changed the shared state (`value` null: the key was removed). Your own setState does not come
   * back as an event. After a reconnect, what changed while you were away comes with `from` and `at` null.
   */
  state: {
    type: "state";
    roomId: string;
    from: string | null;
    seq: number;
    at: number | null;
    key: string;
    value: ArcadiumJson;
  };
  host: { type: "host"; roomId: string; playerId: string };
  joinable: { type: "joinable"; roomId: string; joinable: boolean };
  /**
   * The room ended for this player: "empty", "expired" (a turn-based room kept 7 days without play), "kicked",
   * "replaced" (the same player took the seat in another tab), "home_gone" (Arcadium restarted during a real-time
   * game), "school_mode" (the site switched school mode on: only friends rooms stay) or "lost" (after a reconnect
   * the seat could not be taken back).
   */
  closed: {
    type: "closed";
    roomId: string;
    reason: "empty" | "expired" | "kicked" | "replaced" | "home_gone" | "school_mode" | "lost";
  };
}

/**
 * A room this player sits in (D120). Its fields follow the room's events; `players` and `state` are copies (change
 * them through the methods). Events from other players arrive in the room's order. Your own actions are not echoed
 * as events: their promise resolving is the sign that they happened.
 */
export interface ArcadiumRoom {
  readonly id: string;
  /** 6 letters and digits: what players type, and what an invite link carries */
  readonly code: string;
  /** this player's id in the room (see players) */
  readonly me: string;
  readonly players: ArcadiumRoomPlayer[];
  /**
   * The shared state, kept by Arcadium (64 KB in all). In a turn-based room the key `turn` holds the id of the player
   * who moves next (or null): a signed-in player away from the room is notified that it is their turn.
   */
  readonly state: Record<string, ArcadiumJson> & { turn?: string | null };
  readonly maxPlayers: number;
  readonly visibility: "private" | "friends" | "public";
  readonly turnBased: boolean;
  readonly metadata: Record<string, ArcadiumJson>;
  /** whether new players may join */
  readonly joinable: boolean;
  /** true once this player left or the room closed for them */
  readonly closed: boolean;

  /** Relays `data` (16 KB as JSON at most) to every other player, or to one with `{to: playerId}`. */
  send(data: ArcadiumJson, options?: { to?: string }): Promise<void>;
  /** Sets one key of the shared state (null removes it); the others get a "state" event. */
  setState(key: string, value: ArcadiumJson): Promise<void>;
  /** Gives up the seat at once (a closed tab keeps it 30 s). */
  leave(): Promise<void>;
  /** Host only: removes a player, who may not come back. */
  kick(playerId: string): Promise<void>;
  /** Host only: whether new players may join (list() and quickJoin() find only joinable rooms). */
  setJoinable(joinable: boolean): Promise<void>;
  /** Listens to one of the room's events; returns a function that removes the listener. */
  on<E extends keyof ArcadiumRoomEvents>(event: E, listener: (event: ArcadiumRoomEvents[E]) => void): () => void;
  off<E extends keyof ArcadiumRoomEvents>(event: E, listener: (event: ArcadiumRoomEvents[E]) => void): void;
}

export interface ArcadiumRoomOptions {
  /** 2 to 16 */
  maxPlayers: number;
  /** "private": only by code or invite link; "friends": only friends of everyone in it (signed-in players); "public": also in list() and quickJoin() */
  visibility: "private" | "friends" | "public";
  /** the room and its state are kept 7 days while nobody is connected, and seats wait for their players */
  turnBased?: boolean;
  /** what list() shows and quickJoin()'s filter matches (1 KB as JSON) */
  metadata?: Record<string, ArcadiumJson>;
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
   * Rooms (D120): play with other people. Only inside the Arcadium game page (elsewhere the calls reject with
   * "not_in_frame"). Who plays comes from the page's session, never from the game; guests play under a guest name.
   */
  rooms: {
    /** Creates a room with this player as host. */
    create(options: ArcadiumRoomOptions): Promise<ArcadiumRoom>;
    /** Takes a seat by code (case and spaces forgiven), or takes this player's seat back after a reload. */
    join(code: string): Promise<ArcadiumRoom>;
    /** A seat in the fullest public joinable room of this game whose metadata holds the filter's values; null when there is none. */
    quickJoin(filter?: Record<string, string | number | boolean | null>): Promise<ArcadiumRoom | null>;
    /** This game's public joinable rooms with a free seat, newest first (at most 50). */
    list(): Promise<ArcadiumRoomListing[]>;
    /**
     * The room code of the invite link the player came by (`/game/{id}?room={code}`), or null: known once init()
     * has resolved (and follows an "invite" event). Join it to play with whoever invited them.
     */
    readonly inviteCode: string | null;
    /**
     * For a game that runs its own multiplayer servers (D122): tells the page which room of yours the player is in
     * (`id`: 1 to 64 of `A-Z a-z 0-9 _ . ~ -`), whether friends may join it, and the invite link's parameters that
     * lead into it (bounded as ArcadiumInit.inviteParams); null once they left it. While the room is joinable, the
     * player's friends see "Playing {game}" with Join on their friends list, into the game with those parameters.
     * Arcadium's own rooms need no call.
     */
    setOwnRoom(room: { id: string; joinable: boolean; inviteParams?: Record<string, string> } | null): Promise<void>;
    /**
     * For a game that runs its own multiplayer servers (D122): shows an "Invite" button beside the game that copies
     * an invite link to the game's page carrying `params` (bounded as ArcadiumInit.inviteParams; the page builds the
     * link). Called again, the button carries the new params. Rejects with "invalid" for params out of bounds.
     */
    showInviteButton(params?: Record<string, string> | null): Promise<void>;
    /** Removes the "Invite" button; leaving the game removes it too. */
    hideInviteButton(): Promise<void>;
  };

  /**
   * Ads (D151). Ask at natural breaks; the site decides whether one is shown (never in school mode, not in a
   * session's first minute, not more often than every two minutes by default). While an ad shows the page pauses
   * and mutes the game ("pause"/"mute" events) and resumes it after. Both calls never reject and always settle
   * within 30 s, whatever happens: do not wait on them for anything but the ad.
   */
  ads: {
    /**
     * An ad break at `type` (default "next"): "preroll" before the game starts, "start" before gameplay, "pause"
     * when the player pauses, "next" between levels, "browse" while the player looks at something else (a menu).
     * Resolves with whether one was shown and why not (`reason`: "shown", "school_mode", "game_off", "too_soon",
     * "frequency", "no_provider", "no_fill", "timeout", "error", "not_in_frame" or "invalid"). `onStart` is called
     * when an ad begins.
     */
    break(type?: ArcadiumAdBreakType, options?: { onStart?: () => void }): Promise<{ shown: boolean; reason: string }>;
    /**
     * A rewarded ad the player asked for. `granted: true` when the player earned the reward: the ad was watched
     * (an image for 5 s, a video to its end), or no ad could be shown and the site grants rewards then (a
     * setting; the default). Give the reward only when granted.
     */
    reward(options?: { onStart?: () => void }): Promise<{ granted: boolean }>;
  };

  /**
   * Events from the page: "pause" (the page is hidden or a dialog covers the game: stop the game loop and
   * sound), "resume", "mute" (payload `{muted: boolean}`), "settings" (payload: ArcadiumSettings, whenever
   * one changes), "invite" (the player followed another invite link to this game while it runs: payload
   * `{inviteCode, inviteParams}`, each null when the link had none; `rooms.inviteCode` follows it). Returns a
   * function that removes the listener.
   */
  on(event: "pause" | "resume", listener: () => void): () => void;
  on(event: "mute", listener: (payload: { muted: boolean }) => void): () => void;
  on(event: "settings", listener: (payload: ArcadiumSettings) => void): () => void;
  on(
    event: "invite",
    listener: (payload: { inviteCode: string | null; inviteParams: Record<string, string> | null }) => void,
  ): () => void;

  /** A custom analytics event, e.g. track("level_complete", {level: 3}). Names up to 64 characters. */
  track(name: string, props?: Record<string, string | number | boolean | null>): Promise<void>;
}

/** D151: the moments a game may ask for an ad break. */
type ArcadiumAdBreakType = "preroll" | "start" | "pause" | "next" | "browse";
