import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminUserRowSchema } from "../../../contract/admin";
import { chatMessagesTable, sessionsTable, usersTable } from "../../db/schema";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin users, settings and messages (D47, D51, D53)",
  (t) => {
    let admin: Awaited<ReturnType<typeof createUserWithSession>>;
    beforeAll(async () => {
      admin = await createUserWithSession(t(), { role: "admin", username: "chief" });
    });
    const req = (method: "GET" | "PATCH", url: string, payload?: object) => t().app.inject({ method, url, cookies: admin.cookies, ...(payload ? { payload } : {}) });

    describe("GET /api/admin/users", () => {
      it("lists users with role, disabled flag and review/chat/score counts; searches username and email", async () => {
        const { user } = await createUserWithSession(t(), { username: "Chatty_Cathy", email: "cathy@mail.example" });
        await t().database.db.insert(chatMessagesTable).values([{ userId: user.id, message: "hi" }, { userId: user.id, message: "again" }]);
        const res = await req("GET", "/api/admin/users?search=chatty");
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(1);
        const row = res.json()[0];
        expect(adminUserRowSchema.strict().safeParse(row).success).toBe(true);
        expect(row).toMatchObject({ id: user.id, username: "Chatty_Cathy", email: "cathy@mail.example", role: "player", disabled: false, chatCount: 2, reviewCount: 0, scoreCount: 0 });
        expect((await req("GET", "/api/admin/users?search=MAIL.EXAMPLE")).json()).toHaveLength(1);
        expect((await req("GET", "/api/admin/users?search=%25")).json()).toHaveLength(0);
        const all = await req("GET", "/api/admin/users");
        expect(all.json().length).toBeGreaterThan(10);
        expect(Number(all.headers["x-total-count"])).toBe(all.json().length);
        // Demo players have review and score counts.
        expect(all.json().some((u: { scoreCount: number; reviewCount: number }) => u.scoreCount > 0 && u.reviewCount > 0)).toBe(true);
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
        expect(await t().database.db.select().from(sessionsTable).where(eq(sessionsTable.userId, target.user.id))).toEqual([]);
        expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: target.cookies })).statusCode).toBe(401);

        const enabled = await req("PATCH", `/api/admin/users/${target.user.id}`, { disabled: false });
        expect(enabled.json().disabled).toBe(false);
        const [row] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, target.user.id));
        expect(row.disabledAt).toBeNull();
      });

      it("an admin cannot demote or disable themself (400)", async () => {
        for (const body of [{ role: "player" }, { disabled: true }]) {
          const res = await req("PATCH", `/api/admin/users/${admin.user.id}`, body);
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe("You cannot demote or disable your own account");
        }
        expect((await req("PATCH", `/api/admin/users/${admin.user.id}`, { role: "admin" })).statusCode).toBe(200);
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

    describe("settings", () => {
      it("GET shows the site.* content and whether mail and Google are configured", async () => {
        const res = await req("GET", "/api/admin/settings");
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.mail).toEqual({ configured: false, from: "Arcadium <no-reply@localhost>" });
        expect(body.google).toEqual({ configured: false });
        expect(body.content.map((i: { key: string }) => i.key).sort()).toEqual(["name", "tagline"]);
        expect(body.content.every((i: { section: string }) => i.section === "site")).toBe(true);
      });

      it("PATCH sets site.* values (creating missing ones) and the public content follows", async () => {
        const res = await req("PATCH", "/api/admin/settings", { site: { name: "Playland", contact_email: "hello@playland.example" } });
        expect(res.statusCode, res.body).toBe(200);
        const byKey = Object.fromEntries(res.json().content.map((i: { key: string; value: string }) => [i.key, i.value]));
        expect(byKey).toMatchObject({ name: "Playland", contact_email: "hello@playland.example" });
        const pub = (await t().app.inject({ method: "GET", url: "/api/content" })).json() as Array<{ section: string; key: string; value: string }>;
        expect(pub.find((i) => i.section === "site" && i.key === "name")?.value).toBe("Playland");
        expect((await req("PATCH", "/api/admin/settings", { site: { name: " " } })).statusCode).toBe(400);
        expect((await req("PATCH", "/api/admin/settings", { site: { "bad.key": "x" } })).statusCode).toBe(400);
      });
    });

    describe("messages", () => {
      it("returns contact messages, newsletter subscriptions and advertiser enquiries, latest first", async () => {
        await t().app.inject({ method: "POST", url: "/api/contact", payload: { name: "Ann", email: "ann@example.com", message: "First" } });
        await new Promise((r) => setTimeout(r, 5));
        await t().app.inject({ method: "POST", url: "/api/contact", payload: { name: "Bob", email: "bob@example.com", subject: "Hi", message: "Second" } });
        await t().app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "news@example.com" } });
        await t().app.inject({ method: "POST", url: "/api/advertise", payload: { companyName: "Ads Inc", email: "ads@example.com", budget: "$1k" } });
        const res = await req("GET", "/api/admin/messages");
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.contactMessages.map((m: { name: string }) => m.name)).toEqual(["Bob", "Ann"]);
        expect(body.contactMessages[0]).toMatchObject({ email: "bob@example.com", subject: "Hi", message: "Second", handledAt: null });
        expect(body.newsletterSubscriptions).toEqual([expect.objectContaining({ email: "news@example.com" })]);
        expect(body.advertiserEnquiries).toEqual([expect.objectContaining({ companyName: "Ads Inc", budget: "$1k", website: null })]);
      });
    });

    it("the dashboard counts (spec §3: counts.games, counts.categories)", async () => {
      const res = await req("GET", "/api/admin/dashboard");
      expect(res.statusCode).toBe(200);
      const games = (await t().app.inject({ method: "GET", url: "/api/games" })).json();
      expect(res.json().counts).toMatchObject({ games: games.length, categories: 6 });
      expect(res.json().counts.users).toBeGreaterThan(10);
      expect(res.json().counts.admins).toBeGreaterThanOrEqual(1);
    });
  },
  { demo: true },
);
