import { useEffect, useRef } from "react";
import type { InviteParams } from "../../invite-code";
import { inviteEvent, type SdkV2Event } from "../../sdk-v2";

/**
 * D122: a player who follows another invite link to this game while it runs (the page's address changes, the frame
 * stays) is told to the game as an "invite" event; a game that starts later reads the invite at init() instead.
 */
export function useInviteEvents(
  active: boolean,
  postToGame: (message: SdkV2Event) => void,
  inviteCode: string | null,
  inviteParams: InviteParams | null,
) {
  const told = useRef({ inviteCode, inviteParams });
  useEffect(() => {
    const last = told.current;
    if (last.inviteCode === inviteCode && last.inviteParams === inviteParams) return;
    told.current = { inviteCode, inviteParams };
    if (active && (inviteCode !== null || inviteParams !== null)) postToGame(inviteEvent({ inviteCode, inviteParams }));
  }, [active, postToGame, inviteCode, inviteParams]);
}
