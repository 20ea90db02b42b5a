import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminSelfSchema,
  INVALID_OTP_MESSAGE,
  REQUEST_OTP_MESSAGE,
  requestOtpBodySchema,
  requestOtpResponseSchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
  verifySecondFactorBodySchema,
  verifySecondFactorResponseSchema,
} from "../../../contract/admin";
import { SIGN_IN_ALERT_AFTER_FAILURES, TWO_STEP_TEXTS } from "../../../contract/two-step-constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { clearSessionCookie, requireStaff, sendSignOutConfirmation, sessionToken, setSessionCookie, signOutNavigationAllowed } from "../../plugins/auth";
import { Unauthorized } from "../../errors";
import { otpMail, signInAlertMail, type Mailer } from "../../services/mailer";
import { audit, logAuditError, signInRecord } from "../../services/audit";
import {
  accountIdOfEmail,
  awaitSecondFactor,
  checkOtpCode,
  createOtpChallenge,
  finishOtpChallenge,
  mayReceiveAdminCode,
  OTP_POLICY,
  resolveAdminUser,
  spendSecondFactorTry,
} from "../../services/otp";
import { hitRateLimit } from "../../services/rate-limit";
import { knownDeviceCookies } from "../../plugins/known-device";
import type { RateLimitName } from "../../rate-limits";
import { checkSecondFactor, twoStepEnabled, twoStepRequiredOf } from "../../services/two-step";
import { secretBox } from "../../services/secret-box";
import { siteName } from "../../services/content";
import { createSession, destroySession } from "../../services/sessions";
import { storedUserAgent } from "../../services/user-agent";
import { getAdminSelf } from "../../services/users";
import { adminErrorResponses } from "./validation";

export type AdminAuthOptions = AppContext & { mailer: Mailer };

/** D107: the client of a staff sign-in step: a known device of the account (`device:{id}`) or an address (`ip:{ip}`). */
type StaffClient = { key: string; known: boolean; ip: string };

