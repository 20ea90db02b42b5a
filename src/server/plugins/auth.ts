import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { Forbidden, Unauthorized } from "../errors";
import type { SessionCache } from "../services/session-cache";
import { findSessionUser, type SessionUser } from "../services/sessions";

export type { SessionUser };

declare module "fastify" {
  interface FastifyInstance {
    /** ADR 009: this process's resolved sessions (tests and operations read its stats). */
    sessionCache: SessionCache;
    /** `__Host-sid` on https, `sid` on http */
    sessionCookieName: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers the same to everybody and never reads `request.user`, so the
     * session cookie is not resolved (request.user stays null).
     */
    sessionFree?: boolean;
  }
}

/**
 * D13: the session cookie's name. On https it is `__Host-sid` (the browser keeps it only if Secure, Path=/ and
 * without Domain, so a sibling subdomain cannot plant one: no session fixation); on http `sid` (browsers refuse the
 * prefix there). Only the name of the site's own scheme is read.
 */
export const SESSION_COOKIE = "sid";
export const SECURE_SESSION_COOKIE = "__Host-sid";
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The session token the request carries (the cookie of the site's scheme), if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies?.[request.server.sessionCookieName];
}

/**
 * D13: resolves the session cookie to its user; expired or unknown sessions mean signed out. With `sessions`
 *, a session resolved before is taken from memory: no round trip.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; sessions?: SessionCache; secure: boolean }) => {
    app.decorate("sessionCookieName", sessionCookieName(opts.secure));
    app.decorateRequest("user", null);
    app.addHook("onRequest", async (request) => {
      request.user = null;
      // A public read gives everybody the same answer, so its session is not looked up
      // (no database round trip for a signed-in visitor's cached read).
      if (request.routeOptions.config?.sessionFree) return;
      const token = sessionToken(request);
      if (!token || token.length > 200) return;
      request.user = await findSessionUser(opts.db, token, new Date(), {
        cache: opts.sessions,
        onTouchError: (err) => request.log.warn({ err }, "could not mark the session as seen"),
      });
    });
    // No browser or proxy cache keeps a personal response. Whatever a route answers to a signed-in request,
    // an answer that sets a cookie, and everything under the account and staff paths is no-store, unless the route set
    // its own Cache-Control (the public catalogue reads and pages do: the same bytes for everybody).
    app.addHook("onSend", async (request, reply, payload) => {
      if (reply.hasHeader("cache-control")) return payload;
      if (request.user || reply.hasHeader("set-cookie") || PERSONAL_PATHS.test(request.url))
        reply.header("Cache-Control", "no-store");
      return payload;
    });
  },
);

/** Paths whose answers are personal whoever asks (a signed-out request's 401 included). */
const PERSONAL_PATHS = /^\/api\/(auth|admin|me|logout)(\/|\?|$)/;

/** D13: the session cookie (HttpOnly, SameSite=Lax, Secure on https). */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(sessionCookieName(secure), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), { path: "/", httpOnly: true, sameSite: "lax", secure });
}

/**
 * Whether a GET that signs out comes from the site itself. Sec-Fetch-Site same-origin (the site's own link)
 * or none (typed, a bookmark) may; same-site and cross-site may not (any page could make the request). A browser that
 * does not send Sec-Fetch-Site (before 2023, e.g. Safari < 16.4) may when its Referer is on the site: the site's
 * Referrer-Policy (strict-origin-when-cross-origin) sends the full address on its own links. No header and no
 * Referer could be an old browser's typed address or a cross-site request, so it is not enough: the answer is then the
 * confirmation page below, whose link is on the site.
 */
export function signOutNavigationAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin" || site === "none";
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** The answer to a sign-out GET from elsewhere: nothing changes; a link on the site signs out. */
export function sendSignOutConfirmation(reply: FastifyReply, signOutUrl: string, homeUrl: string) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>Sign out?</title></head><body><main><h1>Sign out?</h1>' +
    "<p>A link from another page asked to sign you out. You are still signed in.</p>" +
    `<p><a href="${signOutUrl}">Sign out</a></p><p><a href="${homeUrl}">Stay signed in</a></p></main></body></html>`;
  return reply.code(200).header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(html);
}

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

/** D96: moderation powers (deleting chat messages and reviews, mutes, reports) belong to admins and moderators, on a one-time-code session. */
export function hasStaffSession(user: SessionUser | null): boolean {
  return (user?.role === "admin" || user?.role === "moderator") && user.sessionKind === "admin";
}

/** D96: 401 without a session, 403 unless an admin or a moderator on a one-time-code session. */
export function requireStaff(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!hasStaffSession(user)) throw new Forbidden("Admins and moderators only");
  return user;
}
