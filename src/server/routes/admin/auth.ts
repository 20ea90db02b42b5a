import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminSelfSchema,
  REQUEST_OTP_MESSAGE,
  requestOtpBodySchema,
  requestOtpResponseSchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
  verifySecondFactorBodySchema,
  verifySecondFactorResponseSchema,
} from "../../../contract/admin/sign-in";
import { TWO_STEP_TEXTS } from "../../../contract/two-step-constants";
import type { AppContext } from "../../context";
import {
  clearSessionCookie,
  requireStaff,
  sendSignOutConfirmation,
  sessionToken,
  setSessionCookie,
  signOutNavigationAllowed,
} from "../../plugins/auth";
import { knownDeviceCookies } from "../../plugins/known-device";
import { audit, logAuditError, signInRecord } from "../../services/audit";
import type { Mailer } from "../../services/mailer";
import { accountIdOfEmail } from "../../services/otp";
import { secretBox } from "../../services/secret-box";
import { createSession, destroySession } from "../../services/sessions";
import { staffSignIn, type StaffClient } from "../../services/staff-sign-in";
import { twoStepRequiredOf } from "../../services/two-step";
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

/** D41: one-time-code sign-in, the admin lookup and the admin logout; the rules are in services/staff-sign-in.ts. */
export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthOptions> = async (
  app,
  { db, config, mailer, rateLimits, settings },
) => {
  const secure = config.publicUrl.startsWith("https:");
  const rules = staffSignIn({ db, config, mailer, rateLimits, box: secretBox(config.twoStepKey) });
  const devices = knownDeviceCookies(config, settings.now);

  /** D107: who asks for this address: a known device of the address's account, or else the client's address. */
  async function clientOf(request: FastifyRequest, email: string): Promise<StaffClient> {
    const deviceId = await devices.deviceOf(request, await accountIdOfEmail(db, email));
    return deviceId
      ? { key: `device:${deviceId}`, known: true, ip: request.ip }
      : { key: `ip:${request.ip}`, known: false, ip: request.ip };
  }

  /** D13: a new admin session (a new token at every sign-in), audit-logged. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    method: "email" | "totp" | "recovery",
  ) {
    await destroySession(db, sessionToken(request));
    const { token, expiresAt } = await createSession(db, userId, "admin", {
      now: settings.now(),
      userAgent: storedUserAgent(request.headers["user-agent"]),
    });
    setSessionCookie(reply, token, expiresAt, secure);
    await devices.remember(request, reply, userId);
    request.log.info({ userId, method }, "admin signed in");
    const self = await getAdminSelf(db, userId);
    await audit(
      db,
      signInRecord({ id: userId, username: self.username, role: self.role }, method, request.ip, true),
      logAuditError(request),
    );
    return { user: self, message: "Login successful" };
  }

  // D42: the same answer for every valid address; a mail only for administrators.
  app.post(
    "/api/admin/request-otp",
    { schema: { body: requestOtpBodySchema, response: { 200: requestOtpResponseSchema, ...adminErrorResponses } } },
    async (request) => {
      const { email } = request.body;
      const { challengeId, code } = await rules.requestCode(
        email,
        await clientOf(request, email),
        settings.now(),
        request.log,
      );
      return {
        otpSecret: challengeId,
        message: REQUEST_OTP_MESSAGE,
        // development only, and only to a client on this machine (the socket's address, not a header's)
        ...(code && config.env === "development" && isLoopback(request.socket.remoteAddress) ? { otp: code } : {}),
      };
    },
  );

  // D42: a right, live, unused code of that address → an admin session; with two-step on, `secondFactor: "totp"` first.
  app.post(
    "/api/admin/verify-otp",
    { schema: { body: verifyOtpBodySchema, response: { 200: verifyOtpResponseSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { email } = request.body;
      const checked = await rules.checkEmailedCode(
        request.body,
        await clientOf(request, email),
        settings.now(),
        request.log,
      );
      if (checked.secondFactor) return { secondFactor: "totp" as const, message: TWO_STEP_TEXTS.secondFactorRequired };
      const signedIn = await signIn(request, reply, checked.userId, "email");
      // D106: an admin (or, by the Settings switch, a moderator) without two-step sign-in is walked through it first
      return (await twoStepRequiredOf(db, signedIn.user.role)) ? { ...signedIn, mustEnrol: true } : signedIn;
    },
  );

  // The second step of a staff member with two-step sign-in: an authenticator code or an unused recovery code.
  app.post(
    "/api/admin/verify-second-factor",
    {
      schema: {
        body: verifySecondFactorBodySchema,
        response: { 200: verifySecondFactorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const { userId, method } = await rules.checkSecondFactor(
        request.body,
        await clientOf(request, email),
        settings.now(),
        request.log,
      );
      return signIn(request, reply, userId, method);
    },
  );

  // D43: the /cms screens' admin or moderator lookup (guarded like every /api/admin route).
  app.get(
    "/api/admin/user",
    { schema: { response: { 200: adminSelfSchema, ...adminErrorResponses } } },
    async (request) => {
      const me = requireStaff(request);
      return getAdminSelf(db, me.id);
    },
  );

  // D43: ends the admin session and returns to the sign-in screen.
  app.get("/api/logout", async (request, reply) => {
    // By GET only from the site itself (plugins/auth.ts).
    if (!signOutNavigationAllowed(request, config.publicUrl))
      return sendSignOutConfirmation(reply, "/api/logout", "/cms");
    await destroySession(db, sessionToken(request));
    clearSessionCookie(reply, secure);
    return reply.redirect("/cms", 302);
  });
};
