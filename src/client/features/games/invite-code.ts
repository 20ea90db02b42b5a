import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from "@contract/rooms-constants";

const CODE = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

/** D122: the room code of an invite link (`/game/{id}?room={code}`), as the contract writes codes; null without a valid one. */
export function inviteCodeFrom(search: string): string | null {
  const code = new URLSearchParams(search).get("room")?.trim().toUpperCase();
  return code && CODE.test(code) ? code : null;
}
