import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUserSchema, googleSignUpSchema, safeReturnTo } from "../../contract/auth";
import { GOOGLE_INVITE_STEP, GOOGLE_SIGN_UP_EXPIRED, GOOGLE_SIGN_UP_TTL_MS } from "../../contract/auth-constants";
import { errorResponses } from "../../contract/common";
import type { AppContext } from "../context";
import { Forbidden, Invalid } from "../errors";
import { sessionToken, setSessionCookie } from "../plugins/auth";
import { knownDeviceCookies } from "../plugins/known-device";
import { toCurrentUser } from "../services/accounts";
import { actorOf, audit, logAuditError, signInRecord } from "../services/audit";
import { checkInvite, googleSignUpGate } from "../services/community-settings";
import {
  finishGoogleSignIn,
  findGoogleUser,
  findOrCreateGoogleUser,
  googleConfigured,
  openPendingSignUp,
  sealPendingSignUp,
  startGoogleSignIn,
  type OidcTransaction,
} from "../services/google";
import { createSession, destroySession } from "../services/sessions";
import { markSteppedUp } from "../services/step-up";
import { storedUserAgent } from "../services/user-agent";

const OIDC_COOKIE = "oidc_tx";
/** A first Google sign-in waiting for the invite code (services/google.ts sealPendingSignUp). */
const SIGN_UP_COOKIE = "google_signup";
const ACCOUNT_DISABLED = "This account has been disabled. Please contact us if you think this is a mistake.";

/**
 * D15: Google sign-in. The transaction (state, nonce, PKCE verifier) lives in a short-lived HttpOnly cookie.
 * On an invite-only site a Google account no user has yet is not created at the callback: the player
 * is sent to /login's invite step, whose code (POST /api/auth/google/signup) creates it; existing accounts sign in
 * as before.
 */
export const googleAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, rateLimits, settings },
) => {
  const secure = config.publicUrl.startsWith("https:");
  const oidcCookie = { path: "/api/auth/google", httpOnly: true, sameSite: "lax" as const, secure };
  // only ever sent by the site's own invite step
  const signUpCookie = { path: "/api/auth/google", httpOnly: true, sameSite: "strict" as const, secure };
  const devices = knownDeviceCookies(config, settings.now);

  /** A new player session (a new token), the known-device cookie and the audit entry (ADR 019). */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: number; username: string; role: string },
  ) {
    await destroySession(db, sessionToken(request));
    const session = await createSession(db, user.id, "player", {
      now: settings.now(),
      userAgent: storedUserAgent(request.headers["user-agent"]),
    });
    setSessionCookie(reply, session.token, session.expiresAt, secure);
    await devices.remember(request, reply, user.id);
    await audit(db, signInRecord(user, "google", request.ip), logAuditError(request));
  }

  // D105: `stepUp=1` confirms the signed-in owner (the "Confirm it's you" dialog) instead of signing in.
  const querystring = z.object({ returnTo: z.string().optional(), stepUp: z.literal("1").optional() });
  app.get("/api/auth/google", { schema: { querystring } }, async (request, reply) => {
    if (!googleConfigured(config)) return reply.redirect("/login?error=google_unavailable", 302);
    try {
      const { url, tx } = await startGoogleSignIn(config, safeReturnTo(request.query.returnTo), {
        stepUp: request.query.stepUp === "1",
      });
      reply.setCookie(OIDC_COOKIE, Buffer.from(JSON.stringify(tx)).toString("base64url"), {
        ...oidcCookie,
        maxAge: 600,
      });
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
    if (tx.stepUp) return finishStepUp(request, reply, tx);
    try {
      const profile = await finishGoogleSignIn(config, new URL(request.url, config.publicUrl), tx);
      let user = await findGoogleUser(db, profile.sub);
      if (!user) {
        const gate = await googleSignUpGate(db);
        if (gate === "closed") return reply.redirect("/login?error=registration_closed", 302);
        if (gate === "invite") {
          reply.setCookie(SIGN_UP_COOKIE, sealPendingSignUp(config, profile), {
            ...signUpCookie,
            maxAge: GOOGLE_SIGN_UP_TTL_MS / 1000,
          });
          const step = new URLSearchParams({ google: GOOGLE_INVITE_STEP });
          const returnTo = safeReturnTo(tx.returnTo);
          if (returnTo !== "/") step.set("returnTo", returnTo);
          return reply.redirect(`/login?${step}`, 302);
        }
        user = await findOrCreateGoogleUser(db, profile);
      }
      if (user.disabledAt) return reply.redirect("/login?error=account_disabled", 302);
      await signIn(request, reply, user);
      return reply.redirect(safeReturnTo(tx.returnTo), 302);
    } catch (err) {
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, "Google sign-in failed");
      return reply.redirect("/login?error=google_failed", 302);
    }
  });

  /**
   * D105: the Google account of the signed-in account itself, signed in to Google within max_age, marks this session
   * as having confirmed it's the owner; back to `returnTo` with `stepUp=google` (or `stepUp=failed`). No new session.
   */
  async function finishStepUp(request: FastifyRequest, reply: FastifyReply, tx: OidcTransaction) {
    const returnTo = safeReturnTo(tx.returnTo);
    const back = (outcome: "google" | "failed") =>
      reply.redirect(`${returnTo}${returnTo.includes("?") ? "&" : "?"}stepUp=${outcome}`, 302);
    const user = request.user;
    const token = sessionToken(request);
    if (!user || !token) return reply.redirect("/login", 302);
    try {
      const profile = await finishGoogleSignIn(config, new URL(request.url, config.publicUrl), tx);
      const owner = await findGoogleUser(db, profile.sub);
      if (owner?.id !== user.id) {
        await audit(
          db,
          { actor: actorOf(user), action: "account.step_up_failed", after: { method: "google" }, ip: request.ip },
          logAuditError(request),
        );
        return back("failed");
      }
      await markSteppedUp(db, user.id, token, settings.now());
      await audit(
        db,
        { actor: actorOf(user), action: "account.stepped_up", after: { method: "google" }, ip: request.ip },
        logAuditError(request),
      );
      return back("google");
    } catch (err) {
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, "Google step-up failed");
      await audit(
        db,
        { actor: actorOf(user), action: "account.step_up_failed", after: { method: "google" }, ip: request.ip },
        logAuditError(request),
      );
      return back("failed");
    }
  }

  // D98: the invite step's code creates the Google account the callback held back, and signs it in.
  app.post(
    "/api/auth/google/signup",
    { schema: { body: googleSignUpSchema, response: { 201: currentUserSchema, ...errorResponses(400, 403, 429) } } },
    async (request, reply) => {
      const profile = openPendingSignUp(config, request.cookies[SIGN_UP_COOKIE]);
      if (!profile) throw new Invalid(GOOGLE_SIGN_UP_EXPIRED);
      await rateLimits.enforce("register", `register:ip:${request.ip}`);
      await checkInvite(db, request.body.inviteCode);
      const user = await findOrCreateGoogleUser(db, profile);
      if (user.disabledAt) throw new Forbidden(ACCOUNT_DISABLED);
      reply.clearCookie(SIGN_UP_COOKIE, signUpCookie);
      await signIn(request, reply, user);
      return reply.code(201).send(toCurrentUser(user));
    },
  );
};
