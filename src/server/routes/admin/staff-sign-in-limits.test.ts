import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertUser } from "../../../test/factories";
import { codeFrom, startSmtp } from "../../../test/smtp";
import { buildTestApp, createUserWithSession, describeEachDatabase, type TestApp } from "../../../test/test-app";
import { auditLogTable, usersTable } from "../../db/schema";
import { issueKnownDevice } from "../../services/known-device";

/**
 * D107: limits that others could fill for an account must not lock its owner out. Anonymous code requests for an
 * admin's address must neither lock the real admin out nor void the code already mailed; guesses against one account
 * spread over many addresses are capped; successful sign-ins are audit-logged.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());

const CODE_MAIL = /sign-in code/;
const COOKIE = "known_device";
const ADMIN = "boss@example.com";
const OTHER_ADMIN = "second@example.com";

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const knownDeviceOf = (res: Res) => res.cookies.find((c) => c.name === COOKIE);

function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}
/** The next `count` code mails to `to`, taken out of the inbox (mails go out after the answer, D42). */
async function takeCodeMails(to: string, count: number) {
  const mails = [];
  for (let i = 0; i < count; i++) mails.push(await smtp.waitFor(to, 5000, CODE_MAIL));
  return mails;
}

describeEachDatabase(
  "staff sign-in limits others cannot turn against an account (D107, ADR 019)",
  (t) => {
    beforeEach(async () => {
      await t().database.db.execute(sql`delete from rate_limits`);
      smtp.inbox.splice(0);
    });

    const requestOtp = (email: string, remoteAddress: string, device?: string) =>
      t().app.inject({
        method: "POST",
        url: "/api/admin/request-otp",
        payload: { email },
        remoteAddress,
        cookies: device ? { [COOKIE]: device } : {},
      });
    const verify = (body: { email: string; otp: string; otpSecret: string }, remoteAddress: string, device?: string) =>
      t().app.inject({
        method: "POST",
        url: "/api/admin/verify-otp",
        payload: body,
        remoteAddress,
        cookies: device ? { [COOKIE]: device } : {},
      });
    async function requestAndReceive(email: string, remoteAddress: string, device?: string) {
      const res = await requestOtp(email, remoteAddress, device);
      expect(res.statusCode, res.body).toBe(200);
      const mail = await smtp.waitFor(email, 5000, CODE_MAIL);
      return { otpSecret: res.json().otpSecret as string, code: codeFrom(mail) };
    }
    /** Signs `email` in from `remoteAddress` with a fresh code; returns the known-device cookie it was given. */
    async function signInStaffCookie(email: string, remoteAddress: string, device?: string) {
      const { otpSecret, code } = await requestAndReceive(email, remoteAddress, device);
      const res = await verify({ email, otp: code, otpSecret }, remoteAddress, device);
      expect(res.statusCode, res.body).toBe(200);
      const cookie = knownDeviceOf(res);
      expect(cookie).toBeDefined();
      return cookie!;
    }
    const signInStaff = async (email: string, remoteAddress: string, device?: string) =>
      (await signInStaffCookie(email, remoteAddress, device)).value;
    const passwordLogin = (username: string, password: string, remoteAddress: string, device?: string) =>
      t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password },
        remoteAddress,
        cookies: device ? { [COOKIE]: device } : {},
      });
    /** `count` wrong emailed codes for `email`, 5 from each of several fresh client addresses (a challenge dies after 5). */
    async function wrongCodesFromEverywhere(email: string, count: number, net: string) {
      for (let i = 0; i < count; i += 5) {
        const ip = `${net}.${i / 5 + 1}`;
        const { otpSecret, code } = await requestAndReceive(email, ip);
        for (let j = 0; j < Math.min(5, count - i); j++)
          expect((await verify({ email, otp: wrong(code), otpSecret }, ip)).statusCode).toBe(401);
      }
    }

    it("six anonymous requests from other addresses neither void the code mailed before nor stop the admin, from a known device or another address", async () => {
      const device = await signInStaff(ADMIN, "198.51.100.1");
      const before = await requestAndReceive(ADMIN, "198.51.100.1", device);
      for (let i = 1; i <= 6; i++) expect((await requestOtp(ADMIN, `203.0.113.${i}`)).statusCode).toBe(200);
      await takeCodeMails(ADMIN, 6);
      // The code mailed before the flood still signs in
      expect(
        (await verify({ email: ADMIN, otp: before.code, otpSecret: before.otpSecret }, "198.51.100.1", device))
          .statusCode,
      ).toBe(200);
      // The known device gets a new code and signs in
      await signInStaff(ADMIN, "198.51.100.1", device);
      // And so does the admin on another address, without the cookie
      await signInStaff(ADMIN, "192.0.2.50");
    });

    it("the same client asking again gets its own challenge and the same code; another client's request leaves it alone", async () => {
      const first = await requestAndReceive(ADMIN, "198.51.100.2");
      const again = await requestAndReceive(ADMIN, "198.51.100.2");
      expect(again).toEqual(first);
      const stranger = await requestAndReceive(ADMIN, "203.0.113.40");
      expect(stranger.otpSecret).not.toBe(first.otpSecret);
      expect(
        (await verify({ email: ADMIN, otp: first.code, otpSecret: first.otpSecret }, "198.51.100.2")).statusCode,
      ).toBe(200);
    });

    it("past the address's cap the answer is identical and no mail goes out; a known device is not counted", async () => {
      const device = await signInStaff(ADMIN, "198.51.100.3");
      const answers: Res[] = [];
      for (let i = 1; i <= 12; i++) answers.push(await requestOtp(ADMIN, `203.0.114.${i}`));
      const shape = (res: Res) => ({
        status: res.statusCode,
        keys: Object.keys(res.json()).sort(),
        message: res.json().message,
        secret: /^[A-Za-z0-9_-]{32}$/.test(res.json().otpSecret),
        contentType: res.headers["content-type"],
        cookies: res.cookies.map((c) => c.name),
      });
      for (const res of answers) expect(shape(res)).toEqual(shape(answers[0]));
      // The first sign-in's mail and 9 of the 12 fill the address's 10; the known device's own code is not counted.
      const own = await requestOtp(ADMIN, "198.51.100.3", device);
      expect(own.statusCode).toBe(200);
      const mails = await takeCodeMails(ADMIN, 10);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.inbox.filter((m) => m.to.includes(ADMIN))).toEqual([]);
      // A challenge past the cap signs nobody in, whatever code is tried
      const late = answers[11].json().otpSecret as string;
      for (const mail of mails)
        expect((await verify({ email: ADMIN, otp: codeFrom(mail), otpSecret: late }, "203.0.114.12")).statusCode).toBe(
          401,
        );
    });

    it("wrong codes from many addresses are capped per account; the owner's known device is not", async () => {
      const device = await signInStaff(ADMIN, "198.51.100.4");
      await wrongCodesFromEverywhere(ADMIN, 20, "203.0.115");
      // A new address with the right code: refused (the 21st guess against the account this hour)
      const fresh = await requestAndReceive(ADMIN, "192.0.2.60");
      const refused = await verify({ email: ADMIN, otp: fresh.code, otpSecret: fresh.otpSecret }, "192.0.2.60");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/device you signed in from before/);
      // The known device signs in
      await signInStaff(ADMIN, "198.51.100.4", device);
    });

    it("the known-device cookie counts only as made by this site for that user: forged, tampered and another user's are refused", async () => {
      const cookie = await signInStaffCookie(ADMIN, "198.51.100.5");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 365 * 24 * 60 * 60 });
      expect(cookie.secure).toBeFalsy();
      const device = cookie.value;
      const otherDevice = await signInStaff(OTHER_ADMIN, "198.51.100.6");
      const [user] = await t()
        .database.db.select({ id: usersTable.id })
        .from(usersTable)
        .where(eq(usersTable.email, ADMIN));
      await wrongCodesFromEverywhere(ADMIN, 20, "203.0.116");

      // Past the account's cap a guess is refused before any code is looked at (429), unless it comes from a known device
      const guess = (value: string) =>
        verify({ email: ADMIN, otp: "000000", otpSecret: "no-such-challenge" }, "198.51.100.5", value);
      const [, , deviceId, issued, mac] = device.split(".");
      const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
      const rejected = {
        forged: issueKnownDevice(crypto.randomBytes(32), user.id, undefined),
        "tampered user": `v1.${user.id + 1}.${deviceId}.${issued}.${mac}`,
        "tampered mac": `v1.${user.id}.${deviceId}.${issued}.${flip(mac)}`,
        "tampered time": `v1.${user.id}.${deviceId}.${Number(issued) + 1}.${mac}`,
        "another user's": otherDevice,
        garbage: "v1....",
      };
      for (const [what, value] of Object.entries(rejected)) expect((await guess(value)).statusCode, what).toBe(429);
      expect((await guess(device)).statusCode).toBe(401);
      await signInStaff(ADMIN, "198.51.100.5", device);
    });

    it("a player's password guesses from many addresses are capped per account; the owner's known device still signs in", async () => {
      await insertUser(t(), {
        username: "capped_player",
        email: "capped@example.com",
        password: "correct horse battery",
        emailVerifiedAt: new Date(),
      });
      const login = (password: string, remoteAddress: string, device?: string) =>
        passwordLogin("capped_player", password, remoteAddress, device);
      const ok = await login("correct horse battery", "198.51.100.7");
      expect(ok.statusCode).toBe(200);
      const device = knownDeviceOf(ok)!.value;
      // 20 wrong passwords from five addresses, 4 each (under the per-address back-offs)
      for (let i = 0; i < 20; i++)
        expect((await login("wrong password!", `203.0.117.${Math.floor(i / 4) + 1}`)).statusCode).toBe(401);
      const elsewhere = await login("correct horse battery", "192.0.2.70");
      expect(elsewhere.statusCode).toBe(429);
      expect(
        (await login("correct horse battery", "192.0.2.71", issueKnownDevice(crypto.randomBytes(32), 1, undefined)))
          .statusCode,
      ).toBe(429);
      expect((await login("correct horse battery", "192.0.2.72", device)).statusCode).toBe(200);
      // A name no account has is capped the same way (the answer does not tell which names exist)
      for (let i = 0; i < 20; i++) await passwordLogin("nobody_here", "x", `203.0.118.${i}`);
      const nobody = await passwordLogin("nobody_here", "x", "192.0.2.73");
      expect(nobody.statusCode).toBe(429);
    });

    it("every successful sign-in is audit-logged with its method and address: player password, staff code, second factor (Google: auth-google.test.ts)", async () => {
      const player = await insertUser(t(), {
        username: "audited_player",
        email: "audited@example.com",
        password: "correct horse battery",
        emailVerifiedAt: new Date(),
      });
      const login = await passwordLogin("audited@example.com", "correct horse battery", "198.51.100.8");
      expect(login.statusCode).toBe(200);
      await signInStaff(ADMIN, "198.51.100.9");
      const [admin] = await t().database.db.select().from(usersTable).where(eq(usersTable.email, ADMIN));
      const rows = await t()
        .database.db.select()
        .from(auditLogTable)
        .where(
          and(
            sql`${auditLogTable.action} in ('auth.signed_in', 'auth.admin_signed_in')`,
            sql`${auditLogTable.actorId} in (${player.id}, ${admin.id})`,
          ),
        );
      const seen = rows.map((r) => ({
        action: r.action,
        actor: r.actorLabel,
        target: [r.targetKind, r.targetId],
        after: r.after,
        ip: r.ip,
      }));
      expect(seen).toContainEqual({
        action: "auth.signed_in",
        actor: "audited_player",
        target: ["user", String(player.id)],
        after: { method: "password" },
        ip: "198.51.100.8",
      });
      expect(seen).toContainEqual({
        action: "auth.admin_signed_in",
        actor: admin.username,
        target: ["user", String(admin.id)],
        after: { method: "email" },
        ip: "198.51.100.9",
      });
      // A staff member with two-step sign-in: the second factor (here a recovery code) is the method logged
      const enrolled = await createUserWithSession(t(), { role: "moderator", email: "two-step@example.com" });
      const setup = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/setup",
        cookies: enrolled.cookies,
      });
      const totp = new TOTP({
        algorithm: "SHA1",
        digits: 6,
        period: 30,
        secret: Secret.fromBase32(setup.json().secret),
      });
      const confirm = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/confirm",
        cookies: enrolled.cookies,
        payload: { code: totp.generate() },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const emailed = await requestAndReceive("two-step@example.com", "198.51.100.10");
      const first = await verify(
        { email: "two-step@example.com", otp: emailed.code, otpSecret: emailed.otpSecret },
        "198.51.100.10",
      );
      expect(first.json().secondFactor).toBe("totp");
      const second = await t().app.inject({
        method: "POST",
        url: "/api/admin/verify-second-factor",
        payload: { email: "two-step@example.com", otpSecret: emailed.otpSecret, code: confirm.json().recoveryCodes[0] },
        remoteAddress: "198.51.100.10",
      });
      expect(second.statusCode, second.body).toBe(200);
      const [row] = await t()
        .database.db.select({ after: auditLogTable.after, ip: auditLogTable.ip })
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, "auth.admin_signed_in"), eq(auditLogTable.actorId, enrolled.user.id)));
      expect(row).toEqual({ after: { method: "recovery" }, ip: "198.51.100.10" });

      // The CMS's filters find them: the family, the actor, the target
      const { sid } = await createUserWithSession(t(), { role: "admin" });
      const read = async (query: string) => {
        const res = await t().app.inject({ method: "GET", url: `/api/admin/audit?${query}`, cookies: { sid } });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { items: Array<{ action: string; actor: { id: number | null } }> }).items;
      };
      expect((await read("action=auth.")).some((e) => e.action === "auth.signed_in" && e.actor.id === player.id)).toBe(
        true,
      );
      expect((await read(`actorId=${player.id}`)).map((e) => e.action)).toContain("auth.signed_in");
      expect((await read(`targetKind=user&targetId=${admin.id}`)).map((e) => e.action)).toContain(
        "auth.admin_signed_in",
      );
    });
  },
  {
    demo: false,
    seed: false,
    env: {
      ADMIN_EMAILS: `${ADMIN}, ${OTHER_ADMIN}`,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Arcadium <cms@example.com>",
    },
  },
);

describe("the known-device cookie on https (ADR 019)", () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp("pglite", { demo: false, seed: false, env: { PUBLIC_URL: "https://arcadium.example" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is __Host-known_device, Secure, HttpOnly, SameSite=Lax, Path=/ and without a Domain", async () => {
    await insertUser(t!, {
      username: "https_player",
      email: "https@example.com",
      password: "correct horse battery",
      emailVerifiedAt: new Date(),
    });
    const res = await t!.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "https_player", password: "correct horse battery" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "__Host-known_device");
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie!.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === COOKIE)).toBeUndefined();
  });
});
