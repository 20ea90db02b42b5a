import crypto from "node:crypto";
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessionsTable, usersTable } from "../db/schema";
import { hashToken } from "../services/sessions";
import { describeEachDatabase, type TestApp } from "../../test/test-app";

async function sessionFor(t: TestApp, opts: { expiresInMs?: number; username?: string } = {}) {
  const name = opts.username ?? `player_${crypto.randomBytes(3).toString("hex")}`;
  const [user] = await t.database.db
    .insert(usersTable)
    .values({ username: name, email: `${name}@secret.example.com`, passwordHash: "scrypt$not-a-real-hash" })
    .returning();
  const token = crypto.randomBytes(32).toString("base64url");
  await t.database.db.insert(sessionsTable).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 60_000)) });
  return { user, token };
}

describeEachDatabase("auth basics (D10, D13, D14)", (t) => {
  it("GET /api/auth/login redirects to the sign-in screen and keeps a safe returnTo", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/auth/login?returnTo=%2Fgame%2F3" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?returnTo=%2Fgame%2F3");
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
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
    expect(res.json()).toEqual({ id: user.id, username: user.username, avatarUrl: null, createdAt: user.createdAt.toISOString(), role: "player" });
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
    const rows = await t().database.db.select().from(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
    expect(rows).toEqual([]);
    const after = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: token } });
    expect(after.statusCode).toBe(401);
    const viaGet = await t().app.inject({ method: "GET", url: "/api/auth/logout" });
    expect(viaGet.statusCode).toBe(302);
    expect(viaGet.headers.location).toBe("/");
  });
}, { demo: false });
