import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CHAT_ENABLED_SETTING,
  CHAT_LINKS_SETTING,
  COMMUNITY_REFUSALS,
  FILTER_BLOCK_SETTING,
  FILTER_MASK_SETTING,
  INVITE_CODE_REQUIRED,
  INVITE_CODE_SETTING,
  INVITE_CODE_WRONG,
  REGISTRATION_SETTING,
} from "../../contract/community-constants";
import { DIRECT_MESSAGE_REFUSALS, DIRECT_MESSAGES_SETTING } from "../../contract/direct-messages-constants";
import { insertFriendship, insertGame } from "../../test/factories";
import {
  asAdmin,
  buildTestApp,
  createUserWithSession,
  describeEachDatabase,
  TEST_PASSWORD_HASH_COST,
  type TestApp,
} from "../../test/test-app";
import { buildApp } from "../app";
import { createDb, type Database } from "../db/client";
import { auditLogTable, chatMessagesTable, directMessagesTable, reviewsTable, usersTable } from "../db/schema";

type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/** D98: the usual ways round a word filter, each of which must be refused by a block entry "bad". */
const EVASIONS = ["B A D", "bäd", "baaad", "bаd" /* Cyrillic а */, "b4d", "b.a.d"];

describeEachDatabase(
  "community safety: word filters, switches and school mode (D98)",
  (t) => {
    const { req: admin } = asAdmin(t);
    const setSite = async (site: Record<string, string>) => {
      const res = await admin("PATCH", "/api/admin/settings", { site });
      expect(res.statusCode, res.body).toBe(200);
    };
    const as = (p: Player | undefined, method: "GET" | "POST", url: string, payload?: object) =>
      t().app.inject({ method, url, cookies: p?.cookies, ...(payload ? { payload } : {}) });

    let a: Player;
    let b: Player;
    beforeAll(async () => {
      a = await createUserWithSession(t());
      b = await createUserWithSession(t());
      await insertFriendship(t(), a.user.id, b.user.id);
      await setSite({ [FILTER_BLOCK_SETTING]: "bad\nvery rude", [FILTER_MASK_SETTING]: "darn" });
    });

    describe("settings", () => {
      it("keeps the word lists and the invite code out of the public content, and lets a list be emptied", async () => {
        await setSite({ [INVITE_CODE_SETTING]: "secret-code" });
        const pub = (await t().app.inject({ method: "GET", url: "/api/content" })).json() as Array<{
          section: string;
          key: string;
        }>;
        const keys = pub.filter((i) => i.section === "site").map((i) => i.key);
        expect(keys).not.toContain(FILTER_BLOCK_SETTING);
        expect(keys).not.toContain(FILTER_MASK_SETTING);
        expect(keys).not.toContain(INVITE_CODE_SETTING);
        // the CMS sees them
        const cms = (await admin("GET", "/api/admin/settings")).json().content as Array<{ key: string; value: string }>;
        expect(cms.find((i) => i.key === FILTER_BLOCK_SETTING)?.value).toBe("bad\nvery rude");
        await setSite({ [INVITE_CODE_SETTING]: "" });
        // other settings still refuse an empty value; registration is one of two modes
        expect((await admin("PATCH", "/api/admin/settings", { site: { name: "" } })).statusCode).toBe(400);
        expect(
          (await admin("PATCH", "/api/admin/settings", { site: { [REGISTRATION_SETTING]: "closed" } })).statusCode,
        ).toBe(400);
        expect(
          (await admin("PATCH", "/api/admin/settings", { site: { [INVITE_CODE_SETTING]: "has space" } })).statusCode,
        ).toBe(400);
      });
    });

    describe("chat", () => {
      const chatRows = async (userId: number) =>
        (await t().database.db.select().from(chatMessagesTable).where(eq(chatMessagesTable.userId, userId))).map(
          (r) => r.message,
        );

      it.each(EVASIONS)("refuses %j with the clear message and stores nothing", async (text) => {
        const res = await as(a, "POST", "/api/chat", { message: `you are ${text}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(COMMUNITY_REFUSALS.blocked);
        expect(await chatRows(a.user.id)).toEqual([]);
      });

      it("stores a masked word starred, and leaves innocent words alone", async () => {
        const res = await as(b, "POST", "/api/chat", { message: "darn, a badge for the class" });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().message).toBe("****, a badge for the class");
        expect(await chatRows(b.user.id)).toEqual(["****, a badge for the class"]);
      });

      it("refuses links unless the setting allows them (off by default)", async () => {
        const p = await createUserWithSession(t());
        for (const text of ["see https://example.com", "go to evil.example.com", "www.example"]) {
          const res = await as(p, "POST", "/api/chat", { message: text });
          expect(res.statusCode, text).toBe(400);
          expect(res.json().message).toBe(COMMUNITY_REFUSALS.links);
        }
        expect(await chatRows(p.user.id)).toEqual([]);
        await setSite({ [CHAT_LINKS_SETTING]: "true" });
        expect((await as(p, "POST", "/api/chat", { message: "see https://example.com" })).statusCode).toBe(201);
        await setSite({ [CHAT_LINKS_SETTING]: "false" });
        expect((await as(p, "POST", "/api/chat", { message: "again example.com" })).statusCode).toBe(400);
      });

      it("refuses every post while the chat is off (403) and takes them again when it is on", async () => {
        const p = await createUserWithSession(t());
        await setSite({ [CHAT_ENABLED_SETTING]: "false" });
        const res = await as(p, "POST", "/api/chat", { message: "hello" });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(COMMUNITY_REFUSALS.chatOff);
        expect(await chatRows(p.user.id)).toEqual([]);
        // reading the history still works
        expect((await as(undefined, "GET", "/api/chat")).statusCode).toBe(200);
        await setSite({ [CHAT_ENABLED_SETTING]: "true" });
        expect((await as(p, "POST", "/api/chat", { message: "hello" })).statusCode).toBe(201);
      });
    });

    describe("reviews", () => {
      it.each(EVASIONS)("refuses a review with %j (400) and stores nothing", async (text) => {
        const g = await insertGame(t(), { title: `Game ${text}` });
        const res = await as(a, "POST", "/api/reviews", { gameId: g.id, rating: 4, comment: `Honestly ${text}.` });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(COMMUNITY_REFUSALS.blockedReview);
        expect(await t().database.db.select().from(reviewsTable).where(eq(reviewsTable.gameId, g.id))).toEqual([]);
      });

      it("stores a masked word starred", async () => {
        const g = await insertGame(t(), { title: "Masked Game" });
        const res = await as(a, "POST", "/api/reviews", { gameId: g.id, rating: 4, comment: "Darn good game" });
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await t().database.db.select().from(reviewsTable).where(eq(reviewsTable.gameId, g.id));
        expect(row.comment).toBe("**** good game");
      });
    });

    describe("direct messages", () => {
      const dmRows = async (from: Player) =>
        (
          await t().database.db.select().from(directMessagesTable).where(eq(directMessagesTable.senderId, from.user.id))
        ).map((r) => r.body);

      it.each(EVASIONS)("refuses %j (400) and stores nothing", async (text) => {
        const res = await as(a, "POST", `/api/messages/${b.user.id}`, { body: `so ${text}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(COMMUNITY_REFUSALS.blocked);
        expect(await dmRows(a)).toEqual([]);
      });

      it("stores a masked word starred", async () => {
        const res = await as(b, "POST", `/api/messages/${a.user.id}`, { body: "d-a-r-n it" });
        expect(res.statusCode, res.body).toBe(201);
        expect(await dmRows(b)).toEqual(["*-*-*-* it"]);
      });
    });

    describe("registration", () => {
      const register = (body: Record<string, unknown>, n: number) =>
        t().app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: { password: "correct horse battery", ...body },
          remoteAddress: `10.98.0.${n}`,
        });

      it.each([
        ["Bad_Player", 1],
        ["xBADx_b4d", 2],
        ["veryBad", 3],
        ["b_a_d", 4],
      ])("refuses the username %j (400) and creates nothing", async (username, n) => {
        const res = await register({ username }, n);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(COMMUNITY_REFUSALS.blockedUsername);
        expect(await t().database.db.select().from(usersTable).where(eq(usersTable.username, username))).toEqual([]);
      });

      it("takes a username a mask entry matches as it is (masking is for messages)", async () => {
        const res = await register({ username: "darn_it" }, 5);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().username).toBe("darn_it");
      });

      it("needs the invite code while registration is by invite (missing or wrong: 400)", async () => {
        await setSite({ [REGISTRATION_SETTING]: "invite", [INVITE_CODE_SETTING]: "Class-2026" });
        const missing = await register({ username: "newcomer1" }, 6);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toBe(INVITE_CODE_REQUIRED);
        const wrong = await register({ username: "newcomer1", inviteCode: "class-2025" }, 7);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe(INVITE_CODE_WRONG);
        expect(await t().database.db.select().from(usersTable).where(eq(usersTable.username, "newcomer1"))).toEqual([]);
        // the code is compared ignoring case and surrounding spaces
        const right = await register({ username: "newcomer1", inviteCode: " class-2026 " }, 8);
        expect(right.statusCode, right.body).toBe(201);
        await setSite({ [REGISTRATION_SETTING]: "open" });
        expect((await register({ username: "newcomer2" }, 9)).statusCode).toBe(201);
      });
    });

    describe("school mode", () => {
      it("is for admins only", async () => {
        const player = await createUserWithSession(t());
        expect((await as(player, "POST", "/api/admin/settings/school-mode")).statusCode).toBe(403);
        expect((await as(undefined, "POST", "/api/admin/settings/school-mode")).statusCode).toBe(401);
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        expect((await as(moderator, "POST", "/api/admin/settings/school-mode")).statusCode).toBe(403);
      });

      it("turns chat and messages off, registration to invite-only with a new code, and every profile private, audit-logged", async () => {
        await setSite({ [INVITE_CODE_SETTING]: "" });
        const publicPlayer = await createUserWithSession(t());
        expect(publicPlayer.user.profileVisibility).toBe("public");

        const res = await admin("POST", "/api/admin/settings/school-mode");
        expect(res.statusCode, res.body).toBe(200);
        const { inviteCode, profilesMadePrivate } = res.json() as { inviteCode: string; profilesMadePrivate: number };
        expect(inviteCode).toMatch(/^[a-z0-9]{10}$/);
        expect(profilesMadePrivate).toBeGreaterThan(0);

        const settings = Object.fromEntries(
          ((await admin("GET", "/api/admin/settings")).json().content as Array<{ key: string; value: string }>).map(
            (i) => [i.key, i.value],
          ),
        );
        expect(settings).toMatchObject({
          [CHAT_ENABLED_SETTING]: "false",
          [DIRECT_MESSAGES_SETTING]: "false",
          [REGISTRATION_SETTING]: "invite",
          [INVITE_CODE_SETTING]: inviteCode,
          default_profile_visibility: "private",
        });

        // existing players' profiles are private now
        const [after] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, publicPlayer.user.id));
        expect(after.profileVisibility).toBe("private");
        const others = await t().database.db.select({ v: usersTable.profileVisibility }).from(usersTable);
        expect(others.every((u) => u.v === "private")).toBe(true);

        // the switches hold at once (the cache was dropped)
        const chat = await as(a, "POST", "/api/chat", { message: "hello" });
        expect(chat.statusCode).toBe(403);
        expect(chat.json().message).toBe(COMMUNITY_REFUSALS.chatOff);
        const dm = await as(a, "POST", `/api/messages/${b.user.id}`, { body: "hello" });
        expect(dm.statusCode).toBe(403);
        expect(dm.json().message).toBe(DIRECT_MESSAGE_REFUSALS.off);
        const register = (body: object) =>
          t().app.inject({
            method: "POST",
            url: "/api/auth/register",
            payload: { password: "correct horse battery", ...body },
            remoteAddress: "10.98.1.1",
          });
        expect((await register({ username: "pupil_one" })).statusCode).toBe(400);
        const pupil = await register({ username: "pupil_one", inviteCode });
        expect(pupil.statusCode, pupil.body).toBe(201);
        const [pupilRow] = await t().database.db.select().from(usersTable).where(eq(usersTable.username, "pupil_one"));
        expect(pupilRow.profileVisibility).toBe("private");

        // D99: audit-logged with the values before and after; the invite code is not written out
        const [entry] = await t()
          .database.db.select()
          .from(auditLogTable)
          .where(eq(auditLogTable.action, "settings.school_mode"));
        expect(entry).toBeDefined();
        expect(entry.after).toMatchObject({
          [CHAT_ENABLED_SETTING]: "false",
          [REGISTRATION_SETTING]: "invite",
          profilesMadePrivate,
        });
        expect(JSON.stringify(entry)).not.toContain(inviteCode);

        // a second run keeps the code in force
        const again = await admin("POST", "/api/admin/settings/school-mode");
        expect(again.json()).toEqual({ inviteCode, profilesMadePrivate: 0 });
      });
    });
  },
  {
    demo: false,
    settings: { rateLimits: { chat: { limit: 100 }, directMessage: { limit: 100 }, review: { limit: 100 } } },
  },
);

