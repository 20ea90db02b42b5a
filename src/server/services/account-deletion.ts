import { and, eq, inArray, isNotNull, isNull, like, lte, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DELETED_PLAYER_NAME, DELETION_GRACE_DAYS } from "../../contract/me-constants";
import type { Db } from "../db/client";
import {
  achievementsTable,
  bestScoresTable,
  heldScoresTable,
  directMessagesTable,
  reportsTable,
  accountUndoTokensTable,
  auditLogTable,
  creatorApplicationsTable,
  emailTokensTable,
  favoritesTable,
  friendRequestsTable,
  friendshipsTable,
  gameBuildsTable,
  gameCreatorsTable,
  gameSavesTable,
  gamePlayerAliasesTable,
  notificationsTable,
  playerGameAchievementsTable,
  playerGamesTable,
  playerStatsTable,
  playsTable,
  presenceTable,
  scoresTable,
  sessionsTable,
  staffRecoveryCodesTable,
  staffTwoStepTable,
  userBlocksTable,
  usersTable,
} from "../db/schema";
import { NotFound } from "../errors";
import { removeAvatarFile } from "./account-settings";
import type { FileStore } from "./file-store";
import { removeProfileCard } from "./og-cards";
import { sessionsChanged } from "./session-cache";

export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;

/**
 * D87: the name reviews and chat show for an anonymised account. The stored username becomes `deleted-{id}`
 * (unique, and a name nobody can register: D11 allows letters, digits and _ only); reads show this instead.
 */
export const displayNameSql = sql<string>`case when ${usersTable.deletedAt} is not null then ${DELETED_PLAYER_NAME} else ${usersTable.username} end`;

/** D87: DELETE /api/me → the account is anonymised after the grace unless the player signs in before. Asking again keeps the first date. */
export async function requestAccountDeletion(db: Db, userId: number, now = new Date()): Promise<Date> {
  const [row] = await db
    .update(usersTable)
    .set({
      deleteAfter: sql`coalesce(${usersTable.deleteAfter}, ${new Date(now.getTime() + DELETION_GRACE_MS).toISOString()}::timestamptz)`,
    })
    .where(and(eq(usersTable.id, userId), isNull(usersTable.deletedAt)))
    .returning({ deleteAfter: usersTable.deleteAfter });
  if (!row?.deleteAfter) throw new NotFound("User not found");
  return row.deleteAfter;
}

/** D87: POST /api/me/delete/cancel (signing in does the same, services/sessions.ts createSession). */
export async function cancelAccountDeletion(db: Db, userId: number): Promise<void> {
  await db
    .update(usersTable)
    .set({ deleteAfter: null })
    .where(and(eq(usersTable.id, userId), isNull(usersTable.deletedAt)));
}

/**
 * D87: anonymises one account whose grace has passed, in one transaction. Reviews and chat messages stay
 * (shown as "Deleted player"); plays stay without their player, as anonymous plays (issue 17: kept as rows for
 * ANONYMOUS_PLAY_RETENTION_DAYS, then as per-day counts, services/play-retention.ts); everything
 * else personal is deleted or erased. Returns the avatar to remove, or undefined when the account was not due
 * or another process is handling it (`skip locked`: safe with several processes).
 */
