import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import {
  CONVERSATIONS_MAX,
  DIRECT_MESSAGE_PAGE,
  DIRECT_MESSAGE_REFUSALS,
  DIRECT_MESSAGES_SETTING,
  directMessagesEnabled,
  type Conversation,
  type DirectMessage,
  type DirectMessageThread,
} from "../../contract/direct-messages-constants";
import type { PublicPlayer } from "../../contract/player-live";
import type { Db } from "../db/client";
import { directMessagesTable, usersTable, websiteContentTable } from "../db/schema";
import { Forbidden, Invalid, NotFound } from "../errors";
import type { RateLimits } from "../rate-limit-table";
import { filterText } from "./community-settings";
import { relationship } from "./friends";
import { assertNotMuted } from "./moderation";
import type { NotifyDeps } from "./notifications";

/**
 * D88 direct messages between friends (the routes are in routes/direct-messages.ts, no HTTP
 * types here).
 *
 * - Only friends write to each other, and never across a block (either way). The admin switch (website content
 *   `site.direct_messages`, "false" = off) stops all sending; what was sent stays readable.
 * - A conversation with a former friend stays readable (both players keep what was said) but cannot be written
 *   to; a block hides it entirely, both ways (no trace in the blocker's views, and the blocked player
 *   learns nothing they could not already tell).
 * - Conversations with a disabled or deleted player are left out, and their thread is 404 (like the friends lists).
 * - Reading the newest page of a conversation marks the other's messages read. Every change (a message, a
 *   read) tells both players' pages `direct-messages-changed` (player-hub.ts), each with the other's id.
 */

export type DirectMessageDeps = NotifyDeps;

/** D88: whether the admin switch leaves direct messages on (on unless set to "false"). */
export async function directMessagesOn(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: websiteContentTable.value })
    .from(websiteContentTable)
    .where(and(eq(websiteContentTable.section, "site"), eq(websiteContentTable.key, DIRECT_MESSAGES_SETTING)));
  return directMessagesEnabled(row?.value);
}

const asIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** D88: my conversations, the newest first, without those a block separates or whose player is gone. */
export async function listConversations(db: Db, me: number): Promise<Conversation[]> {
  const { rows } = await db.execute<{
    other_id: number;
    id: number;
    sender_id: number;
    body: string;
    created_at: Date | string;
    username: string;
    avatar_url: string | null;
    unread: number;
  }>(sql`
    with last as (
      select distinct on (other_id) other_id, id, sender_id, body, created_at
      from (
        select recipient_id as other_id, id, sender_id, body, created_at from direct_messages where sender_id = ${me}
        union all
        select sender_id as other_id, id, sender_id, body, created_at from direct_messages where recipient_id = ${me}
      ) mine
      order by other_id, id desc
    )
    select last.other_id, last.id, last.sender_id, last.body, last.created_at, u.username, u.avatar_url,
      (select count(*)::int from direct_messages d
        where d.recipient_id = ${me} and d.sender_id = last.other_id and d.read_at is null) as unread
    from last
    join users u on u.id = last.other_id
    where u.deleted_at is null and u.disabled_at is null
      and not exists (
        select 1 from user_blocks b
        where (b.blocker_id = ${me} and b.blocked_id = last.other_id) or (b.blocker_id = last.other_id and b.blocked_id = ${me})
      )
    order by last.id desc
    limit ${CONVERSATIONS_MAX}`);
  return rows.map((r) => ({
    user: { id: Number(r.other_id), username: r.username, avatarUrl: r.avatar_url },
    lastMessage: { id: Number(r.id), body: r.body, createdAt: asIso(r.created_at), fromMe: Number(r.sender_id) === me },
    unread: Number(r.unread),
  }));
}

