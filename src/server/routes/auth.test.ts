import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentUserSchema } from "../../contract/auth";
import { insertSession, insertUser } from "../../test/factories";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { sessionsTable, usersTable } from "../db/schema";
import { LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, LOGIN_FAILURES_PER_ADDRESS } from "../rate-limit-table";
import { hashToken } from "../services/sessions";

function sidFrom(res: {
  cookies: Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }>;
}) {
  return res.cookies.find((c) => c.name === "sid");
}

describeEachDatabase(
  "accounts API (D11–D14)",
  (t) => {
    const register = (body: Record<string, unknown>, remoteAddress = "10.0.0.1") =>
      t().app.inject({ method: "POST", url: "/api/auth/register", payload: body, remoteAddress });
    const login = (body: Record<string, unknown>, remoteAddress = "10.0.0.2") =>
      t().app.inject({ method: "POST", url: "/api/auth/login", payload: body, remoteAddress });
    /** Only a verified address signs in (the link's part is in auth-email.test.ts); here it is set as the link would. */
    const verifiedEmail = (username: string, email: string) =>
      t()
        .database.db.update(usersTable)
        .set({ email, emailVerifiedAt: new Date() })
        .where(eq(usersTable.username, username));

    describe("register", () => {
      it("creates the user, signs them in and returns only public fields", async () => {
        const res = await register({ username: "Neo_Player", password: "s3cret-pass", email: "neo@example.com" });
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(currentUserSchema.strict().parse(body)).toMatchObject({
          username: "Neo_Player",
          role: "player",
          avatarUrl: null,
        });
        expect(res.body).not.toMatch(/neo@example\.com|scrypt|password/i);
        const cookie = sidFrom(res)!;
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
        const me = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: cookie.value } });
        expect(me.json().id).toBe(body.id);
        // D13: only the SHA-256 of the token is stored.
        const [row] = await t().database.db.select().from(sessionsTable).where(eq(sessionsTable.userId, body.id));
        expect(row.tokenHash).toBe(hashToken(cookie.value));
        expect(row.tokenHash).not.toBe(cookie.value);
        const [user] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, body.id));
        expect(user.passwordHash).toMatch(/^scrypt\$/);
      });

      it.each(["neo_player", "NEO_PLAYER", " Neo_Player "])(
        "refuses the taken name %j in any case with 409",
        async (username) => {
          const res = await register({ username, password: "another-pass" });
          expect(res.statusCode).toBe(409);
          expect(res.json()).toEqual({ message: "Username is already taken" });
        },
      );

      // A taken address is answered like a free one (auth-email.test.ts); the account is made without it.
      it("answers a taken email in any case like a free one, and the new account does not get it", async () => {
        const res = await register({ username: "SomeoneElse", password: "another-pass", email: "NEO@example.com" });
        expect(res.statusCode).toBe(201);
        const [user] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, res.json().id));
        expect(user.email).toBeNull();
      });

      it.each([
        [{ username: "ab", password: "long-enough" }, "username"],
        [{ username: "a".repeat(21), password: "long-enough" }, "username"],
        [{ username: "bad name!", password: "long-enough" }, "username"],
        [{ username: "<script>", password: "long-enough" }, "username"],
        [{ username: "good_name", password: "short" }, "password"],
        [{ username: "good_name", password: "x".repeat(129) }, "password"],
        [{ username: "good_name", password: "long-enough", email: "nope" }, "email"],
        [{ password: "long-enough" }, "username"],
      ])("answers 400 with a field error for %o", async (body, field) => {
        const res = await register(body);
        expect(res.statusCode).toBe(400);
        const json = res.json();
        expect(json.errors.map((e: { path: string }) => e.path)).toContain(field);
        expect(typeof json.message).toBe("string");
      });

      it("ignores a role in the body", async () => {
        const res = await register({ username: "WannabeAdmin", password: "long-enough", role: "admin" });
        expect(res.statusCode).toBe(201);
        expect(res.json().role).toBe("player");
      });
    });

    describe("sign in", () => {
      it("signs in with the right password (any case of the name) and issues a new session each time", async () => {
        await register({ username: "LoginUser", password: "right-password" });
        const a = await login({ username: "loginuser", password: "right-password" });
        expect(a.statusCode).toBe(200);
        expect(a.json().username).toBe("LoginUser");
        const b = await login({ username: "LoginUser", password: "right-password" }, "10.0.0.3");
        expect(sidFrom(b)!.value).not.toBe(sidFrom(a)!.value);
      });

      it("gives the same 401 for a wrong password and for an unknown user", async () => {
        const wrong = await login({ username: "LoginUser", password: "wrong-password" }, "10.1.0.1");
        const unknown = await login({ username: "NobodyAtAll", password: "wrong-password" }, "10.1.0.2");
        expect(wrong.statusCode).toBe(401);
        expect(unknown.statusCode).toBe(401);
        expect(wrong.json()).toEqual({ message: "Invalid username or password" });
        expect(unknown.json()).toEqual(wrong.json());
        expect(sidFrom(wrong)).toBeUndefined();
      });

      it("demo players without a password cannot sign in", async () => {
        await insertUser(t(), { username: "DemoNoPass", email: null, passwordHash: null });
        const res = await login({ username: "DemoNoPass", password: "anything-at-all" }, "10.1.0.3");
        expect(res.statusCode).toBe(401);
      });

      it(`limits failed sign-ins per address to ${LOGIN_FAILURES_PER_ADDRESS} per 15 minutes, whatever names are tried`, async () => {
        for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
          const r = await login({ username: `spray_${i}`, password: "guess" }, "10.5.0.1");
          expect(r.statusCode).toBe(401);
        }
        const blocked = await login({ username: "LoginUser", password: "right-password" }, "10.5.0.1");
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
        expect((await login({ username: "LoginUser", password: "right-password" }, "10.5.0.2")).statusCode).toBe(200);
      });

      it("answers 400 for a malformed body", async () => {
        expect((await login({ username: "x" })).statusCode).toBe(400);
        expect(
          (
            await t().app.inject({
              method: "POST",
              url: "/api/auth/login",
              headers: { "content-type": "application/json" },
              payload: "[]",
            })
          ).statusCode,
        ).toBe(400);
      });
    });

    // The failure counter must be reserved before the password check (else parallel guesses all pass the check),
    // keyed by the account rather than the text typed (the name and the email count together), and must not lock the
    // account for everyone (an attacker from one address must not lock the owner out everywhere).
    describe("sign-in back-off per account and address (issue 17)", () => {
      it(`${LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS} of 20 parallel wrong guesses at most are checked; the rest are 429 before the password is verified`, async () => {
        await register(
          { username: "ParallelTarget", password: "the-real-one", email: "parallel@example.com" },
          "10.20.0.1",
        );
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            login({ username: "ParallelTarget", password: `guess-${i}` }, "10.20.0.2"),
          ),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
        expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(
          20 - LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        );
        expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
      });

      it("counts the username and the email of one account together", async () => {
        await register({ username: "Alice", password: "the-real-one", email: "alice@example.com" }, "10.21.0.1");
        await verifiedEmail("Alice", "alice@example.com");
        for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
          const r = await login(
            { username: i % 2 ? "ALICE@example.com" : "alice", password: `guess-${i}` },
            "10.21.0.2",
          );
          expect(r.statusCode).toBe(401);
        }
        for (const username of ["Alice", "alice@example.com"]) {
          const r = await login({ username, password: "the-real-one" }, "10.21.0.2");
          expect(r.statusCode).toBe(429);
          expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
        }
      });

      it("the owner signs in from another address while the attacker's address is backed off", async () => {
        await register({ username: "Owner", password: "the-real-one", email: "owner@example.com" }, "10.22.0.1");
        await verifiedEmail("Owner", "owner@example.com");
        const attacker = [];
        for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS + 2; i++)
          attacker.push((await login({ username: "Owner", password: `guess-${i}` }, "10.22.0.66")).statusCode);
        expect(attacker.slice(0, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS)).toEqual(
          Array(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill(401),
        );
        expect(attacker.at(-1)).toBe(429);
        expect((await login({ username: "Owner", password: "the-real-one" }, "10.22.0.66")).statusCode).toBe(429);
        expect((await login({ username: "Owner", password: "the-real-one" }, "10.22.0.7")).statusCode).toBe(200);
        expect((await login({ username: "owner@example.com", password: "the-real-one" }, "10.22.0.8")).statusCode).toBe(
          200,
        );
      });

      it("successful sign-ins do not use up an address's allowance (a school behind one address)", async () => {
        for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS + 2; i++) {
          await register({ username: `pupil_${i}`, password: "the-real-one" }, `10.23.1.${i + 1}`);
          expect((await login({ username: `pupil_${i}`, password: "the-real-one" }, "10.23.0.1")).statusCode).toBe(200);
        }
      });

      it("an unknown name is backed off like a real one (no hint that the account exists)", async () => {
        const codes = [];
        for (let i = 0; i <= LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
          codes.push((await login({ username: "NoSuchPlayer", password: `guess-${i}` }, "10.24.0.1")).statusCode);
        expect(codes.at(-1)).toBe(429);
        expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
      });
    });

    describe("sessions", () => {
      it("an expired session is signed out", async () => {
        const res = await register({ username: "Expiring", password: "long-enough" }, "10.6.0.1");
        const sid = sidFrom(res)!.value;
        await t()
          .database.db.update(sessionsTable)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(sessionsTable.tokenHash, hashToken(sid)));
        expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).statusCode).toBe(401);
      });

      it("a player session idle for more than 7 days is signed out (D13)", async () => {
        const res = await register({ username: "IdlePlayer", password: "long-enough" }, "10.6.0.2");
        const sid = sidFrom(res)!.value;
        await t()
          .database.db.update(sessionsTable)
          .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
          .where(eq(sessionsTable.tokenHash, hashToken(sid)));
        expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).statusCode).toBe(401);
      });

      it("logout ends the session on the server, not only the cookie", async () => {
        const res = await register({ username: "LeavingNow", password: "long-enough" }, "10.6.0.3");
        const sid = sidFrom(res)!.value;
        const out = await t().app.inject({ method: "POST", url: "/api/auth/logout", cookies: { sid } });
        expect(out.statusCode).toBe(204);
        expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).statusCode).toBe(401);
        const n = await t().database.db.execute(
          sql`select count(*)::int as n from sessions where token_hash = ${hashToken(sid)}`,
        );
        expect((n.rows[0] as { n: number }).n).toBe(0);
      });

      it("a disabled account is signed out at once", async () => {
        const res = await register({ username: "ToDisable", password: "long-enough" }, "10.6.0.4");
        const sid = sidFrom(res)!.value;
        await t()
          .database.db.update(usersTable)
          .set({ disabledAt: new Date() })
          .where(eq(usersTable.id, res.json().id));
        expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).statusCode).toBe(401);
      });

      it("GET /api/auth/session answers 200 with the user, or with null when signed out, never stored (ADR 011)", async () => {
        const res = await register({ username: "SessionAsker", password: "long-enough" }, "10.6.0.5");
        const sid = sidFrom(res)!.value;
        const me = await t().app.inject({ method: "GET", url: "/api/auth/session", cookies: { sid } });
        expect(me.statusCode).toBe(200);
        expect(me.headers["cache-control"]).toBe("no-store");
        const user = (await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).json();
        expect(me.json()).toEqual({ user });
        expect(Object.keys(me.json().user).sort()).toEqual(["avatarUrl", "createdAt", "id", "role", "username"]);
        for (const cookies of [{}, { sid: "not-a-session" }] as Array<Record<string, string>>) {
          const anon = await t().app.inject({ method: "GET", url: "/api/auth/session", cookies });
          expect(anon.statusCode).toBe(200);
          expect(anon.headers["cache-control"]).toBe("no-store");
          expect(anon.json()).toEqual({ user: null });
        }
        await t().app.inject({ method: "POST", url: "/api/auth/logout", cookies: { sid } });
        expect((await t().app.inject({ method: "GET", url: "/api/auth/session", cookies: { sid } })).json()).toEqual({
          user: null,
        });
      });
    });
  },
  { demo: false },
);

