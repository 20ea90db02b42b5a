import { eq } from "drizzle-orm";
import { MUTE_LADDER_MS, MUTE_LADDER_RESET_MS, mutedMessage } from "../../contract/reports-constants";
import type { Db } from "../db/client";
import { usersTable } from "../db/schema";
import { Forbidden, Invalid, NotFound } from "../errors";
import type { PlayerHub } from "./player-hub";
import { updateUserAsAdmin } from "./users";

/**
 * D96: mutes and bans. A mute keeps a player from posting in chat, reviewing and sending direct messages until its
 * end (`assertNotMuted`, called by those three services); it climbs a ladder — 10 minutes, then 1 hour, then 24
 * hours for every later one — and a player not muted for 30 days (MUTE_LADDER_RESET_MS, counted from the end of the
 * last mute) starts again at 10 minutes. A ban is the account disabled (the Users screen's switch): its sessions end at once,
 * its live sockets close (the chat socket checks its session on the next event, services/sessions.ts
 * `sessionIsLive`), and the boards, profiles and notifications skip disabled accounts. Staff cannot be muted or
 * banned here (an admin demotes them first). No HTTP types here.
 */

export type MuteOutcome = {
  userId: number;
  mutedUntil: Date;
  step: number;
  before: { mutedUntil: Date | null; muteCount: number };
};

async function target(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: usersTable.id,
      role: usersTable.role,
      mutedUntil: usersTable.mutedUntil,
      muteCount: usersTable.muteCount,
      deletedAt: usersTable.deletedAt,
    })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  if (!user || user.deletedAt) throw new NotFound("User not found");
  return user;
}

/** D96: the next step of the ladder for a player with this history (1-based step and its length). */
export function nextMuteStep(
  history: { mutedUntil: Date | null; muteCount: number },
  now: Date,
): { step: number; durationMs: number } {
  const lapsed = !history.mutedUntil || now.getTime() - history.mutedUntil.getTime() > MUTE_LADDER_RESET_MS;
  const step = lapsed ? 1 : history.muteCount + 1;
  return { step, durationMs: MUTE_LADDER_MS[Math.min(step, MUTE_LADDER_MS.length) - 1] };
}

/** D96: mutes a player with the next step of the ladder; a mute still running is replaced by the longer one. */
export async function mutePlayer(db: Db, actorId: number, userId: number, now = new Date()): Promise<MuteOutcome> {
  if (actorId === userId) throw new Invalid("You cannot mute yourself");
  const user = await target(db, userId);
  if (user.role !== "player") throw new Forbidden("Moderators and admins cannot be muted");
  const { step, durationMs } = nextMuteStep(user, now);
  const mutedUntil = new Date(now.getTime() + durationMs);
  await db.update(usersTable).set({ mutedUntil, muteCount: step }).where(eq(usersTable.id, userId));
  return { userId, mutedUntil, step, before: { mutedUntil: user.mutedUntil, muteCount: user.muteCount } };
}

/** D96: ends a mute now (the ladder's count stays, so a next mute is still the next step). */
export async function unmutePlayer(db: Db, userId: number, now = new Date()): Promise<{ before: Date | null }> {
  const user = await target(db, userId);
  if (user.mutedUntil && user.mutedUntil > now)
    await db.update(usersTable).set({ mutedUntil: now }).where(eq(usersTable.id, userId));
  return { before: user.mutedUntil };
}

/** D96: 403 with the end time when the player is muted now (chat, reviews, direct messages). */
export async function assertNotMuted(db: Db, userId: number, now = new Date()): Promise<void> {
  const [user] = await db
    .select({ mutedUntil: usersTable.mutedUntil })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  if (user?.mutedUntil && user.mutedUntil > now) throw new Forbidden(mutedMessage(user.mutedUntil));
}

/** D96: bans a player (admins only, checked by the caller): the account is disabled and signed out everywhere. */
export async function banPlayer(
  deps: { db: Db; playerHub: PlayerHub },
  adminId: number,
  userId: number,
): Promise<{ changed: boolean }> {
  const user = await target(deps.db, userId);
  if (user.role !== "player") throw new Forbidden("Moderators and admins cannot be banned; change their role first");
  const { changed } = await updateUserAsAdmin(deps.db, adminId, userId, { disabled: true });
  await closeLiveSockets(deps.playerHub, userId);
  return { changed };
}

/** D96: a disabled account's live sockets close at once, on every process (routes/chat.ts). */
export async function closeLiveSockets(playerHub: PlayerHub, userId: number): Promise<void> {
  await playerHub.publish([userId], { type: "account-closed" });
}
