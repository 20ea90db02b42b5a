/**
 * Host side of SDK v2 (D75, sdk/v2.js, sdk/v2.d.ts): the requests a game frame posts to the game page, read
 * and checked here before the page acts on them, and the replies and events the page posts back.
 * Pure functions, unit-tested without a browser (sdk-v2.test.ts).
 *
 *   game → page  {v: 2, id, type, payload}
 *   page → game  {v: 2, id, ok: true, result} | {v: 2, id, ok: false, error: {code, message}}
 *   page → game  {v: 2, event, payload}
 *
 * Whether a message comes from the page's own frame and the games origin is checked by
 * isTrustedGameMessage (sdk-v1-host.ts), as for v1.
 */
import { AD_BREAK_TYPES, type AdBreakType } from "@contract/ads-constants";
import type { RoomEvent, RoomSnapshot } from "@contract/rooms";
import type { RoomErrorCode } from "@contract/rooms-constants";
import { CLOUD_SAVE_LIMITS } from "@contract/saves-constants";
import { inviteButtonParamsFrom, ownRoomFrom, type InviteParams, type OwnRoom } from "./invite-code";
import { MAX_SDK_SCORE } from "./sdk-v1-host";

/** D76: keys of 1 to 128 characters (the server's limit). */
export const MAX_SAVE_KEY_LENGTH = CLOUD_SAVE_LIMITS.keyChars;
/** D78: achievement keys. */
export const ACHIEVEMENT_KEY = /^[a-z0-9_-]{1,64}$/;
export const MAX_TRACK_NAME_LENGTH = 64;
/** A request id, as sdk/v2.js makes them (and a bound on what the page echoes back). */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type SdkV2Request =
  | { type: "init" }
  | { type: "gameplay.start" }
  | { type: "gameplay.stop" }
  | { type: "loading.progress"; progress: number }
  | { type: "loading.done" }
  | { type: "happytime" }
  | { type: "score.submit"; score: number; won: boolean | null }
  | { type: "data.getItem"; key: string }
  | { type: "data.setItem"; key: string; value: string }
  | { type: "data.removeItem"; key: string }
  | { type: "data.clear" }
  | { type: "data.keys" }
  | { type: "achievements.unlock"; key: string }
  | { type: "track"; name: string; props: Record<string, string | number | boolean | null> }
  | { type: "ownRoom.set"; room: OwnRoom | null }
  | { type: "inviteButton.show"; params: InviteParams | null }
  | { type: "inviteButton.hide" }
  | AdsSdkRequest
  | AdFrameReport
  | RoomsSdkRequest;

/** D151: an ad break or a rewarded ad, answered by the page's ads (components/game-player/use-ads.tsx). */
export type AdsSdkRequest = { type: "ads.break"; placement: AdBreakType } | { type: "ads.reward" };

/**
 * D152: what an ad running in the game frame (Google H5 Games Ads) did: `id` is the game's ads.break/ads.reward call
 * it answers, `breakStatus` Google's placementInfo.breakStatus once it is done.
 */
export type AdFrameReport = {
  type: "ads.frame";
  id: string;
  stage: "before" | "after" | "done";
  breakStatus: string;
};
const AD_FRAME_STAGES = ["before", "after", "done"] as const;

/** The room calls the page relays (D120, room-relay.ts): `room` is the contract's RoomRequest, checked by the server. */
export type RoomsSdkRequest =
  | { type: "rooms"; instance: string; room: { type: RoomRequestType } & Record<string, unknown> }
  | { type: "rooms.unload"; instance: string };

export const ROOM_REQUEST_TYPES = [
  "create",
  "join",
  "quickJoin",
  "list",
  "send",
  "setState",
  "leave",
  "kick",
  "setJoinable",
] as const;
export type RoomRequestType = (typeof ROOM_REQUEST_TYPES)[number];
/** A document's name in a frame, as sdk/v2.js makes it. */
const ROOM_INSTANCE = /^[A-Za-z0-9_-]{1,64}$/;

/** The error codes of sdk/v2.d.ts's ArcadiumError. */
export type SdkV2ErrorCode =
  "timeout" | "not_in_frame" | "invalid" | "quota" | "no_play" | "unknown_achievement" | "unavailable" | RoomErrorCode;

export class SdkV2Error extends Error {
  constructor(
    readonly code: SdkV2ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SdkV2Error";
  }
}

