import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeEach, expect, it } from "vitest";
import { TWO_STEP_TEXTS } from "../../../contract/two-step-constants";
import { insertUser } from "../../../test/factories";
import { codeFrom, startSmtp, type Mail } from "../../../test/smtp";
import { createUserWithSession, describeEachDatabase, TEST_TOTP_SECRET, type TestApp } from "../../../test/test-app";
import { auditLogTable, gamesTable, staffRecoveryCodesTable } from "../../db/schema";
import { hashRecoveryCode, recoveryCodeMatches, upgradeRecoveryCodeHashes } from "../../services/two-step";

/**
 * D106: an admin enrols two-step sign-in at the first staff sign-in; until then the session reaches only
 * the set-up. The staff powers outside /api/admin (deleting anyone's review) follow the same rule and the Settings
 * switch; refusals are audit-logged without letting one actor fill the log; recovery codes are salted scrypt.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());

let clock = new Date();
function totpAt(secret: string, at: Date = clock): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

async function nextMail(to: string): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const found = smtp.inbox.find((m) => m.to.includes(to) && /sign-in code/.test(m.raw));
    if (found) {
      smtp.inbox.splice(smtp.inbox.indexOf(found), 1);
      return found;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no sign-in code for ${to}`);
}

/** The emailed-code step of a staff sign-in: the answer (a session cookie, or `secondFactor`). */
async function emailedCodeSignIn(t: TestApp, email: string) {
  const req = await t.app.inject({ method: "POST", url: "/api/admin/request-otp", payload: { email } });
  expect(req.statusCode, req.body).toBe(200);
  const otpSecret = req.json().otpSecret as string;
  const code = codeFrom(await nextMail(email));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/verify-otp",
    payload: { email, otp: code, otpSecret },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, otpSecret, sid: res.cookies.find((c) => c.name === "sid")?.value };
}

