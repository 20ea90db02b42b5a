import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminSelfSchema,
  INVALID_OTP_MESSAGE,
  REQUEST_OTP_MESSAGE,
  requestOtpBodySchema,
  requestOtpResponseSchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
} from "../../../contract/admin";
import type { AppContext } from "../../context";
import { clearSessionCookie, requireStaff, sendSignOutConfirmation, sessionToken, setSessionCookie, signOutNavigationAllowed } from "../../plugins/auth";
import { Unauthorized } from "../../errors";
import { otpMail, type Mailer } from "../../services/mailer";
import { audit } from "../../services/audit";
import { consumeOtpChallenge, createOtpChallenge, mayReceiveAdminCode, OTP_POLICY, resolveAdminUser } from "../../services/otp";
import { siteName } from "../../services/content";
import { createSession, destroySession } from "../../services/sessions";
import { storedUserAgent } from "../../services/user-agent";
import { getAdminSelf } from "../../services/users";
import { adminErrorResponses } from "./validation";

export type AdminAuthOptions = AppContext & { mailer: Mailer };

/** A client on this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** D41–D43: one-time-code sign-in, the admin lookup and the admin logout. */
export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthOptions> = async (app, { db, config, mailer, rateLimits }) => {
  const secure = config.publicUrl.startsWith("https:");

  // D42: the same answer for every valid address; a mail only for administrators.
  app.post(
    "/api/admin/request-otp",
    { schema: { body: requestOtpBodySchema, response: { 200: requestOtpResponseSchema, ...adminErrorResponses } } },
    async (request) => {
      const { email } = request.body;
      // Per address (D42), and per client so that nobody fills the table with made-up addresses.
      await rateLimits.enforce("adminOtpPerClient", `admin-otp-ip:${request.ip}`);
      await rateLimits.enforce("adminOtpPerAddress", `admin-otp:${email}`);
      const allowed = await mayReceiveAdminCode(db, config.adminEmails, email);
      const { challengeId, code } = await createOtpChallenge(db, email);
      if (allowed) {
        const mail = otpMail({ to: email, code, siteName: await siteName(db), publicUrl: config.publicUrl, validMinutes: OTP_POLICY.ttlMs / 60_000 });
        // Not awaited: the answer must not take longer for an administrator's address than for anyone else's (D42).
        mailer.send(mail).catch((err: unknown) => request.log.error({ err, to: email }, "could not send the admin sign-in code"));
      }
      return {
        otpSecret: challengeId,
        message: REQUEST_OTP_MESSAGE,
        // development only, and only to a client on this machine (the socket's address, not a header's, issue 17)
        ...(config.env === "development" && isLoopback(request.socket.remoteAddress) ? { otp: code } : {}),
      };
    },
  );

  // D42: a right, live, unused code of that address → an admin session (D13: a new token at every sign-in).
  app.post(
    "/api/admin/verify-otp",
    { schema: { body: verifyOtpBodySchema, response: { 200: verifyOtpResponseSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { email, otp, otpSecret } = request.body;
      const ok = await consumeOtpChallenge(db, otpSecret, email, otp);
      const userId = ok ? await resolveAdminUser(db, config.adminEmails, email) : undefined;
      if (userId === undefined) {
        // D99: a failed admin sign-in is audit-logged with the address typed
        await audit(db, { actor: { id: null, label: email, role: null }, action: "auth.otp_failed", ip: request.ip }, (err) =>
          request.log.warn({ err }, "could not write the audit log"),
        );
        throw new Unauthorized(INVALID_OTP_MESSAGE);
      }
      await destroySession(db, sessionToken(request));
      const { token, expiresAt } = await createSession(db, userId, "admin", { userAgent: storedUserAgent(request.headers["user-agent"]) });
      setSessionCookie(reply, token, expiresAt, secure);
      request.log.info({ userId }, "admin signed in");
      const self = await getAdminSelf(db, userId);
      await audit(db, { actor: { id: userId, label: self.username, role: self.role }, action: "auth.admin_signed_in", ip: request.ip }, (err) =>
        request.log.warn({ err }, "could not write the audit log"),
      );
      return { user: self, message: "Login successful" };
    },
  );

  // D43: the /cms screens' admin lookup (guarded like every /api/admin route); D96: a moderator's too.
  app.get("/api/admin/user", { schema: { response: { 200: adminSelfSchema, ...adminErrorResponses } } }, async (request) => {
    const me = requireStaff(request);
    return getAdminSelf(db, me.id);
  });

  // D43: ends the admin session and returns to the sign-in screen.
  app.get("/api/logout", async (request, reply) => {
    // Issue 17: by GET only from the site itself (plugins/auth.ts).
    if (!signOutNavigationAllowed(request, config.publicUrl)) return sendSignOutConfirmation(reply, "/api/logout", "/cms");
    await destroySession(db, sessionToken(request));
    clearSessionCookie(reply, secure);
    return reply.redirect("/cms", 302);
  });
};