export type SdkV2Envelope = { id: string; request: SdkV2Request } | { id: string; invalid: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isSaveKey = (key: unknown): key is string =>
  typeof key === "string" && key.length >= 1 && key.length <= MAX_SAVE_KEY_LENGTH;

/**
 * Reads one v2 request. null when it is not one at all (another version, no usable id): the page ignores it.
 * `{id, invalid}` when it has an id but a bad type or payload: the page answers that id with an "invalid" error.
 */
export function parseSdkV2Request(data: unknown): SdkV2Envelope | null {
  if (!isRecord(data) || data.v !== 2 || typeof data.id !== "string" || !REQUEST_ID.test(data.id)) return null;
  const id = data.id;
  const payload = data.payload === undefined ? {} : data.payload;
  const bad = (why: string): SdkV2Envelope => ({ id, invalid: why });
  if (!isRecord(payload)) return bad("the payload must be an object");
  switch (data.type) {
    case "init":
    case "gameplay.start":
    case "gameplay.stop":
    case "loading.done":
    case "happytime":
    case "data.clear":
    case "data.keys":
      return { id, request: { type: data.type } };
    case "loading.progress": {
      const p = payload.progress;
      if (typeof p !== "number" || !Number.isFinite(p) || p < 0 || p > 1)
        return bad("progress must be a number from 0 to 1");
      return { id, request: { type: "loading.progress", progress: p } };
    }
    case "score.submit": {
      const { score, won } = payload;
      if (typeof score !== "number" || !Number.isInteger(score) || score < 0 || score > MAX_SDK_SCORE)
        return bad(`score must be an integer from 0 to ${MAX_SDK_SCORE}`);
      if (won !== undefined && won !== null && typeof won !== "boolean") return bad("won must be true, false or null");
      return { id, request: { type: "score.submit", score, won: won ?? null } };
    }
    case "data.getItem":
    case "data.removeItem":
      if (!isSaveKey(payload.key)) return bad(`the key must be a string of 1 to ${MAX_SAVE_KEY_LENGTH} characters`);
      return { id, request: { type: data.type, key: payload.key } };
    case "data.setItem":
      if (!isSaveKey(payload.key)) return bad(`the key must be a string of 1 to ${MAX_SAVE_KEY_LENGTH} characters`);
      if (typeof payload.value !== "string") return bad("the value must be a string");
      return { id, request: { type: "data.setItem", key: payload.key, value: payload.value } };
    case "achievements.unlock":
      if (typeof payload.key !== "string" || !ACHIEVEMENT_KEY.test(payload.key))
        return bad("the key must be 1 to 64 of a-z, 0-9, _ and -");
      return { id, request: { type: "achievements.unlock", key: payload.key } };
    case "track": {
      const { name, props } = payload;
      if (typeof name !== "string" || name.length < 1 || name.length > MAX_TRACK_NAME_LENGTH)
        return bad(`the name must be a string of 1 to ${MAX_TRACK_NAME_LENGTH} characters`);
      const clean: Record<string, string | number | boolean | null> = {};
      if (isRecord(props))
        for (const [k, v] of Object.entries(props).slice(0, 50))
          if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
            clean[k.slice(0, 64)] = v;
      return { id, request: { type: "track", name, props: clean } };
    }
    case "ads.break": {
      const placement = payload.placement;
      if (typeof placement !== "string" || !(AD_BREAK_TYPES as readonly string[]).includes(placement))
        return bad(`the placement must be one of ${AD_BREAK_TYPES.join(", ")}`);
      return { id, request: { type: "ads.break", placement: placement as AdBreakType } };
    }
    case "ads.reward":
      return { id, request: { type: "ads.reward" } };
    case "ads.frame": {
      const { id: call, stage, breakStatus } = payload;
      if (typeof call !== "string" || !REQUEST_ID.test(call)) return bad("the id must be the ad call's id");
      if (typeof stage !== "string" || !(AD_FRAME_STAGES as readonly string[]).includes(stage))
        return bad(`the stage must be one of ${AD_FRAME_STAGES.join(", ")}`);
      if (typeof breakStatus !== "string" || breakStatus.length > 32) return bad("breakStatus must be a short string");
      return {
        id,
        request: { type: "ads.frame", id: call, stage: stage as AdFrameReport["stage"], breakStatus },
      };
    }
    case "ownRoom.set": {
      if (payload.room === null) return { id, request: { type: "ownRoom.set", room: null } };
      const room = ownRoomFrom(payload.room);
      if (!room) return bad("the room must be {id: 1 to 64 of A-Z a-z 0-9 _ . ~ -, joinable: boolean} or null");
      return { id, request: { type: "ownRoom.set", room } };
    }
    case "inviteButton.show": {
      const params = inviteButtonParamsFrom(payload.params);
      if (params === undefined)
        return bad(
          "the params must be at most 8 keys of A-Z a-z 0-9 _ - with values of A-Z a-z 0-9 _ . ~ - (up to 64)",
        );
      return { id, request: { type: "inviteButton.show", params } };
    }
    case "inviteButton.hide":
      return { id, request: { type: "inviteButton.hide" } };
    default:
      if (typeof data.type === "string" && data.type.startsWith("rooms.")) return parseRoomCall(id, data.type, payload);
      return bad(`unknown call ${typeof data.type === "string" ? data.type.slice(0, 64) : ""}`.trim());
  }
}

/** A room call: its payload is the request's fields and the document's `instance`; the server checks the rest. */
function parseRoomCall(id: string, type: string, payload: Record<string, unknown>): SdkV2Envelope {
  const { instance, ...fields } = payload;
  if (typeof instance !== "string" || !ROOM_INSTANCE.test(instance))
    return { id, invalid: "a room call needs the SDK's instance" };
  const name = type.slice("rooms.".length);
  if (name === "unload") return { id, request: { type: "rooms.unload", instance } };
  if (!(ROOM_REQUEST_TYPES as readonly string[]).includes(name))
    return { id, invalid: `unknown call ${type.slice(0, 64)}` };
  return { id, request: { type: "rooms", instance, room: { ...fields, type: name as RoomRequestType } } };
}

export type SdkV2Reply =
  | { v: 2; id: string; ok: true; result: unknown }
  | { v: 2; id: string; ok: false; error: { code: SdkV2ErrorCode; message: string } };

export function okReply(id: string, result: unknown): SdkV2Reply {
  return { v: 2, id, ok: true, result: result ?? null };
}

export function errorReply(id: string, error: unknown): SdkV2Reply {
  if (error instanceof SdkV2Error) return { v: 2, id, ok: false, error: { code: error.code, message: error.message } };
  return {
    v: 2,
    id,
    ok: false,
    error: { code: "unavailable", message: "Arcadium could not complete the call; try again later" },
  };
}

/** The player's settings as the game sees them (sdk/v2.d.ts ArcadiumSettings). */
export type GameSettings = { muted: boolean; locale: string; reducedMotion: boolean };

export type SdkV2Event =
  | { v: 2; event: "pause" | "resume"; payload: Record<string, never> }
  | { v: 2; event: "mute"; payload: { muted: boolean } }
  | { v: 2; event: "settings"; payload: GameSettings }
  | { v: 2; event: "room"; payload: RoomRelayEvent }
  | { v: 2; event: "invite"; payload: InviteEventPayload }
  | { v: 2; event: "adstart"; payload: { id: string } }
  | { v: 2; event: "adframe"; payload: AdFramePayload };

/** D152: an ad the game frame runs itself (sdk/v2.js onAdFrame): Google's tag settings and the break's type. */
export type AdFramePayload = {
  id: string;
  provider: "google";
  type: AdBreakType | "reward";
  name: string;
  clientId: string;
  frequencyHint: string;
  testMode: boolean;
  muted: boolean;
};

/** D122: the player followed another invite link to this game while it is open. */
export type InviteEventPayload = { inviteCode: string | null; inviteParams: InviteParams | null };

/**
 * What the page passes on about rooms: the server's events, a snapshot after it took the seat back on a new
 * connection (room-relay.ts), and `closed: lost` when it could not.
 */
export type RoomRelayEvent =
  RoomEvent | { type: "snapshot"; room: RoomSnapshot } | { type: "closed"; roomId: string; reason: "lost" };

export const pauseEvent = (paused: boolean): SdkV2Event => ({ v: 2, event: paused ? "pause" : "resume", payload: {} });
export const muteEvent = (muted: boolean): SdkV2Event => ({ v: 2, event: "mute", payload: { muted } });
export const settingsEvent = (settings: GameSettings): SdkV2Event => ({ v: 2, event: "settings", payload: settings });
export const inviteEvent = (payload: InviteEventPayload): SdkV2Event => ({ v: 2, event: "invite", payload });
/** D151: the ad the game asked for with request `id` has begun (its onStart). */
export const adStartEvent = (id: string): SdkV2Event => ({ v: 2, event: "adstart", payload: { id } });
export const adFrameEvent = (payload: AdFramePayload): SdkV2Event => ({ v: 2, event: "adframe", payload });