async function sessionFor(t: TestApp, opts: { expiresInMs?: number; username?: string } = {}) {
  const name = opts.username ?? `player_${crypto.randomBytes(3).toString("hex")}`;
  const user = await insertUser(t, {
    username: name,
    email: `${name}@secret.example.com`,
    passwordHash: "scrypt$not-a-real-hash",
  });
  const { token } = await insertSession(t, {
    userId: user.id,
    expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 60_000)),
  });
  return { user, token };
}

describeEachDatabase(
  "auth basics (D10, D13, D14)",
  (t) => {
    it("GET /api/auth/login redirects to the sign-in screen and keeps a safe returnTo", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/auth/login?returnTo=%2Fgame%2F3" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?returnTo=%2Fgame%2F3");
      // "/%09/evil.example" looks like a path, but a browser follows it to //evil.example
      for (const evil of [
        "https://evil.example",
        "//evil.example",
        "/\\evil.example",
        "/\t/evil.example",
        "/\n\\evil.example",
      ]) {
        const r = await t().app.inject({ method: "GET", url: `/api/auth/login?returnTo=${encodeURIComponent(evil)}` });
        expect(r.headers.location).toBe("/login");
      }
    });

    it("GET /api/auth/user is 401 {message} when signed out", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/auth/user" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Not signed in" });
    });

    it("GET /api/auth/user returns the session's user without private fields (D16)", async () => {
      const { user, token } = await sessionFor(t());
      const res = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        username: user.username,
        avatarUrl: null,
        createdAt: user.createdAt.toISOString(),
        role: "player",
      });
      expect(res.body).not.toContain("secret.example.com");
      expect(res.body).not.toContain("scrypt");
    });

    it("an expired session means signed out", async () => {
      const { token } = await sessionFor(t(), { expiresInMs: -1000 });
      const res = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: token } });
      expect(res.statusCode).toBe(401);
    });

    it("a play by a signed-in player is tied to that player (D21)", async () => {
      const { user, token } = await sessionFor(t());
      const game = (await t().app.inject({ method: "GET", url: "/api/games?limit=1" })).json()[0];
      const res = await t().app.inject({ method: "POST", url: `/api/games/${game.id}/play`, cookies: { sid: token } });
      expect(res.statusCode).toBe(200);
      const { playsTable } = await import("../db/schema");
      const [play] = await t().database.db.select().from(playsTable).where(eq(playsTable.id, res.json().playId));
      expect(play.userId).toBe(user.id);
    });

    it("logout ends the session server-side", async () => {
      const { token } = await sessionFor(t());
      const out = await t().app.inject({ method: "POST", url: "/api/auth/logout", cookies: { sid: token } });
      expect(out.statusCode).toBe(204);
      expect(String(out.headers["set-cookie"])).toMatch(/sid=;/);
      const rows = await t()
        .database.db.select()
        .from(sessionsTable)
        .where(eq(sessionsTable.tokenHash, hashToken(token)));
      expect(rows).toEqual([]);
      const after = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: token } });
      expect(after.statusCode).toBe(401);
      const viaGet = await t().app.inject({
        method: "GET",
        url: "/api/auth/logout",
        headers: { "sec-fetch-site": "same-origin" },
      });
      expect(viaGet.statusCode).toBe(302);
      expect(viaGet.headers.location).toBe("/");
    });
  },
  { demo: false },
);

