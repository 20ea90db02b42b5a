import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUserSchema, INVALID_LOGIN_MESSAGE, loginSchema, registerSchema, safeReturnTo } from "../../contract/auth";
import { errorResponseSchema } from "../../contract/common";
import type { AppContext } from "../app";
import { requireUser, SESSION_COOKIE } from "../plugins/auth";
import { clearSessionCookie, createSession, destroySession, setSessionCookie } from "../services/sessions";
import { findUserForLogin, registerUser, toCurrentUser } from "../services/accounts";
import { verifyPassword } from "../services/passwords";
import { enforceRateLimit, hitRateLimit, peekRateLimit, resetRateLimit } from "../services/rate-limit";
import { Unauthorized, TooMany } from "../errors";
import { finishGoogleSignIn, findOrCreateGoogleUser, googleConfigured, startGoogleSignIn, type OidcTransaction } from "../services/google";

const OIDC_COOKIE = "oidc_tx";

/** Issue 4: at most 10 failed sign-ins per 15 minutes per username and per address. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;


export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  // D10: the sign-in screen lives in the client.
  app.get("/api/auth/login", { schema: { querystring: z.object({ returnTo: z.string().optional(), tab: z.enum(["signin", "register"]).optional() }) } }, async (request, reply) => {
    const params = new URLSearchParams();
    const returnTo = safeReturnTo(request.query.returnTo);
    if (returnTo !== "/") params.set("returnTo", returnTo);
    if (request.query.tab) params.set("tab", request.query.tab);
    const qs = params.toString();
    return reply.redirect(`/login${qs ? `?${qs}` : ""}`, 302);
  });

  const secureCookie = config.publicUrl.startsWith("https:");
  const userResponses = { 200: currentUserSchema, 201: currentUserSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

  // D11: register → 201 user + session.
  app.post("/api/auth/register", { schema: { body: registerSchema, response: userResponses } }, async (request, reply) => {
    await enforceRateLimit(db, `register:ip:${request.ip}`, config.registrationsPerHour, 60 * 60 * 1000, "Too many accounts created from this address. Please try again later.");
    const user = await registerUser(db, request.body);
    const session = await createSession(db, user.id, "player");
    setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
    return reply.code(201).send(toCurrentUser(user));
  });

  // D11: sign in → 200 user + a new session, or 401 with one message whether or not the user exists.
  app.post("/api/auth/login", { schema: { body: loginSchema, response: userResponses } }, async (request, reply) => {
    const nameKey = `login-fail:user:${request.body.username.toLowerCase()}`;
    const ipKey = `login-fail:ip:${request.ip}`;
    for (const key of [nameKey, ipKey]) {
      const state = await peekRateLimit(db, key, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
      if (!state.allowed) {
        throw new TooMany("Too many failed sign-in attempts. Please try again later.", state.retryAfterSeconds);
      }
    }
    const user = await findUserForLogin(db, request.body.username);
    const ok = await verifyPassword(request.body.password, user?.passwordHash);
    if (!user || !ok || user.disabledAt) {
      await hitRateLimit(db, nameKey, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
      await hitRateLimit(db, ipKey, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
      throw new Unauthorized(INVALID_LOGIN_MESSAGE);
    }
    await resetRateLimit(db, nameKey);
    // A new session at every sign-in (D13: no fixation); an old cookie's session ends.
    await destroySession(db, request.cookies[SESSION_COOKIE]);
    const session = await createSession(db, user.id, "player");
    setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
    return toCurrentUser(user);
  });

  // Which sign-in methods the /login screen offers (D10, D15).
  app.get("/api/auth/providers", { schema: { response: { 200: z.object({ google: z.boolean() }) } } }, async () => ({ google: googleConfigured(config) }));

  // D15: Google sign-in. The transaction (state, nonce, PKCE verifier) lives in a short-lived HttpOnly cookie.
  const oidcCookie = { path: "/api/auth/google", httpOnly: true, sameSite: "lax" as const, secure: secureCookie };
  app.get("/api/auth/google", { schema: { querystring: z.object({ returnTo: z.string().optional() }) } }, async (request, reply) => {
    if (!googleConfigured(config)) return reply.redirect("/login?error=google_unavailable", 302);
    try {
      const { url, tx } = await startGoogleSignIn(config, safeReturnTo(request.query.returnTo));
      reply.setCookie(OIDC_COOKIE, Buffer.from(JSON.stringify(tx)).toString("base64url"), { ...oidcCookie, maxAge: 600 });
      return reply.redirect(url, 302);
    } catch (err) {
      request.log.error({ err }, "Google sign-in could not start");
      return reply.redirect("/login?error=google_unavailable", 302);
    }
  });

  app.get("/api/auth/google/callback", async (request, reply) => {
    const raw = request.cookies[OIDC_COOKIE];
    reply.clearCookie(OIDC_COOKIE, oidcCookie);
    if (!googleConfigured(config)) return reply.redirect("/login?error=google_unavailable", 302);
    let tx: OidcTransaction;
    try {
      tx = JSON.parse(Buffer.from(raw ?? "", "base64url").toString("utf8"));
      if (!tx.state || !tx.nonce || !tx.verifier) throw new Error("incomplete");
    } catch {
      return reply.redirect("/login?error=google_failed", 302);
    }
    try {
      const profile = await finishGoogleSignIn(config, new URL(request.url, config.publicUrl), tx);
      const user = await findOrCreateGoogleUser(db, profile);
      if (user.disabledAt) return reply.redirect("/login?error=account_disabled", 302);
      await destroySession(db, request.cookies[SESSION_COOKIE]);
      const session = await createSession(db, user.id, "player");
      setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
      return reply.redirect(safeReturnTo(tx.returnTo), 302);
    } catch (err) {
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, "Google sign-in failed");
      return reply.redirect("/login?error=google_failed", 302);
    }
  });

  // D14
  app.get("/api/auth/user", { schema: { response: { 200: currentUserSchema, 401: errorResponseSchema } } }, async (request) => {
    return toCurrentUser(requireUser(request));
  });

  // D13: ends the session server-side and clears the cookie.
  const secure = secureCookie;
  app.get("/api/auth/logout", async (request, reply) => {
    await destroySession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, secure);
    return reply.redirect("/", 302);
  });
  app.post("/api/auth/logout", { schema: { body: z.unknown().optional() } }, async (request, reply) => {
    await destroySession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, secure);
    return reply.code(204).send();
  });
};
