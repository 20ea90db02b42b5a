import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { notificationsTable } from "../db/schema";
import { purgeOldNotifications } from "../services/notifications";

describeEachDatabase(
  "a player's notifications (D85, D100)",
  (t) => {
    const call = (player: Player | undefined, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: player?.cookies, ...(payload ? { payload } : {}) });
    const notes = async (p: Player) => (await call(p, "GET", "/api/notifications")).json();

    it("marks one or all read; the unread count follows; another player's ids change nothing (D85, D100)", async () => {
      const me = await createUserWithSession(t());
      const other = await createUserWithSession(t());
      for (let i = 0; i < 3; i++) {
        const asker = await createUserWithSession(t());
        await call(asker, "POST", `/api/friends/${me.user.id}`);
      }
      await call(me, "POST", `/api/friends/${other.user.id}`);
      const before = await notes(me);
      expect(before.unread).toBe(3);
      const [newest] = before.items;
      const theirs = (await notes(other)).items[0].id;
      const one = await call(me, "POST", "/api/notifications/read", { ids: [newest.id, theirs] });
      expect(one.json()).toEqual({ unread: 2 });
      expect((await notes(other)).unread).toBe(1);
      const after = await notes(me);
      expect(after.items.find((n: { id: number }) => n.id === newest.id).readAt).not.toBeNull();
      expect((await call(me, "POST", "/api/notifications/read", {})).json()).toEqual({ unread: 0 });
      expect((await call(me, "POST", "/api/notifications/read", { ids: ["x"] })).statusCode).toBe(400);
      expect((await call(me, "POST", "/api/notifications/read", { ids: [1], userId: other.user.id })).statusCode).toBe(
        400,
      );
    });

    it("pages back with `before` and keeps 90 days only (D85)", async () => {
      const me = await createUserWithSession(t());
      const db = t().database.db;
      const old = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
      await db
        .insert(notificationsTable)
        .values({ userId: me.user.id, kind: "announcement", data: { text: "too old" }, createdAt: old });
      for (let i = 0; i < 5; i++)
        await db
          .insert(notificationsTable)
          .values({ userId: me.user.id, kind: "announcement", data: { text: `n${i}` } });
      const first = (await call(me, "GET", "/api/notifications?limit=3")).json();
      expect(first.items.map((n: { text: string }) => n.text)).toEqual(["n4", "n3", "n2"]);
      expect(first.unread).toBe(5);
      const rest = (await call(me, "GET", `/api/notifications?limit=3&before=${first.items[2].id}`)).json();
      expect(rest.items.map((n: { text: string }) => n.text)).toEqual(["n1", "n0"]);
      // The housekeeping (main.ts) deletes what is past 90 days.
      await purgeOldNotifications(db);
      const left = await db
        .select({ data: notificationsTable.data })
        .from(notificationsTable)
        .where(eq(notificationsTable.userId, me.user.id));
      expect(left.map((r) => (r.data as { text: string }).text).sort()).toEqual(["n0", "n1", "n2", "n3", "n4"]);
    });

    it("a bad page size or cursor is 400; the list is never cached", async () => {
      const me = await createUserWithSession(t());
      for (const query of ["limit=0", "limit=101", "before=x", "before=0"]) {
        expect((await call(me, "GET", `/api/notifications?${query}`)).statusCode, query).toBe(400);
      }
      const res = await call(me, "GET", "/api/notifications?limit=100");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    });
  },
  { seed: false },
);
