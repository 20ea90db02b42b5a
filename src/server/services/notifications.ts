import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ACHIEVEMENTS } from "../../contract/achievements";
import { formatScore, type ScoreFormat } from "../../contract/games-constants";
import type { NotificationItem, NotificationKind } from "../../contract/player-live";
import type { Db } from "../db/client";
import { gamesTable, notificationsTable, userBlocksTable, usersTable } from "../db/schema";
import type { PlayerHub } from "./player-hub";

/** D85: notifications are kept 90 days. */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
export const NOTIFICATIONS_PAGE = { default: 20, max: 100 } as const;

/** What a notification's text needs, stored as its `data`. */
export type NotificationData = { actorId?: number; gameId?: number; text?: string; link?: string };

export type NotifyDeps = { db: Db; playerHub: PlayerHub };

/**
 * D85: notifications. `notify` stores one for a player and sends it live to their pages on every process
 * (player-hub.ts), unless the player turned that kind off (users.notification_prefs) or a block stands
 * between the player and the one who caused it (a blocked player leaves no trace). Reading lists the last
 * 90 days, newest first, with the unread count; older ones are purged by `purgeOldNotifications`.
 * No HTTP types here (routes/notifications.ts).
 */
export async function notify(
  deps: NotifyDeps,
  userId: number,
  kind: NotificationKind,
  data: NotificationData = {},
  now = new Date(),
): Promise<NotificationItem | null> {
  const { db } = deps;
  const [recipient] = await db
    .select({ prefs: usersTable.notificationPrefs, deletedAt: usersTable.deletedAt })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  if (!recipient || recipient.deletedAt || recipient.prefs?.[kind] === false) return null;
  if (data.actorId !== undefined && (data.actorId === userId || (await blockedEitherWay(db, userId, data.actorId))))
    return null;
  const [row] = await db
    .insert(notificationsTable)
    .values({ userId, kind, data, createdAt: now })
    .returning({ id: notificationsTable.id });
  const [item] = await loadItems(db, userId, { ids: [row.id] }, now);
  const unread = await unreadCount(db, userId, now);
  if (item) await deps.playerHub.publish([userId], { type: "notification", notification: item, unread });
  return item ?? null;
}

/**
 * D85 "a friend beat your best score on a game": after `userId`'s new best `score` on the game (their best before
 * was `previousBest`, or none), every friend whose best lay between the two has just been overtaken: in
 * [previousBest, score) on a "more is better" game, in (score, previousBest] on a "less is better" one.
 */
export async function notifyScoreBeaten(
  deps: NotifyDeps,
  userId: number,
  gameId: number,
  previousBest: number | null,
  score: number,
  now = new Date(),
): Promise<number> {
  const rows = await deps.db.execute<{ user_id: number; score: number; format: ScoreFormat }>(sql`
    select b.user_id, b.score, g.score_format as format from best_scores b
    join friendships f on f.user_id = ${userId} and f.friend_id = b.user_id
    join games g on g.id = b.game_id
    where b.game_id = ${gameId} and (
      (g.score_order = 'desc' and b.score < ${score} and (${previousBest}::bigint is null or b.score >= ${previousBest}::bigint)) or
      (g.score_order = 'asc' and b.score > ${score} and (${previousBest}::bigint is null or b.score <= ${previousBest}::bigint)))`);
  let sent = 0;
  for (const row of rows.rows) {
    // a time is sent as it reads (1:02.345); points as a number, which the page formats
    const text = row.format === "time_ms" ? formatScore(score, "time_ms") : String(score);
    const item = await notify(
      deps,
      row.user_id,
      "score_beaten",
      { actorId: userId, gameId, text, link: `/game/${gameId}` },
      now,
    );
    if (item) sent++;
  }
  return sent;
}

/** D85 "achievement unlocked": one notification per unlocked achievement (the site's or a game's own). */
export async function notifyAchievements(
  deps: NotifyDeps,
  userId: number,
  titles: string[],
  gameId?: number,
  now = new Date(),
): Promise<void> {
  for (const title of titles) {
    await notify(
      deps,
      userId,
      "achievement",
      { text: title, ...(gameId ? { gameId, link: `/game/${gameId}` } : { link: `/profile/${userId}` }) },
      now,
    );
  }
}

