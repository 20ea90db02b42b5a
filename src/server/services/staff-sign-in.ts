import { INVALID_OTP_MESSAGE } from "../../contract/admin/sign-in";
import { SIGN_IN_ALERT_AFTER_FAILURES, TWO_STEP_TEXTS } from "../../contract/two-step-constants";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { Unauthorized } from "../errors";
import type { RateLimitName, RateLimits } from "../rate-limit-table";
import { audit, logAuditError } from "./audit";
import { siteName } from "./content";
import { otpMail, signInAlertMail, type Mailer } from "./mailer";
import {
  awaitSecondFactor,
  checkOtpCode,
  createOtpChallenge,
  finishOtpChallenge,
  mayReceiveAdminCode,
  OTP_POLICY,
  resolveAdminUser,
  spendSecondFactorTry,
} from "./otp";
import { hitRateLimit } from "./rate-limit-counter";
import type { SecretBox } from "./secret-box";
import { checkSecondFactor, twoStepEnabled } from "./two-step";

/** D107: who asks to sign in: a known device of the account (`device:{id}`) or else a client address (`ip:{ip}`). */
export type StaffClient = { key: string; known: boolean; ip: string };

type Logger = { warn(details: object, message: string): void; error(details: object, message: string): void };

/**
 * Contract: the rules of a staff member's sign-in by emailed code and, with two-step on, a second factor (D107),
 * without HTTP: the caller says who the client is and makes the session.
 * - `requestCode` answers the same for every address; a code is mailed only to a staff address, and past the
 *   address's mail cap nothing is mailed and the challenge signs nobody in. Requests are limited per client
 *   and per (address, client); a known device is not counted against the client address.
 * - `checkEmailedCode` and `checkSecondFactor` reserve a try before checking, under the (address, client) pair and,
 *   unless the client is a known device, under the client address and the staff address alone, so that wrong codes
 *   count across challenges and back off (429); a right code gives its tries back. A wrong code is audit-logged,
 *   and the 5th in an hour for one address mails its owner an alert. Both throw Unauthorized with the texts the
 *   screen shows.
 * - `checkEmailedCode` answers `{ secondFactor: true }` while the challenge waits for a second factor, else the
 *   staff member's id with the challenge spent.
 */
export function staffSignIn(deps: {
  db: Db;
  config: Pick<Config, "adminEmails" | "publicUrl">;
  mailer: Mailer;
  rateLimits: RateLimits;
  box: SecretBox;
}) {
  const { db, config, mailer, rateLimits, box } = deps;
  let codeKey: Promise<Buffer> | undefined;
  const getCodeKey = () => (codeKey ??= box.keyFor("staff sign-in codes"));

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
  const reserveCodeTry = (email: string, client: StaffClient) => rateLimits.reserve(...codeTryKeys(email, client));
  const giveBackCodeTry = async (email: string, client: StaffClient) => {
    await Promise.all(codeTryKeys(email, client).map(([, key]) => rateLimits.release(key)));
  };

  async function codeFailed(
    email: string,
    client: StaffClient,
    action: "auth.otp_failed" | "auth.second_factor_failed",
    log: Logger,
  ): Promise<void> {
    await audit(db, { actor: { id: null, label: email, role: null }, action, ip: client.ip }, logAuditError({ log }));
    const { count } = await hitRateLimit(
      db,
      `admin-code-alert:${email}`,
      SIGN_IN_ALERT_AFTER_FAILURES,
      OTP_POLICY.windowMs,
    );
    if (count !== SIGN_IN_ALERT_AFTER_FAILURES || !(await mayReceiveAdminCode(db, config.adminEmails, email))) return;
    const mail = signInAlertMail({
      to: email,
      siteName: await siteName(db),
      publicUrl: config.publicUrl,
      failures: count,
      address: client.ip,
    });
    mailer.send(mail).catch((err: unknown) => log.error({ err, to: email }, "could not send the sign-in alert"));
  }

  return {
    async requestCode(
      email: string,
      client: StaffClient,
      now: Date,
      log: Logger,
    ): Promise<{ challengeId: string; code: string | null }> {
      // Per client, so that nobody fills the table with made-up addresses; a known device has its own limit.
      if (!client.known) await rateLimits.enforce("adminOtpPerClient", `admin-otp-ip:${client.ip}`);
      await rateLimits.enforce("adminOtpPerAddressAndClient", `admin-otp:${email}:${client.key}`);
      const usable = client.known || (await rateLimits.allows("adminOtpMailsPerAddress", `admin-otp-mail:${email}`));
      const allowed = await mayReceiveAdminCode(db, config.adminEmails, email);
      const { challengeId, code, expiresAt } = await createOtpChallenge(
        db,
        { email, clientKey: client.key, usable, codeKey: await getCodeKey() },
        now,
      );
      if (allowed && code) {
        const validMinutes = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000));
        const mail = otpMail({
          to: email,
          code,
          siteName: await siteName(db),
          publicUrl: config.publicUrl,
          validMinutes,
        });
        // Not awaited: the answer must not take longer for a staff address than for anyone else's (D42).
        mailer
          .send(mail)
          .catch((err: unknown) => log.error({ err, to: email }, "could not send the admin sign-in code"));
      }
      return { challengeId, code: code ?? null };
    },

    async checkEmailedCode(
      input: { email: string; otpSecret: string; otp: string },
      client: StaffClient,
      now: Date,
      log: Logger,
    ): Promise<{ secondFactor: true } | { secondFactor: false; userId: number }> {
      const { email, otpSecret, otp } = input;
      await reserveCodeTry(email, client);
      const ok = await checkOtpCode(db, otpSecret, email, otp, now);
      const userId = ok ? await resolveAdminUser(db, config.adminEmails, email) : undefined;
      if (userId === undefined) {
        await codeFailed(email, client, "auth.otp_failed", log);
        throw new Unauthorized(INVALID_OTP_MESSAGE);
      }
      await giveBackCodeTry(email, client);
      if (await twoStepEnabled(db, userId)) {
        if (!(await awaitSecondFactor(db, otpSecret, now))) throw new Unauthorized(INVALID_OTP_MESSAGE);
        return { secondFactor: true };
      }
      if (!(await finishOtpChallenge(db, otpSecret, now))) throw new Unauthorized(INVALID_OTP_MESSAGE);
      return { secondFactor: false, userId };
    },

    async checkSecondFactor(
      input: { email: string; otpSecret: string; code: string },
      client: StaffClient,
      now: Date,
      log: Logger,
    ): Promise<{ userId: number; method: "totp" | "recovery" }> {
      const { email, otpSecret, code } = input;
      await reserveCodeTry(email, client);
      const live = await spendSecondFactorTry(db, otpSecret, email, now);
      const userId = live ? await resolveAdminUser(db, config.adminEmails, email) : undefined;
      const result =
        userId === undefined ? { ok: false as const } : await checkSecondFactor(db, box, userId, code, now);
      if (userId === undefined || !result.ok) {
        await codeFailed(email, client, "auth.second_factor_failed", log);
        throw new Unauthorized(live ? TWO_STEP_TEXTS.secondFactorWrong : INVALID_OTP_MESSAGE);
      }
      await giveBackCodeTry(email, client);
      if (!(await finishOtpChallenge(db, otpSecret, now))) throw new Unauthorized(INVALID_OTP_MESSAGE);
      return { userId, method: result.method };
    },
  };
}
