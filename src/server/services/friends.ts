import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { PublicPlayer } from "../../contract/player-live";
import type { Db } from "../db/client";
import { friendRequestsTable, friendshipsTable, userBlocksTable, usersTable } from "../db/schema";
import { Forbidden, Invalid, NotFound } from "../errors";
import { forgetNotificationsFrom, notify, type NotifyDeps } from "./notifications";

/**
 * D84 friends and blocks. A request one way waits for the other player; a request both ways (or sending a
 * request to someone who asked you) is a friendship at once. A friendship is stored as two rows. A block ends
 * any friendship and request between the two, removes what the blocked player caused from the blocker's
 * notifications, and stops requests, messages and presence both ways (no trace in the blocker's views).
 * Every change tells both players' pages (`friends-changed`). No HTTP types here (routes/friends.ts).
 */

export type Relationship = {
  friends: boolean;
  /** they asked me */
  incoming: boolean;
  /** I asked them */
  outgoing: boolean;
  blockedByMe: boolean;
  /** they blocked me (used only to refuse; never shown as such) */
  blockedMe: boolean;
};

export type FriendLists = {
  friends: PublicPlayer[];
  incoming: PublicPlayer[];
  outgoing: PublicPlayer[];
  blocked: PublicPlayer[];
};

const publicPlayer = { id: usersTable.id, username: usersTable.username, avatarUrl: usersTable.avatarUrl };
/** Players others can see and befriend: not disabled, not deleted. */
const activeUser = and(isNull(usersTable.disabledAt), isNull(usersTable.deletedAt));

export async function relationship(db: Db, me: number, other: number): Promise<Relationship> {
  const [row] = await db
    .execute<{ friends: boolean; incoming: boolean; outgoing: boolean; blocked_by_me: boolean; blocked_me: boolean }>(
      sql`
    select
      exists(select 1 from friendships where user_id = ${me} and friend_id = ${other}) as friends,
      exists(select 1 from friend_requests where from_user_id = ${other} and to_user_id = ${me}) as incoming,
      exists(select 1 from friend_requests where from_user_id = ${me} and to_user_id = ${other}) as outgoing,
      exists(select 1 from user_blocks where blocker_id = ${me} and blocked_id = ${other}) as blocked_by_me,
      exists(select 1 from user_blocks where blocker_id = ${other} and blocked_id = ${me}) as blocked_me`,
    )
    .then((r) => r.rows);
  return {
    friends: row.friends,
    incoming: row.incoming,
    outgoing: row.outgoing,
    blockedByMe: row.blocked_by_me,
    blockedMe: row.blocked_me,
  };
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(friendshipsTable)
    .where(and(eq(friendshipsTable.userId, a), eq(friendshipsTable.friendId, b)))
    .limit(1);
  return !!row;
}

/** The ids of a player's friends (boards, presence fan-out). */
export async function friendIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: friendshipsTable.friendId })
    .from(friendshipsTable)
    .where(eq(friendshipsTable.userId, userId));
  return rows.map((r) => r.id);
}

/** D100: GET /api/friends: friends (by name), requests in and out (newest first), and the players I blocked. */
export async function listFriends(db: Db, me: number): Promise<FriendLists> {
  const [friends, incoming, outgoing, blocked] = await Promise.all([
    db
      .select(publicPlayer)
      .from(friendshipsTable)
      .innerJoin(usersTable, eq(usersTable.id, friendshipsTable.friendId))
      .where(and(eq(friendshipsTable.userId, me), activeUser))
      .orderBy(asc(sql`lower(${usersTable.username})`)),
    db
      .select(publicPlayer)
      .from(friendRequestsTable)
      .innerJoin(usersTable, eq(usersTable.id, friendRequestsTable.fromUserId))
      .where(and(eq(friendRequestsTable.toUserId, me), activeUser))
      .orderBy(desc(friendRequestsTable.createdAt)),
    db
      .select(publicPlayer)
      .from(friendRequestsTable)
      .innerJoin(usersTable, eq(usersTable.id, friendRequestsTable.toUserId))
      .where(and(eq(friendRequestsTable.fromUserId, me), activeUser))
      .orderBy(desc(friendRequestsTable.createdAt)),
    db
      .select(publicPlayer)
      .from(userBlocksTable)
      .innerJoin(usersTable, eq(usersTable.id, userBlocksTable.blockedId))
      .where(eq(userBlocksTable.blockerId, me))
      .orderBy(desc(userBlocksTable.createdAt)),
  ]);
  return { friends, incoming, outgoing, blocked };
}

async function assertPlayer(db: Db, me: number, other: number): Promise<void> {
  if (me === other) throw new Invalid("You cannot do that with your own account");
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(usersTable.id, other), activeUser));
  if (!row) throw new NotFound("User not found");
}

export type RequestOutcome = "requested" | "friends";

/**
 * D84: sends a friend request, or accepts theirs when they already asked. Idempotent: asking again changes
 * nothing. Refused (403) when a block stands either way. `created` says whether something new was stored.
 */