async function anonymiseAccount(db: Db, userId: number, now: Date): Promise<{ avatarUrl: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: usersTable.id, username: usersTable.username, avatarUrl: usersTable.avatarUrl })
      .from(usersTable)
      .where(
        and(
          eq(usersTable.id, userId),
          isNull(usersTable.deletedAt),
          isNotNull(usersTable.deleteAfter),
          lte(usersTable.deleteAfter, now),
        ),
      )
      .for("update", { skipLocked: true });
    if (!user) return undefined;
    const mine = (column: AnyPgColumn) => eq(column, userId);
    await tx.delete(sessionsTable).where(mine(sessionsTable.userId));
    // Scores leave the boards (best scores and totals with them).
    await tx.delete(bestScoresTable).where(mine(bestScoresTable.userId));
    await tx.delete(scoresTable).where(mine(scoresTable.userId));
    await tx.delete(heldScoresTable).where(mine(heldScoresTable.userId));
    await tx.delete(playerStatsTable).where(mine(playerStatsTable.userId));
    await tx.delete(achievementsTable).where(mine(achievementsTable.userId));
    await tx.delete(playerGameAchievementsTable).where(mine(playerGameAchievementsTable.userId));
    await tx.update(playsTable).set({ userId: null }).where(mine(playsTable.userId));
    await tx.delete(gameSavesTable).where(mine(gameSavesTable.userId));
    await tx.delete(gamePlayerAliasesTable).where(mine(gamePlayerAliasesTable.userId));
    await tx.delete(favoritesTable).where(mine(favoritesTable.userId));
    await tx.delete(playerGamesTable).where(mine(playerGamesTable.userId));
    await tx.delete(friendshipsTable).where(or(mine(friendshipsTable.userId), mine(friendshipsTable.friendId)));
    await tx
      .delete(friendRequestsTable)
      .where(or(mine(friendRequestsTable.fromUserId), mine(friendRequestsTable.toUserId)));
    await tx.delete(userBlocksTable).where(or(mine(userBlocksTable.blockerId), mine(userBlocksTable.blockedId)));
    await tx.delete(presenceTable).where(mine(presenceTable.userId));
    await tx.delete(emailTokensTable).where(mine(emailTokensTable.userId));
    await tx.delete(accountUndoTokensTable).where(mine(accountUndoTokensTable.userId));
    await tx.delete(staffTwoStepTable).where(mine(staffTwoStepTable.userId));
    await tx.delete(staffRecoveryCodesTable).where(mine(staffRecoveryCodesTable.userId));
    await tx
      .delete(directMessagesTable)
      .where(or(mine(directMessagesTable.senderId), mine(directMessagesTable.recipientId)));
    // D97: the reports they sent; reports of their profile and messages (both gone, and a profile report holds the name).
    // Reports of their chat messages and reviews stay: that content stays on the site, by "Deleted player".
    await tx
      .delete(reportsTable)
      .where(
        or(
          mine(reportsTable.reporterId),
          and(mine(reportsTable.targetUserId), inArray(reportsTable.kind, ["profile", "message"])),
        ),
      );
    // D130, D131: their applications and creator seats go; the games and builds stay the site's, by nobody
    await tx.delete(creatorApplicationsTable).where(mine(creatorApplicationsTable.userId));
    await tx.update(creatorApplicationsTable).set({ decidedBy: null }).where(mine(creatorApplicationsTable.decidedBy));
    await tx.delete(gameCreatorsTable).where(mine(gameCreatorsTable.userId));
    await tx.update(gameBuildsTable).set({ uploadedBy: null }).where(mine(gameBuildsTable.uploadedBy));
    // D133: the builds' reviews stay, by nobody
    await tx.update(gameBuildsTable).set({ submittedBy: null }).where(mine(gameBuildsTable.submittedBy));
    await tx.update(gameBuildsTable).set({ reviewedBy: null }).where(mine(gameBuildsTable.reviewedBy));
    await tx.update(gameBuildsTable).set({ publishedBy: null }).where(mine(gameBuildsTable.publishedBy));
    // Their own notifications, and other players' that they caused (services/notifications.ts keeps the cause as data.actorId).
    await tx
      .delete(notificationsTable)
      .where(or(mine(notificationsTable.userId), sql`(${notificationsTable.data} ->> 'actorId')::int = ${userId}`));
    // D99 keeps the audit log a year, but their entries no longer name them: the label goes, and the values of
    // their own account changes (D105: old and new addresses).
    await tx
      .update(auditLogTable)
      .set({ actorLabel: `deleted-${userId}` })
      .where(mine(auditLogTable.actorId));
    await tx
      .update(auditLogTable)
      .set({ before: null, after: null })
      .where(and(mine(auditLogTable.actorId), like(auditLogTable.action, "account.%")));
    await tx
      .update(usersTable)
      .set({
        username: `deleted-${userId}`,
        email: null,
        emailVerifiedAt: null,
        passwordHash: null,
        googleSub: null,
        avatarUrl: null,
        role: "player",
        profileVisibility: "private",
        presenceEnabled: false,
        notificationPrefs: {},
        deleteAfter: null,
        deletedAt: now,
      })
      .where(eq(usersTable.id, userId));
    return { avatarUrl: user.avatarUrl };
  });
}

/**
 * D87: the deletion job: anonymises every account whose grace has passed. Returns how many it anonymised;
 * the caller clears what caches boards and pages when that is more than none.
 */
export async function anonymiseDueAccounts(db: Db, opts: { now: Date; files: FileStore }): Promise<number> {
  const due = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(isNotNull(usersTable.deleteAfter), isNull(usersTable.deletedAt), lte(usersTable.deleteAfter, opts.now)))
    .limit(500);
  let done = 0;
  for (const { id } of due) {
    const result = await anonymiseAccount(db, id, opts.now);
    if (!result) continue;
    done++;
    sessionsChanged(db, { userIds: [id] });
    await removeAvatarFile(opts.files, result.avatarUrl);
    await removeProfileCard(opts.files, id);
  }
  return done;
}
