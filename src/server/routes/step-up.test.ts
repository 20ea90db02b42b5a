import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeEach, expect, it } from "vitest";
import { STEP_UP_REQUIRED_CODE, STEP_UP_TEXTS } from "../../contract/step-up-constants";
import { TWO_STEP_TEXTS } from "../../contract/two-step-constants";
import { insertUser } from "../../test/factories";
import { codeFrom, mailText, startSmtp, type Mail } from "../../test/smtp";
import { grantStepUp } from "../../test/step-up";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { auditLogTable, sessionsTable, usersTable } from "../db/schema";
import { hashToken } from "../services/sessions";

/**
 * D105 step-up and staff addresses: the takeover chain (a staff member's password alone must not
 * move their address), codes for accounts without a password, the 10-minute window (the app's injectable clock),
 * the undo link mailed to the old address, the audit trail, and a player-kind session never seeing staff ones.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());

const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

type Cookies = { sid: string };
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }): Cookies => ({
  sid: res.cookies.find((c) => c.name === "sid")!.value,
});

function linkToken(mail: Mail, path: string): string {
  const m = mailText(mail).match(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`));
  if (!m) throw new Error(`no ${path} link in mail: ${mail.raw}`);
  return decodeURIComponent(m[1]);
}
const totpAt = (secret: string, at: Date) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });

/** An account with a password and a verified address (as a staff member promoted in the CMS has). */
async function accountWithPassword(
  t: TestApp,
  opts: { username: string; email: string; role?: "player" | "admin" | "moderator"; password: string },
) {
  return insertUser(t, { ...opts, emailVerifiedAt: new Date() });
}

async function passwordSignIn(t: TestApp, username: string, password: string): Promise<Cookies> {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return sidOf(res);
}

/** D42: a staff sign-in with the emailed code (and the authenticator's code when two-step sign-in is on). */
async function staffSignIn(t: TestApp, email: string, totpSecret?: string): Promise<Cookies> {
  const asked = await t.app.inject({ method: "POST", url: "/api/admin/request-otp", payload: { email } });
  const code = codeFrom(await smtp.waitFor(email, 5000, /sign-in code/));
  const otpSecret = asked.json().otpSecret as string;
  const first = await t.app.inject({
    method: "POST",
    url: "/api/admin/verify-otp",
    payload: { email, otp: code, otpSecret },
  });
  expect(first.statusCode, first.body).toBe(200);
  if (!totpSecret) return sidOf(first);
  const second = await t.app.inject({
    method: "POST",
    url: "/api/admin/verify-second-factor",
    payload: { email, otpSecret, code: totpAt(totpSecret, now()) },
  });
  expect(second.statusCode, second.body).toBe(200);
  return sidOf(second);
}

const req = (t: TestApp, cookies: Cookies, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
const stepUp = (t: TestApp, cookies: Cookies, proof: { password?: string; code?: string }) =>
  req(t, cookies, "POST", "/api/me/step-up", proof);

async function actions(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLogTable.action })
    .from(auditLogTable)
    .where(eq(auditLogTable.actorId, userId));
  return rows.map((r) => r.action);
}

