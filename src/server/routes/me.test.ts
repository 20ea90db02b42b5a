import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, expect, it } from "vitest";
import { NOTIFICATION_PREF_KINDS } from "../../contract/me";
import { NOTIFICATION_KIND_LIST as NOTIFICATION_KINDS, STAFF_NOTIFICATION_KINDS } from "../../contract/player-live";
import { STEP_UP_REQUIRED_CODE, STEP_UP_TEXTS } from "../../contract/step-up-constants";
import { mailText, startSmtp, type Mail } from "../../test/smtp";
import { grantStepUp } from "../../test/step-up";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import { emailTokensTable, sessionsTable, usersTable } from "../db/schema";
import { hashToken } from "../services/sessions";

const smtp = await startSmtp();
afterAll(() => smtp.close());

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** The test's clock (AppSettings.now): tests move it to pass a link's expiry. */
const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

type Cookies = { sid: string };
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }): Cookies => ({
  sid: res.cookies.find((c) => c.name === "sid")!.value,
});

async function register(t: TestApp, username: string, password = "correct horse", userAgent = CHROME_WINDOWS) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "user-agent": userAgent },
    payload: { username, password },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as number, cookies: sidOf(res) };
}
async function login(t: TestApp, username: string, password: string, userAgent = SAFARI_IPHONE) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { username, password },
  });
  return { res, cookies: res.statusCode === 200 ? sidOf(res) : undefined };
}
const whoAmI = (t: TestApp, cookies: Cookies) => t.app.inject({ method: "GET", url: "/api/auth/user", cookies });

function tokenFrom(mail: Mail): string {
  const m = mailText(mail).match(/\/settings\/verify-email\?token=([A-Za-z0-9_%-]+)/);
  if (!m) throw new Error(`no link in mail: ${mail.raw}`);
  return decodeURIComponent(m[1]);
}

