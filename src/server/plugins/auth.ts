import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessionsTable, usersTable } from "../db/schema";
import { Unauthorized, Forbidden } from "../errors";

export type SessionUser = {
  id: number;
  username: string;
  avatarUrl: string | null;
  createdAt: Date;
  role: "player" | "admin";
  sessionKind: "player" | "admin";
};

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const SESSION_COOKIE = "sid";

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** D13: resolves the session cookie to its user; expired or unknown sessions mean signed out. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    request.user = null;
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const now = new Date();
    const tokenHash = hashToken(token);
    const [row] = await opts.db
      .select({
        id: usersTable.id,
        username: usersTable.username,
        avatarUrl: usersTable.avatarUrl,
        createdAt: usersTable.createdAt,
        role: usersTable.role,
        sessionKind: sessionsTable.kind,
        lastSeenAt: sessionsTable.lastSeenAt,
      })
      .from(sessionsTable)
      .innerJoin(usersTable, eq(usersTable.id, sessionsTable.userId))
      .where(and(eq(sessionsTable.tokenHash, tokenHash), gt(sessionsTable.expiresAt, now), isNull(usersTable.disabledAt)));
    if (!row) return;
    // D13: idle timeout (7 days for players, 30 minutes for admins).
    const idleMs = row.sessionKind === "admin" ? 30 * 60 * 1000 : 7 * 24 * 60 * 60 * 1000;
    if (now.getTime() - row.lastSeenAt.getTime() > idleMs) return;
    if (now.getTime() - row.lastSeenAt.getTime() > 60 * 1000) {
      await opts.db.update(sessionsTable).set({ lastSeenAt: now }).where(eq(sessionsTable.tokenHash, tokenHash));
    }
    const { lastSeenAt: _seen, ...user } = row;
    request.user = user;
  });
});

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Unauthorized("Not signed in");
  return request.user;
}

/** D43: every admin route answers 401 without a session and 403 for a non-admin. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== "admin") throw new Forbidden("Admins only");
  return user;
}

/**
 * Admin powers (moderation anywhere on the site) need an admin session from a one-time-code sign-in
 * (D42), not only the role: a password session of an admin account acts as a player.
 */
export function hasAdminSession(user: SessionUser | null): boolean {
  return user?.role === "admin" && user.sessionKind === "admin";
}