// A plain GET that signed the player out would let any site do it (an <img src>, a link, a redirect).
// The GET signs out only a navigation from the site itself: Sec-Fetch-Site same-origin (a link on the site) or none
// (typed, a bookmark); without the header (browsers before 2023, e.g. Safari < 16.4), only with a Referer on the site
// (Referrer-Policy strict-origin-when-cross-origin sends it on the site's own links). Anything else gets a page asking
// to confirm with a link on the site, which does not sign out by itself.
describeEachDatabase(
  "sign-out by GET only from the site itself (issue 17)",
  (t) => {
    const signedIn = async (sid: string) =>
      (await t().app.inject({ method: "GET", url: "/api/auth/session", cookies: { sid } })).json().user !== null;
    const cases: Array<[string, Record<string, string>, boolean]> = [
      ["Sec-Fetch-Site: same-origin (the site's own link)", { "sec-fetch-site": "same-origin" }, true],
      ["Sec-Fetch-Site: none (typed or a bookmark)", { "sec-fetch-site": "none" }, true],
      ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", referer: "https://evil.example/" }, false],
      ["Sec-Fetch-Site: same-site (e.g. a game's origin on a sibling host)", { "sec-fetch-site": "same-site" }, false],
      [
        "cross-site even with a Referer on the site",
        { "sec-fetch-site": "cross-site", referer: "http://localhost:5000/" },
        false,
      ],
      ["no Sec-Fetch-Site, a Referer on the site (an old browser)", { referer: "http://localhost:5000/games/3" }, true],
      ["no Sec-Fetch-Site, a Referer elsewhere", { referer: "https://evil.example/page" }, false],
      ["no Sec-Fetch-Site, no Referer", {}, false],
    ];
    for (const [url, kind, home] of [
      ["/api/auth/logout", "player", "/"],
      ["/api/logout", "admin", "/cms"],
    ] as const) {
      it.each(cases)(`GET ${url} with %s`, async (_label, headers, signsOut) => {
        const { sid } = await createUserWithSession(t(), { role: kind === "admin" ? "admin" : "player" });
        const res = await t().app.inject({ method: "GET", url, cookies: { sid }, headers });
        expect(await signedIn(sid)).toBe(!signsOut);
        if (signsOut) {
          expect(res.statusCode).toBe(302);
          expect(res.headers.location).toBe(home);
          expect(String(res.headers["set-cookie"])).toMatch(/sid=;/);
        } else {
          expect(res.statusCode).toBe(200);
          expect(res.headers["set-cookie"]).toBeUndefined();
          expect(res.headers["content-type"]).toMatch(/^text\/html/);
          expect(res.headers["cache-control"]).toMatch(/no-store/);
          expect(res.body).toContain(`<a href="${url}">Sign out</a>`);
        }
      });
    }
  },
  { demo: false },
);
