import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { ANNOUNCEMENT_MAX } from "../../../contract/notifications";
import type { Player } from "../../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { usersTable } from "../../db/schema";

describeEachDatabase(
  "announcements (D85)",
  (t) => {
    const call = (player: Player | undefined, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: player?.cookies, ...(payload ? { payload } : {}) });
    const notes = async (p: Player) => (await call(p, "GET", "/api/notifications")).json();

    it("announcements: admins only (401/403), sent to every player who has not turned them off; a link must stay on the site", async () => {
      const player = await createUserWithSession(t());
      const quiet = await createUserWithSession(t());
      await t()
        .database.db.update(usersTable)
        .set({ notificationPrefs: { announcement: false } })
        .where(eq(usersTable.id, quiet.user.id));
      expect((await call(undefined, "POST", "/api/admin/announcements", { text: "Hi" })).statusCode).toBe(401);
      expect((await call(player, "POST", "/api/admin/announcements", { text: "Hi" })).statusCode).toBe(403);
      const admin = await createUserWithSession(t(), { role: "admin", kind: "admin" });
      const bad = await t().app.inject({
        method: "POST",
        url: "/api/admin/announcements",
        cookies: admin.cookies,
        payload: { text: "x", link: "https://evil.example" },
      });
      expect(bad.statusCode).toBe(400);
      const empty = await t().app.inject({
        method: "POST",
        url: "/api/admin/announcements",
        cookies: admin.cookies,
        payload: { text: "   " },
      });
      expect(empty.statusCode).toBe(400);
      const sent = await t().app.inject({
        method: "POST",
        url: "/api/admin/announcements",
        cookies: admin.cookies,
        payload: { text: "Tournament on Friday!", link: "/leaderboard" },
      });
      expect(sent.statusCode).toBe(201);
      const [{ n }] = (
        await t().database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from users where deleted_at is null and disabled_at is null`,
        )
      ).rows;
      expect(sent.json().sent).toBe(n - 1);
      expect((await notes(player)).items[0]).toMatchObject({
        kind: "announcement",
        text: "Tournament on Friday!",
        link: "/leaderboard",
        actor: null,
      });
      expect((await notes(quiet)).items).toEqual([]);
    });

    it("moderators may not announce; a text over the limit or an unknown field is 400 and nobody is told", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const admin = await createUserWithSession(t(), { role: "admin" });
      const player = await createUserWithSession(t());
      expect((await call(moderator, "POST", "/api/admin/announcements", { text: "Hi" })).statusCode).toBe(403);
      expect(
        (await call(admin, "POST", "/api/admin/announcements", { text: "x".repeat(ANNOUNCEMENT_MAX + 1) })).statusCode,
      ).toBe(400);
      expect(
        (await call(admin, "POST", "/api/admin/announcements", { text: "Hi", userIds: [player.user.id] })).statusCode,
      ).toBe(400);
      expect((await notes(player)).items).toEqual([]);
    });
  },
  { seed: false },
);
