import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessionsTable, staffTwoStepTable, usersTable } from "../db/schema";
import { sessionsChanged, type CachedSession, type SessionCache } from "./session-cache";
import type { SessionUser } from "./session-user";
import { describeUserAgent } from "./user-agent";

export type { SessionUser, UserRole } from "./session-user";

/** D13 lifetimes. */
export const SESSION_POLICY = {
  player: { absoluteMs: 30 * 24 * 60 * 60 * 1000, idleMs: 7 * 24 * 60 * 60 * 1000 },
  admin: { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 30 * 60 * 1000 },
} as const;
export type SessionKind = keyof typeof SESSION_POLICY;

/** How often last_seen_at is written (not on every request). */
export const TOUCH_INTERVAL_MS = 60 * 1000;

/** Only the token's hash is stored. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Creates a session (a new random token at every sign-in: no fixation) and returns the token for the cookie.
 * `userAgent` (the browser's, cut to 512 characters) names the session in the player's sessions list.
 * Every sign-in (password, Google, admin code) goes through here, so this is also where D87's grace ends:
 * signing in cancels a deletion the player asked for and that has not happened yet.
 */
export async function createSession(
  db: Db,
  userId: number,
  kind: SessionKind,
  options: { now?: Date; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_POLICY[kind].absoluteMs);
  await db.insert(sessionsTable).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 512) ?? null,
  });
  await db
    .update(usersTable)
    .set({ deleteAfter: null })
    .where(and(eq(usersTable.id, userId), isNotNull(usersTable.deleteAfter), isNull(usersTable.deletedAt)));
  return { token, expiresAt };
}

export type FindSessionOptions = {
  /** With a handler for its failure, the request does not wait for the "seen" write (it runs in the background). */
  onTouchError?: (err: unknown) => void;
  /** Resolved sessions kept in memory, so that most requests skip the lookup (ADR 009). */
  cache?: SessionCache;
};

/**
 * D13: the user of a live session, or null when the token is unknown, expired, idle too long or its
 * account disabled. Marks the session as seen (at most once a minute; in the background when
 * `onTouchError` is given).
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
  options: FindSessionOptions = {},
): Promise<SessionUser | null> {
  const { cache, onTouchError } = options;
  const tokenHash = hashToken(token);
  let session: CachedSession | undefined = cache?.get(tokenHash, now);
  // D13: idle timeout (7 days for players, 30 minutes for admins). A cached session that looks idle is looked
  // up again: another process may have seen it since.
  if (session && now.getTime() - session.lastSeenAt.getTime() > SESSION_POLICY[session.user.sessionKind].idleMs)
    session = undefined;
  if (!session) {
    const generation = cache?.begin() ?? 0;
    const [row] = await db
      .select({
        id: usersTable.id,
        username: usersTable.username,
        avatarUrl: usersTable.avatarUrl,
        createdAt: usersTable.createdAt,
        role: usersTable.role,
        sessionKind: sessionsTable.kind,
        twoStep: sql<boolean>`exists (select 1 from ${staffTwoStepTable} where ${staffTwoStepTable.userId} = ${usersTable.id} and ${staffTwoStepTable.enabledAt} is not null)`,
        lastSeenAt: sessionsTable.lastSeenAt,
        expiresAt: sessionsTable.expiresAt,
      })
      .from(sessionsTable)
      .innerJoin(usersTable, eq(usersTable.id, sessionsTable.userId))
      .where(
        and(
          eq(sessionsTable.tokenHash, tokenHash),
          gt(sessionsTable.expiresAt, now),
          isNull(usersTable.disabledAt),
          isNull(usersTable.deletedAt),
        ),
      );
    if (!row) return null;
    const { lastSeenAt, expiresAt, ...user } = row;
    session = { user, lastSeenAt, expiresAt };
    if (now.getTime() - lastSeenAt.getTime() > SESSION_POLICY[user.sessionKind].idleMs) return null;
    cache?.set(tokenHash, session, generation);
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    cache?.seen(tokenHash, now);
    const touch = db.update(sessionsTable).set({ lastSeenAt: now }).where(eq(sessionsTable.tokenHash, tokenHash));
    // With a handler for its failure, the request does not wait for the touch (one
    // round trip on its path, not two); without one (tests, scripts) it is awaited.
    if (onTouchError) touch.then(undefined, onTouchError);
    else await touch;
  }
  return { ...session.user };
}

export async function destroySession(db: Db, token: string | undefined) {
  if (!token) return;
  const tokenHash = hashToken(token);
  await db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, tokenHash));
  sessionsChanged(db, { tokenHashes: [tokenHash] });
}

/** Removes expired and idle sessions (called periodically by the server). */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessionsTable)
    .where(
      or(
        lt(sessionsTable.expiresAt, now),
        and(
          eq(sessionsTable.kind, "player"),
          lt(sessionsTable.lastSeenAt, new Date(now.getTime() - SESSION_POLICY.player.idleMs)),
        ),
        and(
          eq(sessionsTable.kind, "admin"),
          lt(sessionsTable.lastSeenAt, new Date(now.getTime() - SESSION_POLICY.admin.idleMs)),
        ),
      ),
    );
}