describeEachDatabase(
  "step-up and staff addresses (D105, D106)",
  (t) => {
    beforeEach(async () => {
      clock.offsetMs = 0;
      await t().database.db.execute(sql`delete from rate_limits`);
    });

    it("a session is dated by the app's clock, as two-step's enabling is: a staff sign-in after enabling passed it", async () => {
      clock.offsetMs = 60 * 60 * 1000;
      await accountWithPassword(t(), {
        username: "later",
        email: "later@example.test",
        role: "admin",
        password: "later's password",
      });
      const first = await staffSignIn(t(), "later@example.test");
      const { secret } = (await req(t(), first, "POST", "/api/admin/two-step/setup")).json() as { secret: string };
      expect(
        (await req(t(), first, "POST", "/api/admin/two-step/confirm", { code: totpAt(secret, now()) })).statusCode,
      ).toBe(200);
      clock.offsetMs += 30_000; // the confirming code's step is used
      const staff = await staffSignIn(t(), "later@example.test", secret);
      const [session] = await t()
        .database.db.select()
        .from(sessionsTable)
        .where(eq(sessionsTable.tokenHash, hashToken(staff.sid)));
      expect(Math.abs(session.createdAt.getTime() - now().getTime())).toBeLessThan(10_000);
      expect((await stepUp(t(), staff, { password: "later's password" })).statusCode).toBe(200);
      const moved = await req(t(), staff, "POST", "/api/me/email", { email: "later-new@example.test" });
      expect(moved.statusCode, moved.body).toBe(202);
    });

    it("the takeover chain: an admin's password moves nothing; a staff session with two-step sign-in and fresh proof does, and the old address can undo it", async () => {
      const admin = await accountWithPassword(t(), {
        username: "chief",
        email: "chief@example.test",
        role: "admin",
        password: "chief's password",
      });
      // 1. The password alone: a player-kind session, even after confirming with the password, cannot move the address.
      const firstPlayer = await passwordSignIn(t(), "chief", "chief's password");
      expect((await stepUp(t(), firstPlayer, { password: "chief's password" })).statusCode).toBe(200);
      const fromPlayer = await req(t(), firstPlayer, "POST", "/api/me/email", { email: "attacker@example.test" });
      expect(fromPlayer.statusCode).toBe(403);
      expect(fromPlayer.json().message).toBe(STEP_UP_TEXTS.staffAddressNeedsStaffSession);

      // 2. A staff session opened before two-step sign-in was enabled did not pass it: refused, even with proof.
      const older = await staffSignIn(t(), "chief@example.test");
      const setup = await req(t(), older, "POST", "/api/admin/two-step/setup");
      const { secret } = setup.json() as { secret: string };
      expect(
        (await req(t(), older, "POST", "/api/admin/two-step/confirm", { code: totpAt(secret, now()) })).statusCode,
      ).toBe(200);
      clock.offsetMs += 30_000; // the confirming code's step is used
      expect((await stepUp(t(), older, { password: "chief's password" })).statusCode).toBe(200);
      const fromOlder = await req(t(), older, "POST", "/api/me/email", { email: "attacker@example.test" });
      expect(fromOlder.statusCode).toBe(403);
      expect(fromOlder.json().message).toBe(STEP_UP_TEXTS.staffAddressNeedsSecondFactor);

      // 3. A staff session that passed the second factor still needs fresh proof...
      const staff = await staffSignIn(t(), "chief@example.test", secret);
      const unproven = await req(t(), staff, "POST", "/api/me/email", { email: "new-chief@example.test" });
      expect(unproven.statusCode).toBe(403);
      expect(unproven.json()).toEqual({ message: STEP_UP_TEXTS.required, code: STEP_UP_REQUIRED_CODE });
      // ...a wrong password is refused and logged...
      expect((await stepUp(t(), staff, { password: "a guess" })).statusCode).toBe(403);
      // ...and with it the change goes through.
      expect((await stepUp(t(), staff, { password: "chief's password" })).statusCode).toBe(200);
      expect((await req(t(), staff, "POST", "/api/me/email", { email: "new-chief@example.test" })).statusCode).toBe(
        202,
      );
      const token = linkToken(await smtp.waitFor("new-chief@example.test"), "/settings/verify-email");
      // D106 at the moment of the change too: a player-kind session cannot use the link (enrolling ended the first one).
      const player = await passwordSignIn(t(), "chief", "chief's password");
      expect((await req(t(), player, "POST", "/api/me/email/verify", { token })).statusCode).toBe(403);
      const verified = await req(t(), staff, "POST", "/api/me/email/verify", { token });
      expect(verified.statusCode, verified.body).toBe(200);

      // The other sessions ended; the old address was told, with an undo link.
      expect((await req(t(), player, "GET", "/api/auth/user")).statusCode).toBe(401);
      expect((await req(t(), staff, "GET", "/api/auth/user")).statusCode).toBe(200);
      const notice = await smtp.waitFor("chief@example.test", 5000, /changed/);
      expect(mailText(notice)).toContain("new-chief@example.test");
      const undoToken = linkToken(notice, "/account/undo");

      // The undo link (no session needed) puts the old address back and ends every session.
      const undone = await t().app.inject({ method: "POST", url: "/api/account/undo", payload: { token: undoToken } });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().message).toBe(STEP_UP_TEXTS.undoDone.email);
      const [after] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, admin.id));
      expect(after.email).toBe("chief@example.test");
      expect(after.emailVerifiedAt).not.toBeNull();
      expect((await req(t(), staff, "GET", "/api/auth/user")).statusCode).toBe(401);
      expect(
        (await t().app.inject({ method: "POST", url: "/api/account/undo", payload: { token: undoToken } })).statusCode,
      ).toBe(400);

      expect(await actions(t(), admin.id)).toEqual(
        expect.arrayContaining([
          "account.step_up_failed",
          "account.stepped_up",
          "account.email_change_requested",
          "account.email_changed",
          "account.email_change_undone",
        ]),
      );
      const [changed] = await t()
        .database.db.select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.actorId, admin.id), eq(auditLogTable.action, "account.email_changed")));
      expect(changed).toMatchObject({
        before: { email: "chief@example.test" },
        after: { email: "new-chief@example.test", endedSessions: 2 },
      });
    });

    it("a first password for an account without one needs a code mailed to its verified address; the address is told and can undo it", async () => {
      const user = await insertUser(t(), {
        username: "google_ada",
        email: "ada@example.test",
        emailVerifiedAt: new Date(),
        googleSub: "google-ada",
      });
      const { createSession } = await import("../services/sessions");
      const session = { sid: (await createSession(t().database.db, user.id, "player")).token };
      const other = { sid: (await createSession(t().database.db, user.id, "player")).token };

      const status = (await req(t(), session, "GET", "/api/me/step-up")).json();
      expect(status).toEqual({ methods: { password: false, code: true, google: true }, steppedUp: false });
      const unproven = await req(t(), session, "POST", "/api/me/password", { newPassword: "my first password" });
      expect(unproven.json().code).toBe(STEP_UP_REQUIRED_CODE);
      // there is no password to give
      expect((await stepUp(t(), session, { password: "anything at all" })).statusCode).toBe(400);

      expect((await req(t(), session, "POST", "/api/me/step-up/code")).statusCode).toBe(202);
      const code = codeFrom(await smtp.waitFor("ada@example.test", 5000, /confirmation code/));
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      const wrong = await stepUp(t(), session, { code: wrongCode });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(STEP_UP_TEXTS.wrongCode);
      expect((await stepUp(t(), session, { code })).statusCode).toBe(200);
      // single use: the same code again is refused
      expect((await stepUp(t(), session, { code })).statusCode).toBe(403);

      expect(
        (await req(t(), session, "POST", "/api/me/password", { newPassword: "my first password" })).statusCode,
      ).toBe(204);
      expect((await req(t(), other, "GET", "/api/auth/user")).statusCode).toBe(401);
      const notice = await smtp.waitFor("ada@example.test", 5000, /password was set/);
      const undo = await t().app.inject({
        method: "POST",
        url: "/api/account/undo",
        payload: { token: linkToken(notice, "/account/undo") },
      });
      expect(undo.statusCode, undo.body).toBe(200);
      const [after] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, user.id));
      expect(after.passwordHash).toBeNull();
      expect((await req(t(), session, "GET", "/api/auth/user")).statusCode).toBe(401);
      expect(await actions(t(), user.id)).toEqual(
        expect.arrayContaining([
          "account.step_up_failed",
          "account.stepped_up",
          "account.password_set",
          "account.password_change_undone",
        ]),
      );
    });

    it("proof lasts 10 minutes (the app's clock); a password change ends the other sessions and its undo puts the old password back", async () => {
      const user = await accountWithPassword(t(), {
        username: "timed",
        email: "timed@example.test",
        password: "first password",
      });
      const a = await passwordSignIn(t(), "timed", "first password");
      const b = await passwordSignIn(t(), "timed", "first password");
      expect((await stepUp(t(), a, { password: "first password" })).statusCode).toBe(200);
      clock.offsetMs = 10 * 60 * 1000 + 1000;
      const stale = await req(t(), a, "POST", "/api/me/email", { email: "elsewhere@example.test" });
      expect(stale.statusCode).toBe(403);
      expect(stale.json().code).toBe(STEP_UP_REQUIRED_CODE);
      expect((await req(t(), a, "DELETE", "/api/me", {})).json().code).toBe(STEP_UP_REQUIRED_CODE);
      expect((await req(t(), a, "GET", "/api/me/step-up")).json().steppedUp).toBe(false);

      expect(
        (
          await req(t(), a, "POST", "/api/me/password", {
            currentPassword: "first password",
            newPassword: "second password",
          })
        ).statusCode,
      ).toBe(204);
      expect((await req(t(), b, "GET", "/api/auth/user")).statusCode).toBe(401);
      const notice = await smtp.waitFor("timed@example.test", 5000, /password was changed/);
      expect(
        (
          await t().app.inject({
            method: "POST",
            url: "/api/account/undo",
            payload: { token: linkToken(notice, "/account/undo") },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await t().app.inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { username: "timed", password: "first password" },
          })
        ).statusCode,
      ).toBe(200);
      expect(await actions(t(), user.id)).toEqual(
        expect.arrayContaining(["account.password_changed", "account.password_change_undone"]),
      );
    });

    it("asking for deletion needs proof, ends the other sessions, tells the address and is audit-logged", async () => {
      const user = await accountWithPassword(t(), {
        username: "leaving",
        email: "leaving@example.test",
        password: "leaving password",
      });
      const a = await passwordSignIn(t(), "leaving", "leaving password");
      const b = await passwordSignIn(t(), "leaving", "leaving password");
      expect((await req(t(), a, "DELETE", "/api/me", {})).statusCode).toBe(403);
      expect((await stepUp(t(), a, { password: "leaving password" })).statusCode).toBe(200);
      expect((await req(t(), a, "DELETE", "/api/me", {})).statusCode).toBe(202);
      expect((await req(t(), b, "GET", "/api/auth/user")).statusCode).toBe(401);
      expect(mailText(await smtp.waitFor("leaving@example.test", 5000, /deleted/))).toMatch(
        /signing in keeps your account/,
      );
      expect(await actions(t(), user.id)).toContain("account.deletion_requested");
    });

    it("D106: a player-kind session of a staff member neither lists nor ends the staff sessions; a staff session sees both", async () => {
      const { user, cookies: staff } = await createUserWithSession(t(), {
        role: "moderator",
        email: "mod-sessions@example.test",
      });
      const { createSession } = await import("../services/sessions");
      const player = { sid: (await createSession(t().database.db, user.id, "player")).token };
      const staffHandle = hashToken(staff.sid).slice(0, 16);

      const seen = (await req(t(), player, "GET", "/api/me/sessions")).json() as Array<{ id: string; kind: string }>;
      expect(seen.map((s) => s.kind)).toEqual(["player"]);
      expect((await req(t(), player, "DELETE", `/api/me/sessions/${staffHandle}`)).statusCode).toBe(404);
      expect((await req(t(), player, "DELETE", "/api/me/sessions/others")).statusCode).toBe(204);
      expect((await req(t(), staff, "GET", "/api/auth/user")).statusCode).toBe(200);

      const all = (await req(t(), staff, "GET", "/api/me/sessions")).json() as Array<{ kind: string }>;
      expect(all.map((s) => s.kind).sort()).toEqual(["admin", "player"]);
    });

    it("undoing an address change spends the undo links of the changes made after it (an attacker's own address gets one)", async () => {
      await accountWithPassword(t(), {
        username: "owner_undo",
        email: "owner-undo@example.test",
        password: "owner's password",
      });
      const attacker = await passwordSignIn(t(), "owner_undo", "owner's password");
      expect((await stepUp(t(), attacker, { password: "owner's password" })).statusCode).toBe(200);
      const moveTo = async (email: string) => {
        expect((await req(t(), attacker, "POST", "/api/me/email", { email })).statusCode).toBe(202);
        const token = linkToken(
          await smtp.waitFor(email, 5000, /verification link|Confirm your email/i),
          "/settings/verify-email",
        );
        expect((await req(t(), attacker, "POST", "/api/me/email/verify", { token })).statusCode).toBe(200);
      };
      await moveTo("first-stop@attacker.test");
      await moveTo("second-stop@attacker.test");
      const ownersUndo = linkToken(await smtp.waitFor("owner-undo@example.test", 5000, /was changed/), "/account/undo");
      const attackersUndo = linkToken(
        await smtp.waitFor("first-stop@attacker.test", 5000, /was changed/),
        "/account/undo",
      );

      expect(
        (await t().app.inject({ method: "POST", url: "/api/account/undo", payload: { token: ownersUndo } })).statusCode,
      ).toBe(200);
      const replayed = await t().app.inject({
        method: "POST",
        url: "/api/account/undo",
        payload: { token: attackersUndo },
      });
      expect(replayed.statusCode).toBe(400);
      const [owner] = await t()
        .database.db.select({ email: usersTable.email })
        .from(usersTable)
        .where(eq(usersTable.username, "owner_undo"));
      expect(owner.email).toBe("owner-undo@example.test");
    });

    it("D106: a password set from a player-kind session ends the other player sessions, never the staff ones", async () => {
      const { user, cookies: staff } = await createUserWithSession(t(), {
        role: "moderator",
        email: "mod-password@example.test",
      });
      const { createSession } = await import("../services/sessions");
      const player = { sid: (await createSession(t().database.db, user.id, "player")).token };
      const otherPlayer = { sid: (await createSession(t().database.db, user.id, "player")).token };
      await grantStepUp(t(), player.sid, now());

      expect(
        (await req(t(), player, "POST", "/api/me/password", { newPassword: "a player-kind password" })).statusCode,
      ).toBe(204);
      expect((await req(t(), otherPlayer, "GET", "/api/auth/user")).statusCode).toBe(401);
      expect((await req(t(), staff, "GET", "/api/admin/user")).statusCode).toBe(200);
    });

    it("D106: a staff account's deletion is asked only from a staff session; a player-kind one with proof is refused and ends nothing", async () => {
      const { user, cookies: staff } = await createUserWithSession(t(), {
        role: "moderator",
        email: "mod-delete@example.test",
      });
      const { createSession } = await import("../services/sessions");
      const player = { sid: (await createSession(t().database.db, user.id, "player")).token };
      await grantStepUp(t(), player.sid, now());

      const refused = await req(t(), player, "DELETE", "/api/me", {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(STEP_UP_TEXTS.staffDeletionNeedsStaffSession);
      expect((await req(t(), staff, "GET", "/api/admin/user")).statusCode).toBe(200);
      const [row] = await t()
        .database.db.select({ deleteAfter: usersTable.deleteAfter })
        .from(usersTable)
        .where(eq(usersTable.id, user.id));
      expect(row.deleteAfter).toBeNull();

      await grantStepUp(t(), staff.sid, now());
      expect((await req(t(), staff, "DELETE", "/api/me", {})).statusCode).toBe(202);
    });

    it("D106: an admin's staff session that has not set up two-step sign-in cannot change the address", async () => {
      const { cookies: unenrolled } = await createUserWithSession(t(), {
        role: "admin",
        email: "new-admin@example.test",
        twoStep: false,
      });
      await grantStepUp(t(), unenrolled.sid, now());
      const moved = await req(t(), unenrolled, "POST", "/api/me/email", { email: "elsewhere@attacker.test" });
      expect(moved.statusCode).toBe(403);
      expect(moved.json().message).toBe(TWO_STEP_TEXTS.enrolRequired);
    });
  },
  {
    settings: { now },
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Arcadium <hello@example.com>",
      REGISTRATIONS_PER_HOUR: "1000",
    },
  },
);
