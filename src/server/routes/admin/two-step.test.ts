import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeEach, expect, it } from "vitest";
import { safeReturnTo } from "../../../contract/auth";
import { STEP_UP_REQUIRED_CODE } from "../../../contract/step-up-constants";
import { TWO_STEP_TEXTS } from "../../../contract/two-step-constants";
import { insertUser } from "../../../test/factories";
import { startSmtp, type Mail, codeFrom } from "../../../test/smtp";
import { grantStepUp } from "../../../test/step-up";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../../test/test-app";
import { auditLogTable, otpChallengesTable, staffTwoStepTable, usersTable } from "../../db/schema";
import { RECOVERY_CODE_LOG_N } from "../../services/two-step";

/**
 * Staff two-step sign-in (TOTP + recovery codes), the Settings switch
 * that requires it, and the code failures counted across challenges with a back-off, a reused live challenge and an
 * alert mail. The clock of the TOTP checks is the app's injectable `settings.now`.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());

let clock = new Date();
/** Moves the app's clock (and the authenticator's) forward. */
function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

function totpAt(secret: string, at: Date = clock): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

async function nextMail(to: string, match: RegExp = /./, timeoutMs = 5000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.inbox.find((m) => m.to.includes(to) && match.test(m.raw));
    if (found) {
      smtp.inbox.splice(smtp.inbox.indexOf(found), 1);
      return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${to} matching ${match}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

async function requestCode(t: TestApp, email: string, remoteAddress = "127.0.0.1") {
  const res = await t.app.inject({ method: "POST", url: "/api/admin/request-otp", payload: { email }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await nextMail(email, /sign-in code/);
  return { otpSecret: res.json().otpSecret as string, code: codeFrom(mail) };
}
async function verifyEmailCode(
  t: TestApp,
  body: { email: string; otp: string; otpSecret: string },
  remoteAddress = "127.0.0.1",
) {
  return t.app.inject({ method: "POST", url: "/api/admin/verify-otp", payload: body, remoteAddress });
}
async function verifySecond(
  t: TestApp,
  body: { email: string; code: string; otpSecret: string },
  remoteAddress = "127.0.0.1",
) {
  return t.app.inject({ method: "POST", url: "/api/admin/verify-second-factor", payload: body, remoteAddress });
}

/** Enrols the staff member of `sid`; returns the secret and the recovery codes. */
async function enrol(t: TestApp, sid: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.app.inject({ method: "POST", url: "/api/admin/two-step/setup", cookies: { sid } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await t.app.inject({
    method: "POST",
    url: "/api/admin/two-step/confirm",
    cookies: { sid },
    payload: { code: totpAt(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  advance(30_000); // the confirming code's step is used
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

async function auditActions(t: TestApp, label?: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLogTable.action, actorLabel: auditLogTable.actorLabel })
    .from(auditLogTable);
  return rows.filter((r) => !label || r.actorLabel === label).map((r) => r.action);
}

const appOptions = {
  demo: false,
  env: {
    ADMIN_EMAILS: "boss@example.com",
    MAIL_FROM: "Arcadium <cms@example.com>",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  },
  settings: { now: () => clock },
};

// The enrolment stores the recovery codes at their production cost (ADR 020), which it checks; the other tests'
// app keeps them at the test apps' cheaper one (ten hashes an enrolment, and ten of those tests enrol).
describeEachDatabase(
  "staff two-step enrolment (issue 17)",
  (t) => {
    it("enrolment: QR code and secret once, confirmed with a first code, then 10 recovery codes; the secret is never sent again", async () => {
      const { sid, user } = await createUserWithSession(t(), {
        role: "admin",
        email: "enrol@example.com",
        twoStep: false,
      });
      const before = await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies: { sid } });
      expect(before.statusCode).toBe(200);
      // D106: required of every admin, so this one must set it up first
      expect(before.json()).toEqual({ enabled: false, required: true, mustEnrol: true, recoveryCodesLeft: 0 });

      const setup = await t().app.inject({ method: "POST", url: "/api/admin/two-step/setup", cookies: { sid } });
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCode } = setup.json();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

      const bad = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/confirm",
        cookies: { sid },
        payload: { code: wrong(totpAt(secret)) },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(TWO_STEP_TEXTS.confirmWrong);

      const ok = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/confirm",
        cookies: { sid },
        payload: { code: totpAt(secret) },
      });
      expect(ok.statusCode).toBe(200);
      const codes = ok.json().recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);

      const after = await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies: { sid } });
      expect(after.json()).toEqual({ enabled: true, required: true, mustEnrol: false, recoveryCodesLeft: 10 });
      expect(after.body).not.toContain(secret);
      // A second set-up while on is refused (the secret is never shown again)
      const again = await t().app.inject({ method: "POST", url: "/api/admin/two-step/setup", cookies: { sid } });
      expect(again.statusCode).toBe(409);
      expect(again.body).not.toContain(secret);
      // The secret is stored encrypted (AES-256-GCM, its key in DATA_DIR/secrets, not in the database)
      const [stored2fa] = await t()
        .database.db.select()
        .from(staffTwoStepTable)
        .where(eq(staffTwoStepTable.userId, user.id));
      expect(stored2fa.secret).not.toContain(secret);
      expect(stored2fa.secret).toMatch(/^v1:/);
      // Recovery codes are stored hashed (ADR 020: scrypt, a salt each)
      const stored = await t().database.db.execute(
        sql`select code_hash from staff_recovery_codes where user_id = ${user.id}`,
      );
      expect(stored.rows).toHaveLength(10);
      for (const row of stored.rows as Array<{ code_hash: string }>)
        expect(row.code_hash).toMatch(/^scrypt\$14\$8\$1\$/);
      for (const c of codes) expect(JSON.stringify(stored.rows)).not.toContain(c.replace("-", ""));
      // Audit-logged, without the code
      const log = await t()
        .database.db.select()
        .from(auditLogTable)
        .where(eq(auditLogTable.action, "two_step.enabled"));
      expect(log).toHaveLength(1);
      expect(JSON.stringify(log[0])).not.toContain(totpAt(secret));
      advance(30_000);
    });
  },
  { ...appOptions, settings: { ...appOptions.settings, recoveryCodeHashCost: RECOVERY_CODE_LOG_N } },
);

describeEachDatabase(
  "staff two-step sign-in (issue 17)",
  (t) => {
    beforeEach(async () => {
      await t().database.db.execute(sql`delete from rate_limits`);
    });

    it("turning two-step sign-in on ends the staff member's other sessions (opened without it), not this one", async () => {
      const { sid, user } = await createUserWithSession(t(), {
        role: "admin",
        email: "elsewhere@example.com",
        twoStep: false,
      });
      const { createSession } = await import("../../services/sessions");
      const other = (await createSession(t().database.db, user.id, "admin")).token;
      const player = (await createSession(t().database.db, user.id, "player")).token;
      const someoneElse = await createUserWithSession(t(), { role: "admin", email: "bystander@example.com" });
      await enrol(t(), sid);
      expect((await t().app.inject({ method: "GET", url: "/api/admin/user", cookies: { sid } })).statusCode).toBe(200);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/user", cookies: { sid: other } })).statusCode,
      ).toBe(401);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: player } })).statusCode,
      ).toBe(401);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/user", cookies: someoneElse.cookies })).statusCode,
      ).toBe(200);
    });

    it("an enrolled admin's sign-in needs the TOTP after the emailed code; a wrong one is refused; a used one cannot be replayed", async () => {
      const { sid } = await createUserWithSession(t(), {
        role: "admin",
        email: "totp@example.com",
        twoStep: false,
        username: "TotpAdmin",
      });
      const { secret } = await enrol(t(), sid);

      const { otpSecret, code } = await requestCode(t(), "totp@example.com");
      const first = await verifyEmailCode(t(), { email: "totp@example.com", otp: code, otpSecret });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ secondFactor: "totp", message: TWO_STEP_TEXTS.secondFactorRequired });
      expect(first.json().user).toBeUndefined();
      expect(first.cookies.find((c) => c.name === "sid")).toBeUndefined();
      // The emailed code does not work a second time on its own
      expect((await verifyEmailCode(t(), { email: "totp@example.com", otp: code, otpSecret })).statusCode).toBe(401);

      const bad = await verifySecond(t(), { email: "totp@example.com", code: wrong(totpAt(secret)), otpSecret });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toBe(TWO_STEP_TEXTS.secondFactorWrong);
      expect(bad.cookies.find((c) => c.name === "sid")).toBeUndefined();

      const totp = totpAt(secret);
      const ok = await verifySecond(t(), { email: "totp@example.com", code: totp, otpSecret });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().user).toMatchObject({ username: "TotpAdmin", role: "admin" });
      const newSid = ok.cookies.find((c) => c.name === "sid")!.value;
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/dashboard", cookies: { sid: newSid } })).statusCode,
      ).toBe(200);
      // The challenge is used up
      expect((await verifySecond(t(), { email: "totp@example.com", code: totp, otpSecret })).statusCode).toBe(401);

      // Replay: the same TOTP (still within its ±1 step) at a new sign-in is refused
      advance(10_000);
      const next = await requestCode(t(), "totp@example.com");
      expect(
        (await verifyEmailCode(t(), { email: "totp@example.com", otp: next.code, otpSecret: next.otpSecret })).json()
          .secondFactor,
      ).toBe("totp");
      const replay = await verifySecond(t(), { email: "totp@example.com", code: totp, otpSecret: next.otpSecret });
      expect(replay.statusCode).toBe(401);
      // The next step's code works
      advance(30_000);
      expect(
        (await verifySecond(t(), { email: "totp@example.com", code: totpAt(secret), otpSecret: next.otpSecret }))
          .statusCode,
      ).toBe(200);
      expect(await auditActions(t())).toContain("auth.second_factor_failed");
    });

    it("a recovery code signs in once", async () => {
      const { sid } = await createUserWithSession(t(), {
        role: "admin",
        email: "recovery@example.com",
        twoStep: false,
      });
      const { recoveryCodes } = await enrol(t(), sid);
      const a = await requestCode(t(), "recovery@example.com");
      await verifyEmailCode(t(), { email: "recovery@example.com", otp: a.code, otpSecret: a.otpSecret });
      const ok = await verifySecond(t(), {
        email: "recovery@example.com",
        code: ` ${recoveryCodes[3].toUpperCase()} `,
        otpSecret: a.otpSecret,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const status = await t().app.inject({
        method: "GET",
        url: "/api/admin/two-step",
        cookies: { sid: ok.cookies.find((c) => c.name === "sid")!.value },
      });
      expect(status.json().recoveryCodesLeft).toBe(9);

      const b = await requestCode(t(), "recovery@example.com");
      await verifyEmailCode(t(), { email: "recovery@example.com", otp: b.code, otpSecret: b.otpSecret });
      expect(
        (await verifySecond(t(), { email: "recovery@example.com", code: recoveryCodes[3], otpSecret: b.otpSecret }))
          .statusCode,
      ).toBe(401);
      expect(
        (await verifySecond(t(), { email: "recovery@example.com", code: recoveryCodes[4], otpSecret: b.otpSecret }))
          .statusCode,
      ).toBe(200);
    });

    it("the second factor cannot be sent before the emailed code, nor for another address", async () => {
      const { sid } = await createUserWithSession(t(), { role: "admin", email: "order@example.com", twoStep: false });
      const { secret } = await enrol(t(), sid);
      const c = await requestCode(t(), "order@example.com");
      expect(
        (await verifySecond(t(), { email: "order@example.com", code: totpAt(secret), otpSecret: c.otpSecret }))
          .statusCode,
      ).toBe(401);
    });

    it("disabling needs a current code and (D105) fresh proof it's the owner; afterwards the emailed code alone signs in again", async () => {
      const { sid } = await createUserWithSession(t(), { role: "admin", email: "disable@example.com", twoStep: false });
      const { secret } = await enrol(t(), sid);
      const unproven = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/disable",
        cookies: { sid },
        payload: { code: totpAt(secret) },
      });
      expect(unproven.statusCode).toBe(403);
      expect(unproven.json().code).toBe(STEP_UP_REQUIRED_CODE);
      await grantStepUp(t(), sid, clock);
      const bad = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/disable",
        cookies: { sid },
        payload: { code: wrong(totpAt(secret)) },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(TWO_STEP_TEXTS.disableWrong);
      expect(await auditActions(t())).toContain("two_step.disable_failed");
      const ok = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/disable",
        cookies: { sid },
        payload: { code: totpAt(secret) },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies: { sid } })).json().enabled,
      ).toBe(false);
      const c = await requestCode(t(), "disable@example.com");
      const res = await verifyEmailCode(t(), { email: "disable@example.com", otp: c.code, otpSecret: c.otpSecret });
      expect(res.json().user).toBeDefined();
      expect(await auditActions(t())).toContain("two_step.disabled");
      advance(30_000);
    });

    it("D105: a staff session without a password confirms with an emailed code, and that proof lets it turn two-step sign-in off", async () => {
      const { sid, user } = await createUserWithSession(t(), {
        role: "admin",
        email: "code-only@example.com",
        twoStep: false,
      });
      await t().database.db.update(usersTable).set({ emailVerifiedAt: clock }).where(eq(usersTable.id, user.id));
      const { secret } = await enrol(t(), sid);
      const refused = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/disable",
        cookies: { sid },
        payload: { code: totpAt(secret) },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(STEP_UP_REQUIRED_CODE);
      const status = await t().app.inject({ method: "GET", url: "/api/me/step-up", cookies: { sid } });
      expect(status.json()).toEqual({ methods: { password: false, code: true, google: false }, steppedUp: false });
      const sent = await t().app.inject({ method: "POST", url: "/api/me/step-up/code", cookies: { sid } });
      expect(sent.statusCode, sent.body).toBe(202);
      const proof = await t().app.inject({
        method: "POST",
        url: "/api/me/step-up",
        cookies: { sid },
        payload: { code: codeFrom(await nextMail("code-only@example.com", /confirmation code/)) },
      });
      expect(proof.statusCode, proof.body).toBe(200);
      const ok = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/disable",
        cookies: { sid },
        payload: { code: totpAt(secret) },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies: { sid } })).json().enabled,
      ).toBe(false);
      advance(30_000);
    });

    it("D105: Google step-up from the CMS comes back to the CMS two-step screen", async () => {
      expect(safeReturnTo("/cms/two-step")).toBe("/cms/two-step");
      expect(safeReturnTo("/cms/two-step?stepUp=google")).toBe("/cms/two-step?stepUp=google");
    });

    it("moderators can set up two-step sign-in too", async () => {
      const { sid } = await createUserWithSession(t(), { role: "moderator", email: "mod@example.com" });
      await enrol(t(), sid);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies: { sid } })).json().enabled,
      ).toBe(true);
    });

    it("Settings switch on: an un-enrolled moderator gets 403 on admin routes until enrolled; only an enrolled admin may turn it on", async () => {
      const boss = await createUserWithSession(t(), {
        role: "admin",
        email: "switch-boss@example.com",
        twoStep: false,
      });
      const refused = await t().app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: boss.cookies,
        payload: { site: { staff_two_step_required: "true" } },
      });
      // D106: an admin without two-step sign-in reaches nothing but the set-up
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TWO_STEP_TEXTS.enrolRequired);
      await enrol(t(), boss.sid);
      const on = await t().app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: boss.cookies,
        payload: { site: { staff_two_step_required: "true" } },
      });
      expect(on.statusCode, on.body).toBe(200);

      const mod = await createUserWithSession(t(), { role: "moderator", email: "switch-mod@example.com" });
      const reports = await t().app.inject({ method: "GET", url: "/api/admin/reports", cookies: mod.cookies });
      expect(reports.statusCode).toBe(403);
      expect(reports.json().message).toBe(TWO_STEP_TEXTS.enrolRequired);
      const write = await t().app.inject({ method: "DELETE", url: "/api/admin/chat/1", cookies: mod.cookies });
      expect(write.statusCode).toBe(403);
      // Who they are and the enrolment itself still work
      expect((await t().app.inject({ method: "GET", url: "/api/admin/user", cookies: mod.cookies })).statusCode).toBe(
        200,
      );
      const status = await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies: mod.cookies });
      expect(status.json()).toMatchObject({ enabled: false, required: true, mustEnrol: true });
      await enrol(t(), mod.sid);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/reports", cookies: mod.cookies })).statusCode,
      ).toBe(200);
      // Another moderator, not enrolled: refused while on, let through once it is off again
      const other = await createUserWithSession(t(), { role: "moderator", email: "switch-other@example.com" });
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/reports", cookies: other.cookies })).statusCode,
      ).toBe(403);
      const off = await t().app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: boss.cookies,
        payload: { site: { staff_two_step_required: "false" } },
      });
      expect(off.statusCode).toBe(200);
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/reports", cookies: other.cookies })).statusCode,
      ).toBe(200);
    });

    it("a second code request from the same client reuses its live challenge (the same code, the tries so far still counted)", async () => {
      await insertUser(t(), { username: "Reuse", email: "reuse@example.com", role: "admin" });
      const a = await requestCode(t(), "reuse@example.com");
      for (let i = 0; i < 3; i++)
        expect(
          (await verifyEmailCode(t(), { email: "reuse@example.com", otp: wrong(a.code), otpSecret: a.otpSecret }))
            .statusCode,
        ).toBe(401);
      const b = await requestCode(t(), "reuse@example.com");
      expect(b.otpSecret).toBe(a.otpSecret);
      const rows = await t()
        .database.db.select()
        .from(otpChallengesTable)
        .where(eq(otpChallengesTable.email, "reuse@example.com"));
      expect(rows).toHaveLength(1);
      expect(rows[0].attempts).toBe(3);
      // D107: both mails carry the same code, so whichever arrives first works
      expect(b.code).toBe(a.code);
      expect(
        (await verifyEmailCode(t(), { email: "reuse@example.com", otp: a.code, otpSecret: b.otpSecret })).statusCode,
      ).toBe(200);
      // Used up: the next request starts a new challenge
      const c = await requestCode(t(), "reuse@example.com");
      expect(c.otpSecret).not.toBe(a.otpSecret);
    });

    it("code failures are counted across challenges per address and admin, with a back-off, and the admin is alerted by mail", async () => {
      await insertUser(t(), { username: "Target", email: "target@example.com", role: "admin" });
      const ip = "203.0.113.9";
      // Two challenges of 5 wrong tries each (a challenge dies after 5)
      for (let round = 0; round < 2; round++) {
        const { otpSecret, code } = await requestCode(t(), "target@example.com", ip);
        for (let i = 0; i < 5; i++) {
          const res = await verifyEmailCode(t(), { email: "target@example.com", otp: wrong(code), otpSecret }, ip);
          expect(res.statusCode).toBe(401);
        }
      }
      // The alert went to the admin once
      const alert = await nextMail("target@example.com", /Someone tried to sign in to your/);
      expect(alert.raw).toMatch(/Subject: .*Someone tried to sign in/);
      // Backed off: a third challenge's right code from that address is refused with 429 and Retry-After
      const third = await requestCode(t(), "target@example.com", ip);
      const backedOff = await verifyEmailCode(
        t(),
        { email: "target@example.com", otp: third.code, otpSecret: third.otpSecret },
        ip,
      );
      expect(backedOff.statusCode).toBe(429);
      expect(Number(backedOff.headers["retry-after"])).toBeGreaterThan(0);
      // The admin signing in from another address is not backed off
      const own = await requestCode(t(), "target@example.com", "198.51.100.4");
      expect(
        (
          await verifyEmailCode(
            t(),
            { email: "target@example.com", otp: own.code, otpSecret: own.otpSecret },
            "198.51.100.4",
          )
        ).statusCode,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.inbox.filter((m) => m.to.includes("target@example.com") && /Someone tried/.test(m.raw))).toEqual([]);
      const failures = await t()
        .database.db.select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, "auth.otp_failed"), eq(auditLogTable.actorLabel, "target@example.com")));
      expect(failures).toHaveLength(10);
    });

    it("a wrong second factor counts as a failure too (back-off across challenges)", async () => {
      const { sid } = await createUserWithSession(t(), {
        role: "admin",
        email: "second-fail@example.com",
        twoStep: false,
      });
      const { secret } = await enrol(t(), sid);
      const ip = "203.0.113.77";
      let refused = 0;
      for (let round = 0; round < 3 && refused === 0; round++) {
        const c = await requestCode(t(), "second-fail@example.com", ip);
        const emailStep = await verifyEmailCode(
          t(),
          { email: "second-fail@example.com", otp: c.code, otpSecret: c.otpSecret },
          ip,
        );
        if (emailStep.statusCode === 429) refused++;
        else expect(emailStep.json().secondFactor).toBe("totp");
        for (let i = 0; i < 5 && refused === 0; i++) {
          const res = await verifySecond(
            t(),
            { email: "second-fail@example.com", code: wrong(totpAt(secret)), otpSecret: c.otpSecret },
            ip,
          );
          if (res.statusCode === 429) refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
      await nextMail("second-fail@example.com", /Someone tried to sign in to your/);
    });

    it("the enrolment routes are guarded like every admin route", async () => {
      expect((await t().app.inject({ method: "GET", url: "/api/admin/two-step" })).statusCode).toBe(401);
      expect((await t().app.inject({ method: "POST", url: "/api/admin/two-step/setup" })).statusCode).toBe(401);
      const player = await createUserWithSession(t(), { role: "player" });
      expect(
        (await t().app.inject({ method: "POST", url: "/api/admin/two-step/setup", cookies: player.cookies }))
          .statusCode,
      ).toBe(403);
      const [row] = await t()
        .database.db.select()
        .from(staffTwoStepTable)
        .where(eq(staffTwoStepTable.userId, player.user.id));
      expect(row).toBeUndefined();
    });
  },
  appOptions,
);