describeEachDatabase(
  "player settings API (D87, D100)",
  (t) => {
    beforeEach(async () => {
      clock.offsetMs = 0;
      await t().database.db.execute(sql`delete from rate_limits`);
    });

    it("D100: every /api/me route answers 401 without a session", async () => {
      const routes: Array<["GET" | "POST" | "PATCH" | "DELETE", string, object?]> = [
        ["GET", "/api/me/settings"],
        ["PATCH", "/api/me/settings", { presenceEnabled: true }],
        ["GET", "/api/me/sessions"],
        ["DELETE", "/api/me/sessions/others"],
        ["DELETE", "/api/me/sessions/0123456789abcdef"],
        ["POST", "/api/me/password", { currentPassword: "x", newPassword: "something long" }],
        ["POST", "/api/me/email", { email: "a@example.com" }],
        ["POST", "/api/me/email/verify", { token: "abc" }],
        ["DELETE", "/api/me/avatar"],
        ["GET", "/api/me/export"],
        ["DELETE", "/api/me", { password: "x" }],
        ["POST", "/api/me/delete/cancel", {}],
      ];
      for (const [method, url, payload] of routes) {
        const res = await t().app.inject({
          method,
          url,
          ...(payload ? { payload } : method === "GET" ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: "Not signed in" });
      }
      const avatar = await t().app.inject({
        method: "POST",
        url: "/api/me/avatar",
        ...multipart({}, { field: "avatar", filename: "a.png", content: Buffer.from("x") }),
      });
      expect(avatar.statusCode).toBe(401);
    });

    it("D87: settings default to a public profile, presence off and every notification on; PATCH stores any subset", async () => {
      const { cookies } = await createUserWithSession(t(), { username: "prefs_player", email: "prefs@example.test" });
      const initial = await t().app.inject({ method: "GET", url: "/api/me/settings", cookies });
      expect(initial.statusCode).toBe(200);
      expect(initial.headers["cache-control"]).toBe("no-store");
      expect(initial.json()).toEqual({
        profileVisibility: "public",
        presenceEnabled: false,
        notificationPrefs: Object.fromEntries(NOTIFICATION_PREF_KINDS.map((k) => [k, true])),
        email: "prefs@example.test",
        emailVerified: false,
        pendingEmail: null,
        hasPassword: false,
        deleteAfter: null,
      });
      const patched = await t().app.inject({
        method: "PATCH",
        url: "/api/me/settings",
        cookies,
        payload: { profileVisibility: "friends", notificationPrefs: { score_beaten: false, announcement: false } },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({
        profileVisibility: "friends",
        presenceEnabled: false,
        notificationPrefs: { score_beaten: false, announcement: false, friend_request: true },
      });
      const again = await t().app.inject({
        method: "PATCH",
        url: "/api/me/settings",
        cookies,
        payload: { presenceEnabled: true, notificationPrefs: { announcement: true } },
      });
      expect(again.json()).toMatchObject({
        profileVisibility: "friends",
        presenceEnabled: true,
        notificationPrefs: { score_beaten: false, announcement: true },
      });
      const [row] = await t().database.db.select().from(usersTable).where(eq(usersTable.username, "prefs_player"));
      expect(row.notificationPrefs).toEqual({ score_beaten: false });
      expect(row.presenceEnabled).toBe(true);
    });

    it("D87: PATCH /api/me/settings refuses unknown values and fields (400)", async () => {
      const { cookies } = await createUserWithSession(t());
      for (const payload of [
        { profileVisibility: "everyone" },
        { presenceEnabled: "yes" },
        { notificationPrefs: { chat: false } },
        { role: "admin" },
      ]) {
        const res = await t().app.inject({ method: "PATCH", url: "/api/me/settings", cookies, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(typeof res.json().message).toBe("string");
      }
    });

    it("the notification kinds of the settings are the database's but the staff's (D85)", () => {
      expect([...NOTIFICATION_PREF_KINDS, ...STAFF_NOTIFICATION_KINDS]).toEqual([...NOTIFICATION_KINDS]);
    });

    it("D87: sessions record the User-Agent at sign-in and list it as a device; the id is an opaque handle", async () => {
      const a = await register(t(), "session_sam");
      const second = await login(t(), "session_sam", "correct horse", SAFARI_IPHONE);
      expect(second.res.statusCode).toBe(200);
      const [stored] = await t()
        .database.db.select()
        .from(sessionsTable)
        .where(eq(sessionsTable.tokenHash, hashToken(a.cookies.sid)));
      expect(stored.userAgent).toBe(CHROME_WINDOWS);

      const res = await t().app.inject({ method: "GET", url: "/api/me/sessions", cookies: a.cookies });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{
        id: string;
        device: string;
        current: boolean;
        kind: string;
        createdAt: string;
        lastSeenAt: string;
      }>;
      expect(list).toHaveLength(2);
      expect(list.map((s) => s.device).sort()).toEqual(["Chrome on Windows", "Safari on iPhone"]);
      const current = list.find((s) => s.current)!;
      expect(current.device).toBe("Chrome on Windows");
      expect(list.filter((s) => s.current)).toHaveLength(1);
      for (const s of list) {
        expect(s.id).toMatch(/^[0-9a-f]{16}$/);
        expect(res.body).not.toContain(hashToken(a.cookies.sid));
        expect(s.kind).toBe("player");
      }
      expect(current.id).toBe(hashToken(a.cookies.sid).slice(0, 16));
    });

    it("D87: a long User-Agent is cut to 512 characters", async () => {
      const a = await register(t(), "long_agent", "correct horse", `Mozilla/5.0 ${"x".repeat(1000)}`);
      const [stored] = await t()
        .database.db.select()
        .from(sessionsTable)
        .where(eq(sessionsTable.tokenHash, hashToken(a.cookies.sid)));
      expect(stored.userAgent).toHaveLength(512);
    });

    it("D87: 'Sign out everywhere else' ends every other session at once and keeps this one", async () => {
      const a = await register(t(), "everywhere");
      const b = await login(t(), "everywhere", "correct horse");
      const c = await login(t(), "everywhere", "correct horse");
      const other = await register(t(), "bystander");
      for (const s of [a.cookies, b.cookies!, c.cookies!]) expect((await whoAmI(t(), s)).statusCode).toBe(200);
      const res = await t().app.inject({
        method: "DELETE",
        url: "/api/me/sessions/others",
        cookies: a.cookies,
        payload: {},
      });
      expect(res.statusCode).toBe(204);
      expect((await whoAmI(t(), a.cookies)).statusCode).toBe(200);
      expect((await whoAmI(t(), b.cookies!)).statusCode).toBe(401);
      expect((await whoAmI(t(), c.cookies!)).statusCode).toBe(401);
      // Someone else's session is not touched.
      expect((await whoAmI(t(), other.cookies)).statusCode).toBe(200);
      const list = (await t().app.inject({ method: "GET", url: "/api/me/sessions", cookies: a.cookies })).json();
      expect(list).toHaveLength(1);
    });

    it("D87: one session can be ended by its id; another player's id or an unknown one is 404, a malformed one 400", async () => {
      const a = await register(t(), "one_by_one");
      const b = await login(t(), "one_by_one", "correct horse");
      const stranger = await register(t(), "stranger_one");
      const bId = hashToken(b.cookies!.sid).slice(0, 16);
      const strangerId = hashToken(stranger.cookies.sid).slice(0, 16);
      expect(
        (
          await t().app.inject({
            method: "DELETE",
            url: `/api/me/sessions/${strangerId}`,
            cookies: a.cookies,
            payload: {},
          })
        ).statusCode,
      ).toBe(404);
      expect((await whoAmI(t(), stranger.cookies)).statusCode).toBe(200);
      expect(
        (
          await t().app.inject({
            method: "DELETE",
            url: "/api/me/sessions/not-a-handle",
            cookies: a.cookies,
            payload: {},
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await t().app.inject({ method: "DELETE", url: `/api/me/sessions/${bId}`, cookies: a.cookies, payload: {} }))
          .statusCode,
      ).toBe(204);
      expect((await whoAmI(t(), b.cookies!)).statusCode).toBe(401);
      expect(
        (await t().app.inject({ method: "DELETE", url: `/api/me/sessions/${bId}`, cookies: a.cookies, payload: {} }))
          .statusCode,
      ).toBe(404);
      // Ending the current one signs out and clears the cookie.
      const own = await t().app.inject({
        method: "DELETE",
        url: `/api/me/sessions/${hashToken(a.cookies.sid).slice(0, 16)}`,
        cookies: a.cookies,
        payload: {},
      });
      expect(own.statusCode).toBe(204);
      expect(own.cookies.find((c) => c.name === "sid")?.value).toBe("");
      expect((await whoAmI(t(), a.cookies)).statusCode).toBe(401);
    });

    it("D87: changing the password needs the current one (403 when wrong), follows the registration rules and ends the other sessions", async () => {
      const a = await register(t(), "pw_changer", "old password");
      const b = await login(t(), "pw_changer", "old password");
      const change = (payload: object) =>
        t().app.inject({ method: "POST", url: "/api/me/password", cookies: a.cookies, payload });

      const wrong = await change({ currentPassword: "not it at all", newPassword: "new password" });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(STEP_UP_TEXTS.wrongPassword);
      const short = await change({ currentPassword: "old password", newPassword: "short" });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe("Password must be at least 8 characters");
      // D105: without the current password, only a session that confirmed it's the owner in the last 10 minutes may
      expect((await change({ newPassword: "new password" })).json()).toEqual({
        message: STEP_UP_TEXTS.required,
        code: STEP_UP_REQUIRED_CODE,
      });
      expect((await whoAmI(t(), b.cookies!)).statusCode).toBe(200);

      expect((await change({ currentPassword: "old password", newPassword: "new password" })).statusCode).toBe(204);
      expect((await whoAmI(t(), a.cookies)).statusCode).toBe(200);
      expect((await whoAmI(t(), b.cookies!)).statusCode).toBe(401);
      expect((await login(t(), "pw_changer", "old password")).res.statusCode).toBe(401);
      expect((await login(t(), "pw_changer", "new password")).res.statusCode).toBe(200);
    });

    it("D87, D105: an account without a password sets one after confirming it's the owner; 10 minutes on, it needs the password", async () => {
      const { cookies, user } = await createUserWithSession(t(), { username: "google_only" });
      const set = (newPassword: string, currentPassword?: string) =>
        t().app.inject({
          method: "POST",
          url: "/api/me/password",
          cookies,
          payload: { newPassword, ...(currentPassword ? { currentPassword } : {}) },
        });
      expect((await set("my first password")).statusCode).toBe(403);
      await grantStepUp(t(), cookies.sid, now());
      expect((await set("my first password")).statusCode).toBe(204);
      const settings = await t().app.inject({ method: "GET", url: "/api/me/settings", cookies });
      expect(settings.json().hasPassword).toBe(true);
      clock.offsetMs = 10 * 60 * 1000 + 1000;
      const stale = await set("taking it over");
      expect(stale.statusCode).toBe(403);
      expect(stale.json().code).toBe(STEP_UP_REQUIRED_CODE);
      expect((await set("taking it over", "my first password")).statusCode).toBe(204);
      expect((await login(t(), user.username, "taking it over")).res.statusCode).toBe(200);
    });

    it("D87: password attempts are rate-limited per player (429 with Retry-After)", async () => {
      const a = await register(t(), "pw_guesser", "the real one");
      let last;
      for (let i = 0; i < 11; i++) {
        last = await t().app.inject({
          method: "POST",
          url: "/api/me/password",
          cookies: a.cookies,
          payload: { currentPassword: `guess ${i}`, newPassword: "new password" },
        });
        if (i < 10) expect(last.statusCode).toBe(403);
      }
      expect(last!.statusCode).toBe(429);
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("D87: a new email is verified through a single-use link; until then the old email stays", async () => {
      const { cookies, user } = await createUserWithSession(t(), {
        username: "mail_changer",
        email: "old@example.test",
      });
      await grantStepUp(t(), cookies.sid, now());
      const bad = await t().app.inject({
        method: "POST",
        url: "/api/me/email",
        cookies,
        payload: { email: "not an address" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Please enter a valid email address");

      const sent = await t().app.inject({
        method: "POST",
        url: "/api/me/email",
        cookies,
        payload: { email: " New@Example.test " },
      });
      expect(sent.statusCode).toBe(202);
      const mail = await smtp.waitFor("new@example.test");
      expect(mailText(mail)).toContain("http://localhost:5000/settings/verify-email?token=");
      const token = tokenFrom(mail);
      // Only the token's SHA-256 is stored.
      const [stored] = await t()
        .database.db.select()
        .from(emailTokensTable)
        .where(eq(emailTokensTable.userId, user.id));
      expect(stored.tokenHash).toBe(hashToken(token));
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

      const pending = (await t().app.inject({ method: "GET", url: "/api/me/settings", cookies })).json();
      expect(pending).toMatchObject({
        email: "old@example.test",
        emailVerified: false,
        pendingEmail: "New@Example.test",
      });

      const unknown = await t().app.inject({
        method: "POST",
        url: "/api/me/email/verify",
        cookies,
        payload: { token: "made-up-token" },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/not valid or has expired/);

      // Another player cannot use the link.
      const other = await createUserWithSession(t());
      expect(
        (
          await t().app.inject({
            method: "POST",
            url: "/api/me/email/verify",
            cookies: other.cookies,
            payload: { token },
          })
        ).statusCode,
      ).toBe(400);

      const ok = await t().app.inject({ method: "POST", url: "/api/me/email/verify", cookies, payload: { token } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ email: "New@Example.test" });
      const after = (await t().app.inject({ method: "GET", url: "/api/me/settings", cookies })).json();
      expect(after).toMatchObject({ email: "New@Example.test", emailVerified: true, pendingEmail: null });

      const reused = await t().app.inject({ method: "POST", url: "/api/me/email/verify", cookies, payload: { token } });
      expect(reused.statusCode).toBe(400);
    });

    it("D87: a verification link expires after 24 hours (injected clock)", async () => {
      const { cookies } = await createUserWithSession(t(), { email: "stays@example.test" });
      await grantStepUp(t(), cookies.sid, now());
      expect(
        (
          await t().app.inject({
            method: "POST",
            url: "/api/me/email",
            cookies,
            payload: { email: "late@example.test" },
          })
        ).statusCode,
      ).toBe(202);
      const token = tokenFrom(await smtp.waitFor("late@example.test"));
      clock.offsetMs = 24 * 60 * 60 * 1000 + 1000;
      const late = await t().app.inject({ method: "POST", url: "/api/me/email/verify", cookies, payload: { token } });
      expect(late.statusCode).toBe(400);
      expect((await t().app.inject({ method: "GET", url: "/api/me/settings", cookies })).json().email).toBe(
        "stays@example.test",
      );
    });

    // A 409 here would tell any player which addresses have an account; the owner is told instead.
    it("D87, issue 17: an email another account uses is answered like a free one (its owner gets a notice); a link used after another account took the address is 409", async () => {
      await createUserWithSession(t(), { email: "taken@example.test" });
      const { cookies } = await createUserWithSession(t());
      await grantStepUp(t(), cookies.sid, now());
      const asked = await t().app.inject({
        method: "POST",
        url: "/api/me/email",
        cookies,
        payload: { email: "TAKEN@example.test" },
      });
      const free = await t().app.inject({
        method: "POST",
        url: "/api/me/email",
        cookies,
        payload: { email: "free-one@example.test" },
      });
      expect(asked.statusCode).toBe(202);
      expect(Object.keys(asked.json())).toEqual(Object.keys(free.json()));
      expect(asked.json().message.replace("TAKEN@example.test", "X")).toBe(
        free.json().message.replace("free-one@example.test", "X"),
      );
      const notice = mailText(await smtp.waitFor("taken@example.test"));
      expect(notice).toMatch(/Someone tried to add it to another account on .+ with your email address/);
      expect(notice).not.toMatch(/verify-email\?token=/);
      await smtp.waitFor("free-one@example.test");

      expect(
        (
          await t().app.inject({
            method: "POST",
            url: "/api/me/email",
            cookies,
            payload: { email: "race@example.test" },
          })
        ).statusCode,
      ).toBe(202);
      const token = tokenFrom(await smtp.waitFor("race@example.test"));
      await createUserWithSession(t(), { email: "race@example.test" });
      const used = await t().app.inject({ method: "POST", url: "/api/me/email/verify", cookies, payload: { token } });
      expect(used.statusCode).toBe(409);
    });

    it("D87: at most 5 verification mails per hour per player", async () => {
      const { cookies } = await createUserWithSession(t());
      await grantStepUp(t(), cookies.sid, now());
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await t().app.inject({
              method: "POST",
              url: "/api/me/email",
              cookies,
              payload: { email: `spam${i}@example.test` },
            })
          ).statusCode,
        ).toBe(202);
      }
      const sixth = await t().app.inject({
        method: "POST",
        url: "/api/me/email",
        cookies,
        payload: { email: "spam6@example.test" },
      });
      expect(sixth.statusCode).toBe(429);
      for (let i = 0; i < 5; i++) await smtp.waitFor(`spam${i}@example.test`);
    });

    it("D87: an avatar upload becomes a 256×256 WebP served under /uploads, shown as the user's avatar; DELETE removes it", async () => {
      const { cookies } = await createUserWithSession(t(), { username: "avatar_ada" });
      const png = await sharp({
        create: { width: 640, height: 320, channels: 3, background: { r: 200, g: 40, b: 90 } },
      })
        .png()
        .toBuffer();
      const res = await t().app.inject({
        method: "POST",
        url: "/api/me/avatar",
        cookies,
        ...multipart({}, { field: "avatar", filename: "me.png", content: png, type: "image/png" }),
      });
      expect(res.statusCode).toBe(200);
      const { avatarUrl } = res.json() as { avatarUrl: string };
      expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
      const file = await t().app.inject({ method: "GET", url: avatarUrl });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
      expect((await whoAmI(t(), cookies)).json().avatarUrl).toBe(avatarUrl);

      const removed = await t().app.inject({ method: "DELETE", url: "/api/me/avatar", cookies, payload: {} });
      expect(removed.statusCode).toBe(204);
      expect((await whoAmI(t(), cookies)).json().avatarUrl).toBeNull();
      expect((await t().app.inject({ method: "GET", url: avatarUrl })).statusCode).toBe(404);
    });

    it("D87: an avatar must be an image (415), present (400) and not too large (413)", async () => {
      const { cookies } = await createUserWithSession(t());
      const text = await t().app.inject({
        method: "POST",
        url: "/api/me/avatar",
        cookies,
        ...multipart(
          {},
          { field: "avatar", filename: "a.png", content: Buffer.from("not an image"), type: "image/png" },
        ),
      });
      expect(text.statusCode).toBe(415);
      const none = await t().app.inject({ method: "POST", url: "/api/me/avatar", cookies, ...multipart({ x: "1" }) });
      expect(none.statusCode).toBe(400);
      const json = await t().app.inject({ method: "POST", url: "/api/me/avatar", cookies, payload: { avatar: "x" } });
      expect(json.statusCode).toBe(415);
      const huge = await t().app.inject({
        method: "POST",
        url: "/api/me/avatar",
        cookies,
        ...multipart(
          {},
          { field: "avatar", filename: "big.png", content: Buffer.alloc(6 * 1024 * 1024, 1), type: "image/png" },
        ),
      });
      expect(huge.statusCode).toBe(413);
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
