import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUserRowSchema } from "../../../contract/admin/users";
import { insertChatMessage } from "../../../test/factories";
import { newGame, score, type Player } from "../../../test/scores";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { sessionsTable, usersTable } from "../../db/schema";

describeEachDatabase(
  "admin users (D47)",
  (t) => {
    const { req, admin } = asAdmin(t, { username: "chief" });

    describe("GET /api/admin/users", () => {
      it("filters by role, creators included (D130)", async () => {
        const { user } = await createUserWithSession(t(), { role: "creator" });
        const res = await req("GET", "/api/admin/users?role=creator");
        expect(res.statusCode).toBe(200);
        const rows = res.json() as Array<{ id: number; role: string }>;
        expect(rows.map((r) => r.id)).toContain(user.id);
        expect(new Set(rows.map((r) => r.role))).toEqual(new Set(["creator"]));
        expect((await req("GET", "/api/admin/users?role=root")).statusCode).toBe(400);
        const made = await req("PATCH", `/api/admin/users/${user.id}`, { role: "player" });
        expect(made.json().role).toBe("player");
      });

      it("lists users with role, disabled flag and review/chat/score counts; searches username and email", async () => {
        const { user } = await createUserWithSession(t(), { username: "Chatty_Cathy", email: "cathy@mail.example" });
        await insertChatMessage(t(), { userId: user.id, message: "hi" });
        await insertChatMessage(t(), { userId: user.id, message: "again" });
        const res = await req("GET", "/api/admin/users?search=chatty");
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(1);
        const row = res.json()[0];
        expect(adminUserRowSchema.strict().safeParse(row).success).toBe(true);
        expect(row).toMatchObject({
          id: user.id,
          username: "Chatty_Cathy",
          email: "cathy@mail.example",
          role: "player",
          disabled: false,
          chatCount: 2,
          reviewCount: 0,
          scoreCount: 0,
        });
        expect((await req("GET", "/api/admin/users?search=MAIL.EXAMPLE")).json()).toHaveLength(1);
        expect((await req("GET", "/api/admin/users?search=%25")).json()).toHaveLength(0);
        const all = await req("GET", "/api/admin/users");
        expect(all.json().length).toBeGreaterThan(10);
        expect(Number(all.headers["x-total-count"])).toBe(all.json().length);
        // Demo players have review and score counts.
        expect(
          all.json().some((u: { scoreCount: number; reviewCount: number }) => u.scoreCount > 0 && u.reviewCount > 0),
        ).toBe(true);
        expect(JSON.stringify(all.json())).not.toMatch(/passwordHash|password_hash|googleSub/);
      });
    });

    describe("PATCH /api/admin/users/{id}", () => {
      it("changes the role; disabling signs the user out everywhere and re-enabling lets them sign in again", async () => {
        const target = await createUserWithSession(t());
        const promoted = await req("PATCH", `/api/admin/users/${target.user.id}`, { role: "admin" });
        expect(promoted.statusCode).toBe(200);
        expect(promoted.json()).toMatchObject({ role: "admin", disabled: false });

        const disabled = await req("PATCH", `/api/admin/users/${target.user.id}`, { disabled: true, role: "player" });
        expect(disabled.json()).toMatchObject({ role: "player", disabled: true });
        expect(
          await t().database.db.select().from(sessionsTable).where(eq(sessionsTable.userId, target.user.id)),
        ).toEqual([]);
        expect(
          (await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: target.cookies })).statusCode,
        ).toBe(401);

        const enabled = await req("PATCH", `/api/admin/users/${target.user.id}`, { disabled: false });
        expect(enabled.json().disabled).toBe(false);
        const [row] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, target.user.id));
        expect(row.disabledAt).toBeNull();
      });

      it("an admin cannot demote or disable themself (400)", async () => {
        for (const body of [{ role: "player" }, { disabled: true }]) {
          const res = await req("PATCH", `/api/admin/users/${admin().user.id}`, body);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe("You cannot demote or disable your own account");
        }
        expect((await req("PATCH", `/api/admin/users/${admin().user.id}`, { role: "admin" })).statusCode).toBe(200);
        expect((await req("GET", "/api/admin/user")).statusCode).toBe(200);
      });

      it("bad input is 400, unknown users 404", async () => {
        const other = await createUserWithSession(t());
        expect((await req("PATCH", `/api/admin/users/${other.user.id}`, { role: "owner" })).statusCode).toBe(400);
        expect((await req("PATCH", `/api/admin/users/${other.user.id}`, { disabled: "yes" })).statusCode).toBe(400);
        expect((await req("PATCH", "/api/admin/users/999999", { role: "admin" })).statusCode).toBe(404);
        expect((await req("PATCH", "/api/admin/users/abc", { role: "admin" })).statusCode).toBe(400);
      });
    });
  },
  { demo: true },
);

/** D93: a player hidden from the boards (PATCH /api/admin/users/{id} `hiddenFromBoards`), on boards without the demo players. */
describeEachDatabase(
  "admin users: hidden from the boards (D93)",
  (t) => {
    const as = (admin: Player, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });
    const board = async (url: string) =>
      (await t().app.inject({ method: "GET", url })).json() as Array<{
        user: { id: number };
        score?: number;
        totalScore?: number;
      }>;

    it("hiding a player takes them off every board at once (cached boards too) and showing them brings them back", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const g = await newGame(t(), "Hidden game");
      const p = await createUserWithSession(t());
      await score(t(), p, g.id, 123_456_789);
      const onBoards = async () => [
        (await board("/api/leaderboard")).some((e) => e.user.id === p.user.id),
        (await board("/api/leaderboard?period=week")).some((e) => e.user.id === p.user.id),
        (await board(`/api/scores/game/${g.id}`)).some((e) => e.user.id === p.user.id),
      ];
      expect(await onBoards()).toEqual([true, true, true]);
      const hide = await as(admin, "PATCH", `/api/admin/users/${p.user.id}`, { hiddenFromBoards: true });
      expect(hide.statusCode).toBe(200);
      expect(hide.json()).toMatchObject({ hiddenFromBoards: true, disabled: false });
      expect(await onBoards()).toEqual([false, false, false]);
      expect(
        (await as(admin, "PATCH", `/api/admin/users/${p.user.id}`, { hiddenFromBoards: false })).json(),
      ).toMatchObject({ hiddenFromBoards: false });
      expect(await onBoards()).toEqual([true, true, true]);
    });
  },
  { demo: false },
);