const hasPostgres = !!process.env.TEST_DATABASE_URL;

describe("community settings across two server processes on one PostgreSQL database (D98)", () => {
  let t: TestApp;
  let second: Database;
  let appB: FastifyInstance;

  beforeAll(async () => {
    if (!hasPostgres) return;
    t = await buildTestApp("postgres", { seed: false });
    second = await createDb({ kind: "postgres", url: t.config.databaseUrl!, max: 3 });
    appB = await buildApp({
      config: t.config,
      database: second,
      settings: { passwordHashCost: TEST_PASSWORD_HASH_COST },
      verifySerialisation: true,
    });
    await appB.ready();
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
    await t?.close();
  });

  it.skipIf(!hasPostgres)(
    "a switch or list changed through process A holds on process B at once (its cache is dropped; needs TEST_DATABASE_URL)",
    async () => {
      const admin = await createUserWithSession(t, { role: "admin" });
      const player = await createUserWithSession(t);
      const postOnB = (message: string) =>
        appB.inject({ method: "POST", url: "/api/chat", cookies: player.cookies, payload: { message } });
      // B has read (and cached) the settings: chat on, no lists
      expect((await postOnB("hello from b")).statusCode).toBe(201);
      const patch = await t.app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: admin.cookies,
        payload: { site: { chat_enabled: "false" } },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      await vi.waitFor(async () => expect((await postOnB("still there?")).statusCode).toBe(403), {
        timeout: 2000,
        interval: 50,
      });
      await t.app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: admin.cookies,
        payload: { site: { chat_enabled: "true", filter_block: "bad" } },
      });
      await vi.waitFor(async () => expect((await postOnB("so b a d")).statusCode).toBe(400), {
        timeout: 2000,
        interval: 50,
      });
    },
  );
});