async function setSwitch(t: TestApp, cookies: { sid: string }, on: boolean) {
  const res = await t.app.inject({
    method: "PATCH",
    url: "/api/admin/settings",
    cookies,
    payload: { site: { staff_two_step_required: String(on) } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describeEachDatabase(
  "staff two-step enrolment (D106, ADR 020)",
  (t) => {
    beforeEach(async () => {
      await t().database.db.execute(sql`delete from rate_limits`);
      clock = new Date(clock.getTime() + 60_000);
    });

    it("a fresh admin's first sign-in gives a session that reaches only the set-up until two-step sign-in is on", async () => {
      await insertUser(t(), { username: "FreshAdmin", email: "fresh@example.com", role: "admin" });
      const { res, sid } = await emailedCodeSignIn(t(), "fresh@example.com");
      expect(res.json()).toMatchObject({ user: { username: "FreshAdmin", role: "admin" }, mustEnrol: true });
      const cookies = { sid: sid! };
      for (const [method, url] of [
        ["GET", "/api/admin/dashboard"],
        ["GET", "/api/admin/games"],
        ["GET", "/api/admin/audit"],
        ["POST", "/api/admin/categories"],
      ] as const) {
        const refused = await t().app.inject({
          method,
          url,
          cookies,
          ...(method === "POST" ? { payload: { name: "Nope", slug: "nope" } } : {}),
        });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe(TWO_STEP_TEXTS.enrolRequired);
      }
      expect((await t().app.inject({ method: "GET", url: "/api/admin/user", cookies })).statusCode).toBe(200);
      expect((await t().app.inject({ method: "GET", url: "/api/admin/two-step", cookies })).json()).toMatchObject({
        mustEnrol: true,
        required: true,
      });

      const setup = await t().app.inject({ method: "POST", url: "/api/admin/two-step/setup", cookies });
      expect(setup.statusCode, setup.body).toBe(200);
      const confirm = await t().app.inject({
        method: "POST",
        url: "/api/admin/two-step/confirm",
        cookies,
        payload: { code: totpAt(setup.json().secret) },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json().recoveryCodes).toHaveLength(10);
      // the same session goes on into the CMS
      expect((await t().app.inject({ method: "GET", url: "/api/admin/dashboard", cookies })).statusCode).toBe(200);
      // and the next sign-in asks for the authenticator
      clock = new Date(clock.getTime() + 60_000);
      const next = await emailedCodeSignIn(t(), "fresh@example.com");
      expect(next.res.json()).toMatchObject({ secondFactor: "totp" });
      expect(next.sid).toBeUndefined();
    });

    it("an enrolled admin (the factories' TEST_TOTP_SECRET) signs in with the authenticator and is not asked to enrol", async () => {
      const { user } = await createUserWithSession(t(), { role: "admin", email: "enrolled@example.com" });
      const { res, otpSecret } = await emailedCodeSignIn(t(), "enrolled@example.com");
      expect(res.json()).toMatchObject({ secondFactor: "totp" });
      const second = await t().app.inject({
        method: "POST",
        url: "/api/admin/verify-second-factor",
        payload: { email: "enrolled@example.com", otpSecret, code: totpAt(TEST_TOTP_SECRET) },
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().user.id).toBe(user.id);
      expect(second.json().mustEnrol).toBeUndefined();
    });

    it("deleting someone's review through the public route: refused to staff who must enrol (an admin always, a moderator by the switch)", async () => {
      const [game] = await t().database.db.select({ id: gamesTable.id }).from(gamesTable).limit(1);
      const author = await createUserWithSession(t());
      const review = async () => {
        const res = await t().app.inject({
          method: "POST",
          url: "/api/reviews",
          cookies: author.cookies,
          payload: { gameId: game.id, rating: 2, comment: "meh" },
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      };
      const remove = (cookies: { sid: string }) =>
        t().app.inject({ method: "DELETE", url: `/api/games/${game.id}/reviews/user/${author.user.id}`, cookies });
      await review();

      const newAdmin = await createUserWithSession(t(), { role: "admin", twoStep: false });
      const byNewAdmin = await remove(newAdmin.cookies);
      expect(byNewAdmin.statusCode).toBe(403);
      expect(byNewAdmin.json().message).toBe(TWO_STEP_TEXTS.enrolRequired);

      const admin = await createUserWithSession(t(), { role: "admin" });
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      await setSwitch(t(), admin.cookies, true);
      try {
        const byModerator = await remove(moderator.cookies);
        expect(byModerator.statusCode).toBe(403);
        expect(byModerator.json().message).toBe(TWO_STEP_TEXTS.enrolRequired);
        expect(
          (await t().app.inject({ method: "GET", url: `/api/games/${game.id}/reviews/user/${author.user.id}` }))
            .statusCode,
        ).toBe(200);
        // the author's own review is theirs to delete (no staff power)
        expect((await remove(author.cookies)).statusCode).toBe(204);
        await review();
        expect((await remove(admin.cookies)).statusCode).toBe(204);
      } finally {
        await setSwitch(t(), admin.cookies, false);
      }
      await review();
      expect((await remove(moderator.cookies)).statusCode).toBe(204);
    });

    it("refusals are audit-logged once per power of ten per actor and hour, with the count", async () => {
      const player = await createUserWithSession(t());
      for (let i = 0; i < 25; i++) {
        const res = await t().app.inject({
          method: "GET",
          url: i % 2 ? "/api/admin/games" : "/api/admin/dashboard",
          cookies: player.cookies,
        });
        expect(res.statusCode).toBe(403);
      }
      const rows = await t()
        .database.db.select({ after: auditLogTable.after, targetId: auditLogTable.targetId })
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, "admin.refused"), eq(auditLogTable.actorId, player.user.id)));
      expect(rows.map((r) => r.after)).toEqual([{ refusalsThisHour: 1 }, { refusalsThisHour: 10 }]);
      expect(rows[0].targetId).toBe("GET /api/admin/dashboard");
      // another actor's first refusal is logged on its own
      const other = await createUserWithSession(t());
      expect(
        (await t().app.inject({ method: "GET", url: "/api/admin/games", cookies: other.cookies })).statusCode,
      ).toBe(403);
      const [otherRow] = await t()
        .database.db.select()
        .from(auditLogTable)
        .where(and(eq(auditLogTable.action, "admin.refused"), eq(auditLogTable.actorId, other.user.id)));
      expect(otherRow.after).toEqual({ refusalsThisHour: 1 });
    });

    it("recovery codes: two equal codes hash differently, each matches; a bare SHA-256 kept before is rewrapped and still works once", async () => {
      const [a, b] = [await hashRecoveryCode("abcde-fghjk"), await hashRecoveryCode("ABCDE FGHJK")];
      expect(a).not.toBe(b);
      expect(await recoveryCodeMatches("abcdefghjk", a)).toBe(true);
      expect(await recoveryCodeMatches("abcdefghjk", b)).toBe(true);
      expect(await recoveryCodeMatches("abcdefghjm", a)).toBe(false);

      const { user } = await createUserWithSession(t(), { role: "admin", email: "legacy@example.com" });
      const legacy = crypto.createHash("sha256").update("qrstuvwxyz").digest("hex");
      await t().database.db.insert(staffRecoveryCodesTable).values({ userId: user.id, codeHash: legacy });
      expect(await upgradeRecoveryCodeHashes(t().database.db)).toBe(1);
      expect(await upgradeRecoveryCodeHashes(t().database.db)).toBe(0);
      const [stored] = await t()
        .database.db.select()
        .from(staffRecoveryCodesTable)
        .where(eq(staffRecoveryCodesTable.userId, user.id));
      expect(stored.codeHash).toMatch(/^sha256\+scrypt\$14\$/);
      expect(stored.codeHash).not.toContain(legacy);

      const useCode = async () => {
        const { otpSecret } = await emailedCodeSignIn(t(), "legacy@example.com");
        return t().app.inject({
          method: "POST",
          url: "/api/admin/verify-second-factor",
          payload: { email: "legacy@example.com", otpSecret, code: "qrstu-vwxyz" },
        });
      };
      expect((await useCode()).statusCode).toBe(200);
      expect((await useCode()).statusCode).toBe(401);
    });
  },
  {
    demo: false,
    env: { ADMIN_EMAILS: "boss@example.com", SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    settings: { now: () => clock },
  },
);