/**
 * D85: what a score that reached the boards tells: the friends it overtook (on a new best) and the player's
 * achievement unlocks. For a score a moderator approved this runs at the approval: the score joins the boards
 * then, so the friends it passes are the ones passed on the boards as they stand then.
 */
export async function notifyRecordedScore(
  deps: NotifyDeps,
  userId: number,
  result: { gameId: number; personalBest: boolean; previousBest: number | null; score: number; unlocked: string[] },
  now = new Date(),
): Promise<void> {
  if (result.personalBest) await notifyScoreBeaten(deps, userId, result.gameId, result.previousBest, result.score, now);
  const titles = ACHIEVEMENTS.filter((a) => result.unlocked.includes(a.id)).map((a): string => a.title);
  await notifyAchievements(deps, userId, titles, undefined, now);
}

/** D108: a held score's staff alert is sent at most once per game and staff member in this long. */
export const HELD_SCORE_ALERT_EVERY_MS = 60 * 60 * 1000;
/** Where a held score's staff alert leads: the queue's "Held scores" tab. */
export const HELD_SCORES_LINK = "/cms/reports?status=scores";

/**
 * D108: tells moderators and admins that a score on the game waits for them, unless they were told of this game in the
 * last hour (a burst of held scores is one alert, not a flood). Answers how many were told.
 */
export async function notifyStaffOfHeldScore(deps: NotifyDeps, gameId: number, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - HELD_SCORE_ALERT_EVERY_MS).toISOString();
  const staff = await deps.db.execute<{ id: number }>(sql`
    select u.id from ${usersTable} u
    where u.role in ('moderator', 'admin') and u.deleted_at is null and u.disabled_at is null
      and not exists (
        select 1 from ${notificationsTable} n
        where n.user_id = u.id and n.kind = 'score_held' and (n.data ->> 'gameId')::int = ${gameId} and n.created_at > ${since}::timestamptz)`);
  let sent = 0;
  for (const { id } of staff.rows)
    if (await notify(deps, Number(id), "score_held", { gameId, link: HELD_SCORES_LINK }, now)) sent++;
  return sent;
}

/** D85: an announcement from the admins to every player who has not turned announcements off. Returns how many got it. */
export async function announce(
  deps: NotifyDeps,
  data: { text: string; link?: string },
  now = new Date(),
): Promise<number> {
  const stored: NotificationData = { text: data.text, ...(data.link ? { link: data.link } : {}) };
  const rows = await deps.db.execute<{ id: number }>(sql`
    insert into ${notificationsTable} (user_id, kind, data, created_at)
    select ${usersTable.id}, 'announcement', ${JSON.stringify(stored)}::jsonb, ${now.toISOString()}::timestamptz
    from ${usersTable}
    where ${usersTable.deletedAt} is null and ${usersTable.disabledAt} is null
      and coalesce((${usersTable.notificationPrefs} ->> 'announcement')::boolean, true)
    returning id`);
  await deps.playerHub.publish("everyone", { type: "notifications-changed" });
  return rows.rows.length;
}

/** D85: the newest notifications of the last 90 days (before `before`, an id, when paging back) and the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { limit?: number; before?: number } = {},
  now = new Date(),
): Promise<{ unread: number; items: NotificationItem[] }> {
  const [items, unread] = await Promise.all([
    loadItems(
      db,
      userId,
      { before: page.before, limit: Math.min(page.limit ?? NOTIFICATIONS_PAGE.default, NOTIFICATIONS_PAGE.max) },
      now,
    ),
    unreadCount(db, userId, now),
  ]);
  return { unread, items };
}

/** D85: marks some (or, without ids, all) of the player's notifications read; tells the player's other pages. */
export async function markNotificationsRead(
  deps: NotifyDeps,
  userId: number,
  ids: number[] | undefined,
  now = new Date(),
): Promise<number> {
  const mine = and(eq(notificationsTable.userId, userId), isNull(notificationsTable.readAt));
  await deps.db
    .update(notificationsTable)
    .set({ readAt: now })
    .where(ids ? and(mine, inArray(notificationsTable.id, ids.length ? ids : [-1])) : mine);
  await deps.playerHub.publish([userId], { type: "notifications-changed" });
  return unreadCount(deps.db, userId, now);
}

