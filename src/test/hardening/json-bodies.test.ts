import { describe, expect, it } from "vitest";
import { gamesTable } from "../../server/db/schema";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../test-app";

/**
 * A deeply nested 1 MB JSON body sent without signing in would cost about 0.45 s of CPU on the
 * main thread (eight in parallel made /healthz take 1.6 s). Ordinary JSON routes take 16 KiB (413 above it);
 * staff routes (behind the admin guard, which answers before the body is read), the cloud saves and the uploads keep
 * their own limits; and a body nested more than 32 levels deep is refused (400) by a scan of the raw text before
 * JSON.parse runs.
 */
const KIB = 1024;
const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describeEachDatabase(
  "JSON body limit and nesting (issue 17)",
  (t) => {
    const post = (url: string, payload: string, cookies?: Record<string, string>) =>
      t().app.inject({ method: "POST", url, payload, cookies, headers: { "content-type": "application/json" } });

    it("an ordinary route refuses a 17 KiB body with 413 before parsing it", async () => {
      const body = JSON.stringify({ name: "A", email: "a@example.com", message: "x".repeat(17 * KIB) });
      const res = await post("/api/contact", body);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: "Request body is too large" });
      // Signed-in players' routes too (a direct message, a review, a report …).
      const player = await createUserWithSession(t());
      const signedIn = await post(
        "/api/reports",
        JSON.stringify({ kind: "chat", targetId: 1, reason: "spam", text: "x".repeat(17 * KIB) }),
        player.cookies,
      );
      expect(signedIn.statusCode).toBe(413);
    });

    it("refuses a body nested more than 32 levels deep with 400, and only then", async () => {
      const deep = await post("/api/auth/login", `{"username":"someone","password":"whatever","x":${nested(33)}}`);
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toEqual({ message: "The JSON body is nested too deeply (at most 32 levels)" });
      const deepObjects = await post(
        "/api/auth/login",
        `{"username":"someone","password":"whatever","x":${'{"a":'.repeat(40)}1${"}".repeat(40)}}`,
      );
      expect(deepObjects.json()).toEqual({ message: "The JSON body is nested too deeply (at most 32 levels)" });
      // 32 levels (the outer object is one) get as far as the schema; brackets inside strings are not nesting.
      const fine = await post("/api/auth/login", `{"username":"someone","password":"whatever","x":${nested(31)}}`);
      expect(fine.json().message).not.toMatch(/nested/);
      const inString = await post(
        "/api/auth/login",
        JSON.stringify({ username: "someone", password: `${nested(40)}\\"{{{[[[` }),
      );
      expect(inString.statusCode).toBe(401);
    });

    it("the review's attack, 1 MB nested without signing in, is 413 unread; the deepest body that fits is refused by the scan", async () => {
      expect((await post("/api/auth/login", nested(512 * KIB))).statusCode).toBe(413);
      const fits = await post("/api/auth/login", nested(8 * KIB - 1));
      expect(fits.statusCode).toBe(400);
      expect(fits.json().message).toMatch(/nested too deeply/);
    });

    describe("routes that need more keep their own limits", () => {
      const { req } = asAdmin(t);

      it("an administrator saves a 60,000-character content value (staff routes: 1 MiB)", async () => {
        const res = await req("POST", "/api/admin/website-content", {
          section: "legal",
          key: "long_terms",
          value: "Terms. ".repeat(8_500),
          valueType: "text",
        });
        expect(res.statusCode, res.body).toBe(201);
      });

      it("signed out, the same large body to a staff route is 401 (the guard answers before the body is read)", async () => {
        const res = await post(
          "/api/admin/website-content",
          JSON.stringify({ section: "legal", key: "x", value: "y".repeat(200 * KIB) }),
        );
        expect(res.statusCode).toBe(401);
      });

      it("a 200 KiB cloud save is accepted (its own limit; saves.test.ts writes one of the whole 1 MiB quota)", async () => {
        const player = await createUserWithSession(t());
        const [game] = await t().database.db.select().from(gamesTable).limit(1);
        const res = await post(
          `/api/games/${game.id}/saves`,
          JSON.stringify({
            set: [{ key: "slot1", value: "s".repeat(200 * KIB), updatedAt: new Date().toISOString() }],
          }),
          player.cookies,
        );
        expect(res.statusCode, res.body).toBe(200);
      });
    });
  },
  { demo: false },
);