/** A client on this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** D41–D43: one-time-code sign-in, the admin lookup and the admin logout. */
export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthOptions> = async (app, { db, config, mailer, rateLimits, settings }) => {
  const secure = config.publicUrl.startsWith("https:");
  const box = secretBox(config.twoStepKey);

  const devices = knownDeviceCookies(config, settings.now);
  let codeKey: Promise<Buffer> | undefined;
  const getCodeKey = () => (codeKey ??= box.keyFor("staff sign-in codes"));

  /** D107: who asks for this address: a known device of the address's account, or else the client's address. */
  async function clientOf(request: FastifyRequest, email: string): Promise<StaffClient> {
    const deviceId = await devices.deviceOf(request, await accountIdOfEmail(db, email));
    return deviceId ? { key: `device:${deviceId}`, known: true, ip: request.ip } : { key: `ip:${request.ip}`, known: false, ip: request.ip };
  }

  /**
   * Issue 17, D107: every staff code tried (emailed or second factor) is reserved before it is checked, under the staff
   * address with the client, and, unless the client is a known device of the account (ADR 019), under the client
   * address and the staff address alone (rate-limits.ts), so that failures count across challenges and back off (429).
   * A right code gives its reservations back.
   */
  const codeTryKeys = (email: string, client: StaffClient): Array<[RateLimitName, string]> => [
    ...(client.known ? [] : [["adminCodeFailurePerAddress", `admin-code:ip:${client.ip}`] as [RateLimitName, string]]),
    ["adminCodeFailure", `admin-code:email:${email}:${client.key}`],
    ...(client.known
      ? []
      : ([
          ["adminCodeFailurePerAdmin", `admin-code:email:${email}`],
          ["adminCodeFailurePerAdminPerDay", `admin-code-day:email:${email}`],
        ] as Array<[RateLimitName, string]>)),
  ];
  async function reserveCodeTry(email: string, client: StaffClient): Promise<void> {
    await rateLimits.reserve(...codeTryKeys(email, client));
  }
  async function giveBackCodeTry(email: string, client: StaffClient): Promise<void> {
    await Promise.all(codeTryKeys(email, client).map(([, key]) => rateLimits.release(key)));
  }
  /** D99 + issue 17: a wrong code is audit-logged; the 5th in an hour for a staff address mails its owner an alert. */
  async function codeFailed(request: FastifyRequest, email: string, action: "auth.otp_failed" | "auth.second_factor_failed"): Promise<void> {
    await audit(db, { actor: { id: null, label: email, role: null }, action, ip: request.ip }, logAuditError(request));
    const { count } = await hitRateLimit(db, `admin-code-alert:${email}`, SIGN_IN_ALERT_AFTER_FAILURES, OTP_POLICY.windowMs);
    if (count !== SIGN_IN_ALERT_AFTER_FAILURES || !(await mayReceiveAdminCode(db, config.adminEmails, email))) return;
    const mail = signInAlertMail({ to: email, siteName: await siteName(db), publicUrl: config.publicUrl, failures: count, address: request.ip });
    mailer.send(mail).catch((err: unknown) => request.log.error({ err, to: email }, "could not send the sign-in alert"));
  }
  /** D13: a new admin session (a new token at every sign-in), audit-logged. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number, method: "email" | "totp" | "recovery") {
    await destroySession(db, sessionToken(request));
    const { token, expiresAt } = await createSession(db, userId, "admin", { now: settings.now(), userAgent: storedUserAgent(request.headers["user-agent"]) });
    setSessionCookie(reply, token, expiresAt, secure);
    await devices.remember(request, reply, userId);
    request.log.info({ userId, method }, "admin signed in");
    const self = await getAdminSelf(db, userId);
    await audit(db, signInRecord({ id: userId, username: self.username, role: self.role }, method, request.ip, true), logAuditError(request));
    return { user: self, message: "Login successful" };
  }

  // D42: the same answer for every valid address; a mail only for administrators.
  app.post(
    "/api/admin/request-otp",
    { schema: { body: requestOtpBodySchema, response: { 200: requestOtpResponseSchema, ...adminErrorResponses } } },
    async (request) => {
      const { email } = request.body;
      const now = settings.now();
      const client = await clientOf(request, email);
      // Per client, so that nobody fills the table with made-up addresses; a known device has its own limit (D107).
      if (!client.known) await rateLimits.enforce("adminOtpPerClient", `admin-otp-ip:${request.ip}`);
      await rateLimits.enforce("adminOtpPerAddressAndClient", `admin-otp:${email}:${client.key}`);
      // D107: the address's cap limits mails only; past it the answer is the same and its challenge signs nobody in.
      const usable = client.known || (await rateLimits.allows("adminOtpMailsPerAddress", `admin-otp-mail:${email}`));
      const allowed = await mayReceiveAdminCode(db, config.adminEmails, email);
      const { challengeId, code, expiresAt } = await createOtpChallenge(db, { email, clientKey: client.key, usable, codeKey: await getCodeKey() }, now);
      if (allowed && code) {
        const validMinutes = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000));
        const mail = otpMail({ to: email, code, siteName: await siteName(db), publicUrl: config.publicUrl, validMinutes });
        // Not awaited: the answer must not take longer for an administrator's address than for anyone else's (D42).
        mailer.send(mail).catch((err: unknown) => request.log.error({ err, to: email }, "could not send the admin sign-in code"));
      }
      return {
        otpSecret: challengeId,
        message: REQUEST_OTP_MESSAGE,
        // development only, and only to a client on this machine (the socket's address, not a header's, issue 17)
        ...(code && config.env === "development" && isLoopback(request.socket.remoteAddress) ? { otp: code } : {}),
      };
    },
  );

  // D42: a right, live, unused code of that address → an admin session (D13: a new token at every sign-in).
  // Issue 17: a staff member with two-step sign-in gets no session yet, but `secondFactor: "totp"`.
  app.post(
    "/api/admin/verify-otp",
    { schema: { body: verifyOtpBodySchema, response: { 200: verifyOtpResponseSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { email, otp, otpSecret } = request.body;
      const now = settings.now();
      const client = await clientOf(request, email);
      await reserveCodeTry(email, client);
      const ok = await checkOtpCode(db, otpSecret, email, otp, now);
      const userId = ok ? await resolveAdminUser(db, config.adminEmails, email) : undefined;
      if (userId === undefined) {
        // D99: a failed admin sign-in is audit-logged with the address typed
        await codeFailed(request, email, "auth.otp_failed");
        throw new Unauthorized(INVALID_OTP_MESSAGE);
      }
      await giveBackCodeTry(email, client);
      if (await twoStepEnabled(db, userId)) {
        if (!(await awaitSecondFactor(db, otpSecret, now))) throw new Unauthorized(INVALID_OTP_MESSAGE);
        return { secondFactor: "totp" as const, message: TWO_STEP_TEXTS.secondFactorRequired };
      }
      if (!(await finishOtpChallenge(db, otpSecret, now))) throw new Unauthorized(INVALID_OTP_MESSAGE);
      const signedIn = await signIn(request, reply, userId, "email");
      // D106: an admin (or, by the Settings switch, a moderator) without two-step sign-in is walked through it first
      return (await twoStepRequiredOf(db, signedIn.user.role)) ? { ...signedIn, mustEnrol: true } : signedIn;
    },
  );

  // Issue 17: the second step of a staff member with two-step sign-in: a current authenticator code or an unused
  // recovery code, on the challenge whose emailed code was right (5 tries, and the failures count across challenges).
  app.post(
    "/api/admin/verify-second-factor",
    { schema: { body: verifySecondFactorBodySchema, response: { 200: verifySecondFactorResponseSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { email, otpSecret, code } = request.body;
      const now = settings.now();
      const client = await clientOf(request, email);
      await reserveCodeTry(email, client);
      const live = await spendSecondFactorTry(db, otpSecret, email, now);
      const userId = live ? await resolveAdminUser(db, config.adminEmails, email) : undefined;
      const result = userId === undefined ? { ok: false as const } : await checkSecondFactor(db, box, userId, code, now);
      if (userId === undefined || !result.ok) {
        await codeFailed(request, email, "auth.second_factor_failed");
        throw new Unauthorized(live ? TWO_STEP_TEXTS.secondFactorWrong : INVALID_OTP_MESSAGE);
      }
      await giveBackCodeTry(email, client);
      if (!(await finishOtpChallenge(db, otpSecret, now))) throw new Unauthorized(INVALID_OTP_MESSAGE);
      return signIn(request, reply, userId, result.method);
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