export async function requestFriend(
  deps: NotifyDeps,
  me: number,
  other: number,
): Promise<{ status: RequestOutcome; created: boolean }> {
  const { db } = deps;
  await assertPlayer(db, me, other);
  const rel = await relationship(db, me, other);
  if (rel.blockedByMe) throw new Forbidden("You have blocked this player. Unblock them first.");
  if (rel.blockedMe) throw new Forbidden("You cannot send a friend request to this player");
  if (rel.friends) return { status: "friends", created: false };
  if (rel.incoming) {
    const made = await db.transaction(async (tx) => {
      const removed = await tx
        .delete(friendRequestsTable)
        .where(and(eq(friendRequestsTable.fromUserId, other), eq(friendRequestsTable.toUserId, me)))
        .returning({ from: friendRequestsTable.fromUserId });
      if (!removed.length) return false; // answered meanwhile (declined or accepted in another tab)
      await tx
        .insert(friendshipsTable)
        .values([
          { userId: me, friendId: other },
          { userId: other, friendId: me },
        ])
        .onConflictDoNothing();
      return true;
    });
    if (!made) return requestFriend(deps, me, other);
    await deps.playerHub.publish([me, other], { type: "friends-changed" });
    await notify(deps, other, "friend_accepted", { actorId: me, link: `/profile/${me}` });
    return { status: "friends", created: true };
  }
  if (rel.outgoing) return { status: "requested", created: false };
  const inserted = await db
    .insert(friendRequestsTable)
    .values({ fromUserId: me, toUserId: other })
    .onConflictDoNothing()
    .returning({ to: friendRequestsTable.toUserId });
  if (inserted.length) {
    await deps.playerHub.publish([me, other], { type: "friends-changed" });
    await notify(deps, other, "friend_request", { actorId: me, link: "/friends" });
  }
  return { status: "requested", created: inserted.length > 0 };
}

/** D84: declines their request, cancels mine, or ends the friendship, whichever stands. Idempotent. */
export async function removeFriend(deps: NotifyDeps, me: number, other: number): Promise<void> {
  const { db } = deps;
  if (me === other) throw new Invalid("You cannot do that with your own account");
  const changed = await db.transaction(async (tx) => {
    const a = await tx
      .delete(friendshipsTable)
      .where(
        or(
          and(eq(friendshipsTable.userId, me), eq(friendshipsTable.friendId, other)),
          and(eq(friendshipsTable.userId, other), eq(friendshipsTable.friendId, me)),
        ),
      )
      .returning({ u: friendshipsTable.userId });
    const b = await tx
      .delete(friendRequestsTable)
      .where(
        or(
          and(eq(friendRequestsTable.fromUserId, me), eq(friendRequestsTable.toUserId, other)),
          and(eq(friendRequestsTable.fromUserId, other), eq(friendRequestsTable.toUserId, me)),
        ),
      )
      .returning({ u: friendRequestsTable.fromUserId });
    return a.length + b.length > 0;
  });
  if (changed) await deps.playerHub.publish([me, other], { type: "friends-changed" });
}

/** D84: blocks a player: ends friendship and requests both ways and wipes what they caused from my notifications. */
export async function blockPlayer(deps: NotifyDeps, me: number, other: number): Promise<{ created: boolean }> {
  const { db } = deps;
  await assertPlayer(db, me, other);
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userBlocksTable)
      .values({ blockerId: me, blockedId: other })
      .onConflictDoNothing()
      .returning({ b: userBlocksTable.blockedId });
    await tx
      .delete(friendshipsTable)
      .where(
        or(
          and(eq(friendshipsTable.userId, me), eq(friendshipsTable.friendId, other)),
          and(eq(friendshipsTable.userId, other), eq(friendshipsTable.friendId, me)),
        ),
      );
    await tx
      .delete(friendRequestsTable)
      .where(
        or(
          and(eq(friendRequestsTable.fromUserId, me), eq(friendRequestsTable.toUserId, other)),
          and(eq(friendRequestsTable.fromUserId, other), eq(friendRequestsTable.toUserId, me)),
        ),
      );
    return inserted.length > 0;
  });
  await forgetNotificationsFrom(db, me, other);
  await deps.playerHub.publish([me], { type: "notifications-changed" });
  await deps.playerHub.publish([me, other], { type: "friends-changed" });
  return { created };
}

export async function unblockPlayer(deps: NotifyDeps, me: number, other: number): Promise<void> {
  if (me === other) throw new Invalid("You cannot do that with your own account");
  const removed = await deps.db
    .delete(userBlocksTable)
    .where(and(eq(userBlocksTable.blockerId, me), eq(userBlocksTable.blockedId, other)))
    .returning({ b: userBlocksTable.blockedId });
  if (removed.length) await deps.playerHub.publish([me], { type: "friends-changed" });
}

/** The players among `ids` that a block separates from `me` (either way): kept out of my views. */
export async function blockedAmong(db: Db, me: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ blocker: userBlocksTable.blockerId, blocked: userBlocksTable.blockedId })
    .from(userBlocksTable)
    .where(
      or(
        and(eq(userBlocksTable.blockerId, me), inArray(userBlocksTable.blockedId, ids)),
        and(eq(userBlocksTable.blockedId, me), inArray(userBlocksTable.blockerId, ids)),
      ),
    );
  return new Set(rows.map((r) => (r.blocker === me ? r.blocked : r.blocker)));
}

export type ProfileVisibility = "public" | "friends" | "private";

/**
 * D87: whether `viewer` (null: signed out) sees the whole profile of `owner`, or only its name and avatar.
 * Public: everybody; friends: the owner and their friends; private: the owner only. A block either way hides it.
 */
export async function canSeeProfile(
  db: Db,
  viewer: number | null,
  owner: number,
  visibility: ProfileVisibility,
): Promise<boolean> {
  if (viewer === owner) return true;
  if (viewer !== null && (await blockedAmong(db, viewer, [owner])).size > 0) return false;
  if (visibility === "public") return true;
  if (visibility === "private" || viewer === null) return false;
  return areFriends(db, viewer, owner);
}
