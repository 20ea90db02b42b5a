import crypto from "node:crypto";
import type { FastifyReply } from "fastify";
import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessionsTable } from "../db/schema";
import { hashToken, SESSION_COOKIE } from "../plugins/auth";

/** D13 lifetimes. */
export const SESSION_POLICY = {
  player: { absoluteMs: 30 * 24 * 60 * 60 * 1000, idleMs: 7 * 24 * 60 * 60 * 1000 },
  admin: { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 30 * 60 * 1000 },
} as const;
export type SessionKind = keyof typeof SESSION_POLICY;

/** How often last_seen_at is written (not on every request). */
export const TOUCH_INTERVAL_MS = 60 * 1000;

/** Creates a session (a new random token at every sign-in: no fixation) and returns the token for the cookie. */
export async function createSession(db: Db, userId: number, kind: SessionKind, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_POLICY[kind].absoluteMs);
  await db.insert(sessionsTable).values({ tokenHash: hashToken(token), userId, kind, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

export async function destroySession(db: Db, token: string | undefined) {
  if (token) await db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
}

/** Removes expired and idle sessions (called periodically by the server). */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessionsTable)
    .where(
      or(
        lt(sessionsTable.expiresAt, now),
        and(eq(sessionsTable.kind, "player"), lt(sessionsTable.lastSeenAt, new Date(now.getTime() - SESSION_POLICY.player.idleMs))),
        and(eq(sessionsTable.kind, "admin"), lt(sessionsTable.lastSeenAt, new Date(now.getTime() - SESSION_POLICY.admin.idleMs))),
      ),
    );
}
