import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { safeReturnTo } from "../../contract/auth";
import type { AppContext } from "../context";
import { sessionToken, setSessionCookie } from "../plugins/auth";
import { finishGoogleSignIn, findOrCreateGoogleUser, googleConfigured, startGoogleSignIn, type OidcTransaction } from "../services/google";
import { createSession, destroySession } from "../services/sessions";
import { storedUserAgent } from "../services/user-agent";

const OIDC_COOKIE = "oidc_tx";

/** D15: Google sign-in. The transaction (state, nonce, PKCE verifier) lives in a short-lived HttpOnly cookie. */
export const googleAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const secure = config.publicUrl.startsWith("https:");
  const oidcCookie = { path: "/api/auth/google", httpOnly: true, sameSite: "lax" as const, secure };

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
      await destroySession(db, sessionToken(request));
      const session = await createSession(db, user.id, "player", { userAgent: storedUserAgent(request.headers["user-agent"]) });
      setSessionCookie(reply, session.token, session.expiresAt, secure);
      return reply.redirect(safeReturnTo(tx.returnTo), 302);
    } catch (err) {
      request.log.warn({ err: err instanceof Error ? err.message : String(err) }, "Google sign-in failed");
      return reply.redirect("/login?error=google_failed", 302);
    }
  });
};
