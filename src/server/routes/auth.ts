import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  currentUserSchema,
  INVALID_LOGIN_MESSAGE,
  loginSchema,
  registerSchema,
  safeReturnTo,
  sessionSchema,
} from "../../contract/auth";
import { errorResponses } from "../../contract/common";
import type { AppContext } from "../context";
import { Unauthorized } from "../errors";
import {
  clearSessionCookie,
  requireUser,
  sendSignOutConfirmation,
  sessionToken,
  setSessionCookie,
  signOutNavigationAllowed,
} from "../plugins/auth";
import { knownDeviceCookies } from "../plugins/known-device";
import type { RateLimitName } from "../rate-limit-table";
import { findUserForLogin, registerUser, toCurrentUser } from "../services/accounts";
import { audit, logAuditError, signInRecord } from "../services/audit";
import { checkInvite } from "../services/community-settings";
import { siteName } from "../services/content";
import { googleConfigured } from "../services/google";
import { createMailer } from "../services/mailer";
import { verifyPassword } from "../services/passwords";
import { createSession, destroySession } from "../services/sessions";
import { storedUserAgent } from "../services/user-agent";

/** Accounts and sessions (D10): sign-in screen redirect, register, sign in, the current user, sign out. */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, settings, rateLimits }) => {
  // D10: the sign-in screen lives in the client.
  app.get(
    "/api/auth/login",
    {
      schema: {
        querystring: z.object({ returnTo: z.string().optional(), tab: z.enum(["signin", "register"]).optional() }),
      },
    },
    async (request, reply) => {
      const params = new URLSearchParams();
      const returnTo = safeReturnTo(request.query.returnTo);
      if (returnTo !== "/") params.set("returnTo", returnTo);
      if (request.query.tab) params.set("tab", request.query.tab);
      const qs = params.toString();
      return reply.redirect(`/login${qs ? `?${qs}` : ""}`, 302);
    },
  );

  const secure = config.publicUrl.startsWith("https:");
  const devices = knownDeviceCookies(config, settings.now);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  const userResponses = { 200: currentUserSchema, 201: currentUserSchema, ...errorResponses(400, 401, 403, 409, 429) };

  // D11: register → 201 user + session. The email address is only the account's once its link is followed, and
  // the answer is the same whether or not another account has it (services/accounts.ts registerUser).
  app.post(
    "/api/auth/register",
    { schema: { body: registerSchema, response: userResponses } },
    async (request, reply) => {
      await rateLimits.enforce("register", `register:ip:${request.ip}`);
      // D98: an invite-only site needs its code (Google sign-up asks for it too: routes/auth-google.ts)
      await checkInvite(db, request.body.inviteCode);
      const { user, mail } = await registerUser(db, request.body, {
        passwordHashCost: settings.passwordHashCost,
        publicUrl: config.publicUrl,
        siteName: await siteName(db),
        now: settings.now(),
      });
      // Not awaited, so that a slow mail server does not tell a link from an owner's notice by the answer's time.
      if (mail)
        void mailer
          .send(mail)
          .catch((err: unknown) => request.log.error({ err }, "could not send the registration mail"));
      const session = await createSession(db, user.id, "player", {
        now: settings.now(),
        userAgent: storedUserAgent(request.headers["user-agent"]),
      });
      setSessionCookie(reply, session.token, session.expiresAt, secure);
      return reply.code(201).send(toCurrentUser(user));
    },
  );

  // D11: sign in → 200 user + a new session, or 401 with one message whether or not the user exists.
  app.post("/api/auth/login", { schema: { body: loginSchema, response: userResponses } }, async (request, reply) => {
    // The attempt is keyed by the resolved account (its name and its email count together) and the address,
    // and reserved atomically BEFORE the password is checked, so parallel guesses cannot pass a counter read first.
    // A name no account has is counted by the text typed, so that the back-off does not tell which names exist.
    const user = await findUserForLogin(db, request.body.username);
    const who = user ? `user:${user.id}` : `name:${request.body.username.trim().toLowerCase()}`;
    const accountKey = `login-fail:${who}:ip:${request.ip}`;
    const ipKey = `login-fail:ip:${request.ip}`;
    // ADR 019: and per account from every address, except on a device the account signed in from before
    const everywhereKey = `login-fail:${who}`;
    const known = Boolean(await devices.deviceOf(request, user?.id));
    await rateLimits.reserve(
      ["loginFailurePerAddress", ipKey],
      ["loginFailure", accountKey],
      ...(known ? [] : [["loginFailurePerAccount", everywhereKey] as [RateLimitName, string]]),
    );
    const ok = await verifyPassword(request.body.password, user?.passwordHash, settings.passwordHashCost);
    if (!user || !ok || user.disabledAt) {
      // D99: failed sign-ins are audit-logged (what was typed as the name, never the password)
      await audit(
        db,
        {
          actor: { id: user?.id ?? null, label: request.body.username, role: null },
          action: "auth.login_failed",
          ip: request.ip,
        },
        logAuditError(request),
      );
      throw new Unauthorized(INVALID_LOGIN_MESSAGE);
    }
    // A success gives its reservation back: sign-ins that work never use up an address's allowance (a school's pupils
    // behind one address), and this account's failures from this address are forgotten.
    await rateLimits.release(ipKey);
    await rateLimits.reset(accountKey);
    if (!known) await rateLimits.release(everywhereKey);
    // A new session at every sign-in (D13: no fixation); an old cookie's session ends.
    await destroySession(db, sessionToken(request));
    const session = await createSession(db, user.id, "player", {
      now: settings.now(),
      userAgent: storedUserAgent(request.headers["user-agent"]),
    });
    setSessionCookie(reply, session.token, session.expiresAt, secure);
    await devices.remember(request, reply, user.id);
    await audit(db, signInRecord(user, "password", request.ip), logAuditError(request));
    return toCurrentUser(user);
  });

  // Which sign-in methods the /login screen offers.
  app.get("/api/auth/providers", { schema: { response: { 200: z.object({ google: z.boolean() }) } } }, async () => ({
    google: googleConfigured(config),
  }));

  // D14
  app.get(
    "/api/auth/user",
    { schema: { response: { 200: currentUserSchema, ...errorResponses(401) } } },
    async (request) => {
      return toCurrentUser(requireUser(request));
    },
  );

  // ADR 011: who is signed in, answered 200 either way. Every page's browser asks this once; /api/auth/user's
  // 401 for a signed-out visitor (kept as it is) is logged as an error by every browser's console.
  app.get("/api/auth/session", { schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { user: request.user ? toCurrentUser(request.user) : null };
  });

  // D13: ends the session server-side and clears the cookie; by GET only from the site itself.
  app.get("/api/auth/logout", async (request, reply) => {
    if (!signOutNavigationAllowed(request, config.publicUrl))
      return sendSignOutConfirmation(reply, "/api/auth/logout", "/");
    await destroySession(db, sessionToken(request));
    clearSessionCookie(reply, secure);
    return reply.redirect("/", 302);
  });
  app.post("/api/auth/logout", { schema: { body: z.unknown().optional() } }, async (request, reply) => {
    await destroySession(db, sessionToken(request));
    clearSessionCookie(reply, secure);
    return reply.code(204).send();
  });
};