/** D88: how many messages wait for me, from players no block separates from me (the header's count). */
export async function unreadMessageCount(db: Db, me: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from direct_messages d
    join users u on u.id = d.sender_id
    where d.recipient_id = ${me} and d.read_at is null and u.deleted_at is null and u.disabled_at is null
      and not exists (
        select 1 from user_blocks b
        where (b.blocker_id = ${me} and b.blocked_id = d.sender_id) or (b.blocker_id = d.sender_id and b.blocked_id = ${me})
      )`);
  return Number(rows[0]?.n ?? 0);
}

/** The other player as the conversation shows them; 400 for myself, 404 when unknown, disabled or deleted. */
async function otherPlayer(db: Db, me: number, other: number): Promise<PublicPlayer> {
  if (me === other) throw new Invalid("You cannot message yourself");
  const [row] = await db
    .select({ id: usersTable.id, username: usersTable.username, avatarUrl: usersTable.avatarUrl })
    .from(usersTable)
    .where(and(eq(usersTable.id, other), isNull(usersTable.disabledAt), isNull(usersTable.deletedAt)));
  if (!row) throw new NotFound("User not found");
  return row;
}

const between = (a: number, b: number) =>
  or(
    and(eq(directMessagesTable.senderId, a), eq(directMessagesTable.recipientId, b)),
    and(eq(directMessagesTable.senderId, b), eq(directMessagesTable.recipientId, a)),
  );

/** Why I may not write to `other` now (the POST's 403 message), or null when I may. Also refuses a block. */
async function sendRefusal(
  db: Db,
  me: number,
  other: number,
): Promise<{ reason: string | null; blocked: boolean; friends: boolean }> {
  const rel = await relationship(db, me, other);
  if (rel.blockedByMe) return { reason: DIRECT_MESSAGE_REFUSALS.blockedByMe, blocked: true, friends: false };
  // D84: a player who blocked me is, to me, just not a friend.
  if (rel.blockedMe || !rel.friends)
    return { reason: DIRECT_MESSAGE_REFUSALS.notFriends, blocked: rel.blockedMe, friends: false };
  if (!(await directMessagesOn(db))) return { reason: DIRECT_MESSAGE_REFUSALS.off, blocked: false, friends: true };
  return { reason: null, blocked: false, friends: true };
}

/**
 * D88: a page of my conversation with `other`, the newest page first (`before`: an id, to go back),
 * oldest first within the page. 403 across a block, or with a player who is not my friend and never wrote
 * with me; a former friend's conversation is readable (canSend false). Reading the newest page marks their
 * messages to me read.
 */
export async function readThread(
  deps: DirectMessageDeps,
  me: number,
  other: number,
  page: { before?: number; limit?: number } = {},
  now = new Date(),
): Promise<DirectMessageThread> {
  const { db } = deps;
  const user = await otherPlayer(db, me, other);
  const access = await sendRefusal(db, me, other);
  if (access.blocked) throw new Forbidden(access.reason ?? DIRECT_MESSAGE_REFUSALS.notFriends);
  if (!access.friends) {
    const [any] = await db
      .select({ id: directMessagesTable.id })
      .from(directMessagesTable)
      .where(between(me, other))
      .limit(1);
    if (!any) throw new Forbidden(DIRECT_MESSAGE_REFUSALS.notFriends);
  }
  if (page.before === undefined) {
    const read = await db
      .update(directMessagesTable)
      .set({ readAt: now })
      .where(
        and(
          eq(directMessagesTable.senderId, other),
          eq(directMessagesTable.recipientId, me),
          isNull(directMessagesTable.readAt),
        ),
      )
      .returning({ id: directMessagesTable.id });
    if (read.length) await publishChange(deps, me, other);
  }
  const limit = Math.min(page.limit ?? DIRECT_MESSAGE_PAGE.default, DIRECT_MESSAGE_PAGE.max);
  const rows = await db
    .select()
    .from(directMessagesTable)
    .where(and(between(me, other), page.before !== undefined ? lt(directMessagesTable.id, page.before) : undefined))
    .orderBy(desc(directMessagesTable.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const messages = rows.slice(0, limit).reverse().map(toMessage);
  return { user, messages, hasMore, canSend: access.reason === null, cannotSendReason: access.reason };
}

/**
 * D88: sends a message (already trimmed and within 1–1000 characters by the route's schema). 403 when the
 * switch is off, to a player who is not my friend or across a block; 429 over `directMessage` (counted only
 * for messages that would be stored). Tells both players' pages.
 */
export async function sendDirectMessage(
  deps: DirectMessageDeps & { rateLimits: RateLimits },
  me: number,
  other: number,
  body: string,
): Promise<DirectMessage> {
  const { db } = deps;
  if (!(await directMessagesOn(db))) throw new Forbidden(DIRECT_MESSAGE_REFUSALS.off);
  await otherPlayer(db, me, other);
  await assertNotMuted(db, me);
  const { reason } = await sendRefusal(db, me, other);
  if (reason !== null) throw new Forbidden(reason);
  // D98: a blocked word refuses the message (400, not counted); masked words are stored starred
  const filtered = await filterText(db, "directMessage", body);
  await deps.rateLimits.enforce("directMessage", `direct-message:${me}`);
  const [row] = await db
    .insert(directMessagesTable)
    .values({ senderId: me, recipientId: other, body: filtered })
    .returning();
  await publishChange(deps, me, other);
  return toMessage(row);
}

/** D88: both players' pages refetch the conversation, its place in their lists and their unread counts. */
async function publishChange(deps: DirectMessageDeps, a: number, b: number): Promise<void> {
  await deps.playerHub.publish([a], { type: "direct-messages-changed", withUserId: b });
  await deps.playerHub.publish([b], { type: "direct-messages-changed", withUserId: a });
}

function toMessage(row: typeof directMessagesTable.$inferSelect): DirectMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
