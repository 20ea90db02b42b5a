import {
  INVITE_KEY_PATTERN as INVITE_KEY,
  INVITE_PARAMS_MAX,
  INVITE_VALUE_PATTERN as INVITE_VALUE,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
} from "@contract/rooms-constants";

const CODE = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

/** D122: the room code of an invite link (`/game/{id}?room={code}`), as the contract writes codes; null without a valid one. */
export function inviteCodeFrom(search: string): string | null {
  const code = new URLSearchParams(search).get("room")?.trim().toUpperCase();
  return code && CODE.test(code) ? code : null;
}

export { INVITE_PARAMS_MAX };

export type InviteParams = Record<string, string>;

/** The first INVITE_PARAMS_MAX pairs that pass the bounds; a repeated key keeps its first value. Null without any. */
function boundedParams(entries: Iterable<[string, unknown]>): InviteParams | null {
  const params = new Map<string, string>();
  for (const [key, value] of entries) {
    if (params.size >= INVITE_PARAMS_MAX) break;
    if (typeof value === "string" && INVITE_KEY.test(key) && INVITE_VALUE.test(value) && !params.has(key))
      params.set(key, value);
  }
  // fromEntries defines own properties: a key such as __proto__ stays a plain key
  return params.size > 0 ? Object.fromEntries(params) : null;
}

/**
 * D122: the parameters of an invite link the page was opened with, for a game made for another portal
 * (CrazyGames' getInviteParam, Poki's getURLParam). Untrusted input from an address anyone can write: only short
 * keys and values of a plain charset pass, at most INVITE_PARAMS_MAX of them; anything else is dropped.
 */
export function inviteParamsFrom(search: string): InviteParams | null {
  return boundedParams(new URLSearchParams(search));
}

/** A room of the game's own servers the player is in (CrazyGames' updateRoom), as the game told the page. */
export type OwnRoom = { id: string; joinable: boolean; inviteParams: InviteParams | null };

/** D122: what a game says of its own room (rooms.setOwnRoom), checked as an invite link's parameters are; null when not usable. */
export function ownRoomFrom(value: unknown): OwnRoom | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, joinable, inviteParams } = value as Record<string, unknown>;
  if (typeof id !== "string" || !INVITE_VALUE.test(id) || typeof joinable !== "boolean") return null;
  const params =
    typeof inviteParams === "object" && inviteParams !== null ? boundedParams(Object.entries(inviteParams)) : null;
  return { id, joinable, inviteParams: params };
}

/**
 * D122: the params of a game's "Invite" button (rooms.showInviteButton), checked strictly: every pair within the
 * bounds of an invite link's, or the whole call is refused (undefined). Null for none.
 */
export function inviteButtonParamsFrom(value: unknown): InviteParams | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length > INVITE_PARAMS_MAX) return undefined;
  const params = boundedParams(entries);
  return (params ? Object.keys(params).length : 0) === entries.length ? params : undefined;
}