/**
 * Whether a session still stands (not ended, expired, idle too long or its account disabled), without
 * marking it as seen: a live socket that stays open must not keep an idle session alive. Used to drop a socket's
 * personal events once its session has ended (sign-out elsewhere, a password change).
 */
export async function sessionIsLive(db: Db, token: string, now = new Date(), cache?: SessionCache): Promise<boolean> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  if (cached) return now.getTime() - cached.lastSeenAt.getTime() <= SESSION_POLICY[cached.user.sessionKind].idleMs;
  const [row] = await db
    .select({ kind: sessionsTable.kind, lastSeenAt: sessionsTable.lastSeenAt })
    .from(sessionsTable)
    .innerJoin(usersTable, eq(usersTable.id, sessionsTable.userId))
    .where(
      and(
        eq(sessionsTable.tokenHash, tokenHash),
        gt(sessionsTable.expiresAt, now),
        isNull(usersTable.disabledAt),
        isNull(usersTable.deletedAt),
      ),
    );
  return !!row && now.getTime() - row.lastSeenAt.getTime() <= SESSION_POLICY[row.kind].idleMs;
}

/** D87: the first 16 hex characters of a session's token hash: names it in the sessions list without revealing anything usable. */
export function sessionHandle(tokenHash: string): string {
  return tokenHash.slice(0, 16);
}

/** D87: the user's live sessions of `kinds` (all by default), newest first, the one of `currentToken` marked. */
export async function listUserSessions(
  db: Db,
  userId: number,
  currentToken: string | undefined,
  now = new Date(),
  kinds: SessionKind[] = ["player", "admin"],
) {
  const current = currentToken ? hashToken(currentToken) : undefined;
  const rows = await db
    .select()
    .from(sessionsTable)
    .where(and(eq(sessionsTable.userId, userId), gt(sessionsTable.expiresAt, now), inArray(sessionsTable.kind, kinds)))
    .orderBy(desc(sessionsTable.lastSeenAt), desc(sessionsTable.createdAt));
  return rows
    .filter((r) => r.tokenHash === current || now.getTime() - r.lastSeenAt.getTime() <= SESSION_POLICY[r.kind].idleMs)
    .map((r) => ({
      id: sessionHandle(r.tokenHash),
      device: describeUserAgent(r.userAgent),
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.tokenHash === current,
    }));
}

/**
 * Ends sessions of one user at once on every process (ADR 009: the delete notifies the other processes
 * through PostgreSQL's trigger; this process forgets them now). `except`: the token to keep ("sign out
 * everywhere else", a password change); `handle`: only the session of that handle; `kinds`: only sessions of those
 * kinds (a player-kind session never ends a staff one). Returns how many ended.
 */
export async function endUserSessions(
  db: Db,
  userId: number,
  which: { exceptToken?: string; handle?: string; kinds?: SessionKind[] } = {},
): Promise<number> {
  const ended = await db
    .delete(sessionsTable)
    .where(
      and(
        eq(sessionsTable.userId, userId),
        which.exceptToken ? ne(sessionsTable.tokenHash, hashToken(which.exceptToken)) : undefined,
        which.handle ? sql`left(${sessionsTable.tokenHash}, 16) = ${which.handle}` : undefined,
        which.kinds ? inArray(sessionsTable.kind, which.kinds) : undefined,
      ),
    )
    .returning({ tokenHash: sessionsTable.tokenHash });
  if (ended.length) sessionsChanged(db, { tokenHashes: ended.map((e) => e.tokenHash) });
  return ended.length;
}