export async function unreadCount(db: Db, userId: number, now = new Date()): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notificationsTable)
    .where(
      and(
        eq(notificationsTable.userId, userId),
        isNull(notificationsTable.readAt),
        sql`${notificationsTable.createdAt} > ${cutoff(now).toISOString()}`,
      ),
    );
  return n;
}

/** D85: removes notifications older than 90 days (the server's housekeeping). */
export async function purgeOldNotifications(db: Db, now = new Date()): Promise<void> {
  await db.delete(notificationsTable).where(lt(notificationsTable.createdAt, cutoff(now)));
}

/** D84: removes what `blockedId` caused in `blockerId`'s notifications (a block leaves no trace). */
export async function forgetNotificationsFrom(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(notificationsTable)
    .where(
      and(
        eq(notificationsTable.userId, blockerId),
        sql`(${notificationsTable.data} ->> 'actorId')::int = ${blockedId}`,
      ),
    );
}

async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocksTable)
    .where(
      or(
        and(eq(userBlocksTable.blockerId, a), eq(userBlocksTable.blockedId, b)),
        and(eq(userBlocksTable.blockerId, b), eq(userBlocksTable.blockedId, a)),
      ),
    )
    .limit(1);
  return !!row;
}

function cutoff(now: Date): Date {
  return new Date(now.getTime() - NOTIFICATION_RETENTION_MS);
}

const actors = alias(usersTable, "actor");

async function loadItems(
  db: Db,
  userId: number,
  which: { ids?: number[]; before?: number; limit?: number },
  now: Date,
): Promise<NotificationItem[]> {
  const rows = await db
    .select({
      n: notificationsTable,
      actorId: actors.id,
      actorName: actors.username,
      actorAvatar: actors.avatarUrl,
      actorDeleted: actors.deletedAt,
      gameId: gamesTable.id,
      gameTitle: gamesTable.title,
    })
    .from(notificationsTable)
    .leftJoin(actors, sql`${actors.id} = (${notificationsTable.data} ->> 'actorId')::int`)
    .leftJoin(gamesTable, sql`${gamesTable.id} = (${notificationsTable.data} ->> 'gameId')::int`)
    .where(
      and(
        eq(notificationsTable.userId, userId),
        sql`${notificationsTable.createdAt} > ${cutoff(now).toISOString()}`,
        which.ids ? inArray(notificationsTable.id, which.ids) : undefined,
        which.before !== undefined ? lt(notificationsTable.id, which.before) : undefined,
      ),
    )
    .orderBy(desc(notificationsTable.id))
    .limit(which.limit ?? which.ids?.length ?? NOTIFICATIONS_PAGE.default);
  return rows.map((r) => {
    const data = (r.n.data ?? {}) as NotificationData;
    return {
      id: r.n.id,
      kind: r.n.kind,
      createdAt: r.n.createdAt.toISOString(),
      readAt: r.n.readAt?.toISOString() ?? null,
      actor:
        r.actorId !== null && r.actorName !== null
          ? {
              id: r.actorId,
              username: r.actorDeleted ? "Deleted player" : r.actorName,
              avatarUrl: r.actorDeleted ? null : r.actorAvatar,
            }
          : null,
      game: r.gameId !== null && r.gameTitle !== null ? { id: r.gameId, title: r.gameTitle } : null,
      text: typeof data.text === "string" ? data.text : null,
      link:
        typeof data.link === "string" && data.link.startsWith("/") && !data.link.startsWith("//") ? data.link : null,
    };
  });
}
