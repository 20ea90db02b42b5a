import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { DELETED_PLAYER_NAME, DELETION_GRACE_DAYS } from "../../contract/me";
import { STEP_UP_REQUIRED_CODE, STEP_UP_TEXTS } from "../../contract/step-up-constants";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import type { Db } from "../db/client";
import {
  achievementsTable,
  bestScoresTable,
  heldScoresTable,
  chatMessagesTable,
  creatorApplicationsTable,
  directMessagesTable,
  reportsTable,
  emailTokensTable,
  favoritesTable,
  friendRequestsTable,
  friendshipsTable,
  gameAchievementsTable,
  gameBuildsTable,
  gameCreatorsTable,
  gameSavesTable,
  gamePlayerAliasesTable,
  gamesTable,
  notificationsTable,
  playerGameAchievementsTable,
  playerGamesTable,
  playerStatsTable,
  playsTable,
  presenceTable,
  reviewsTable,
  scoresTable,
  userBlocksTable,
  usersTable,
} from "../db/schema";
import { EXPORT_COVERAGE } from "../services/account-export";
import { DiskStore } from "../services/file-store";
import { ensureCardFile, loadCard } from "../services/og-cards";
import { loadSiteContent } from "../services/pages";

const DAY = 24 * 60 * 60 * 1000;
/** The test's clock (AppSettings.now): the deletion tests pass the 14-day grace with it. */
const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

type Cookies = { sid: string };
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }): Cookies => ({
  sid: res.cookies.find((c) => c.name === "sid")!.value,
});

/**
 * Every column of the database that points at a user: the foreign keys to `users` as the database itself
 * lists them, and any column named user_id or *_user_id. A table added later is found here without this test
 * being told about it.
 */
async function userColumns(db: Db): Promise<string[]> {
  const res = await db.execute(sql`
    select cl.relname as t, a.attname as c
    from pg_constraint k
    join pg_class cl on cl.oid = k.conrelid
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
    where k.contype = 'f' and k.confrelid = 'users'::regclass
    union
    select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' and (column_name = 'user_id' or column_name like '%\\_user\\_id')`);
  return [...new Set((res.rows as Array<{ t: string; c: string }>).map((r) => `${r.t}.${r.c}`))].sort();
}

async function countWhere(db: Db, column: string, userId: number): Promise<number> {
  const [table, col] = column.split(".");
  const res = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(col)} = ${userId}`,
  );
  return Number((res.rows[0] as { n: number }).n);
}

/** A row in every table that holds something of `userId` (with `others` on the other end of relations). */
async function seedEverything(t: TestApp, userId: number, username: string) {
  const db = t.database.db;
  const others = await Promise.all([1, 2, 3, 4, 5].map(() => createUserWithSession(t)));
  const [friend, requested, requester, blocked, blocker] = others.map((o) => o.user);
  const [game] = await db.select().from(gamesTable).limit(1);
  const [play] = await db.insert(playsTable).values({ gameId: game.id, userId, playtimeMs: 4000 }).returning();
  await db
    .insert(gameSavesTable)
    .values({ userId, gameId: game.id, key: "slot1", value: `save of ${username}`, bytes: 20, updatedAt: new Date() });
  await db.insert(gamePlayerAliasesTable).values({ userId, gameId: game.id, alias: 2 ** 32 + userId });
  const [gameAchievement] = await db
    .insert(gameAchievementsTable)
    .values({ gameId: game.id, key: `ach_${userId}`, title: "Seeded achievement" })
    .returning();
  await db.insert(playerGameAchievementsTable).values({ userId, achievementId: gameAchievement.id, playId: play.id });
  const [score] = await db
    .insert(scoresTable)
    .values({ userId, gameId: game.id, playId: play.id, score: 987654, won: true })
    .returning();
  await db
    .insert(bestScoresTable)
    .values({ userId, gameId: game.id, score: 987654, scoreId: score.id, achievedAt: new Date() });
  await db.insert(heldScoresTable).values({ userId, gameId: game.id, score: 9876540, reason: "10x the top" });
  await db.insert(playerStatsTable).values({ userId, totalScore: 987654, gamesPlayed: 1, wins: 1, reported: 1 });
  await db.insert(achievementsTable).values({ userId, achievement: "first_game" });
  await db
    .insert(reviewsTable)
    .values({ userId, gameId: game.id, rating: 4, comment: "A review written before leaving" });
  await db.insert(chatMessagesTable).values({ userId, message: "a chat message written before leaving" });
  await db.insert(friendRequestsTable).values([
    { fromUserId: userId, toUserId: requested.id },
    { fromUserId: requester.id, toUserId: userId },
  ]);
  await db.insert(friendshipsTable).values([
    { userId, friendId: friend.id },
    { userId: friend.id, friendId: userId },
  ]);
  await db.insert(userBlocksTable).values([
    { blockerId: userId, blockedId: blocked.id },
    { blockerId: blocker.id, blockedId: userId },
  ]);
  await db.insert(presenceTable).values({ userId, gameId: game.id });
  await db.insert(notificationsTable).values([
    { userId, kind: "achievement", data: { achievement: "first_game" } },
    // Another player's notification caused by this one (services/notifications.ts stores the cause as actorId).
    { userId: friend.id, kind: "friend_request", data: { actorId: userId } },
  ]);
  await db.insert(favoritesTable).values({ userId, gameId: game.id });
  await db.insert(playerGamesTable).values({ userId, gameId: game.id, plays: 1, playtimeMs: 4000 });
  // D97: a report the player sent (and one about them, which is not theirs)
  await db.insert(reportsTable).values([
    {
      kind: "profile",
      targetId: blocked.id,
      targetUserId: blocked.id,
      reporterId: userId,
      reason: "spam",
      content: "blocked",
    },
    {
      kind: "profile",
      targetId: userId,
      targetUserId: userId,
      reporterId: requester.id,
      reason: "other",
      content: username,
    },
  ]);
  await db.insert(directMessagesTable).values([
    { senderId: userId, recipientId: friend.id, body: "hello friend" },
    { senderId: friend.id, recipientId: userId, body: "hello back" },
  ]);
  await db.insert(emailTokensTable).values({
    tokenHash: `seeded-hash-${userId}`,
    userId,
    email: `pending-${userId}@example.test`,
    expiresAt: new Date(Date.now() + DAY),
  });
  // D130, D131: an application to publish games, a game the player makes and a build they uploaded
  await db.insert(creatorApplicationsTable).values({ userId, about: "puzzle games", link: "https://example.test" });
  await db.insert(gameCreatorsTable).values({ gameId: game.id, userId });
  await db
    .insert(gameBuildsTable)
    .values({ gameId: game.id, number: 1000 + userId, bytes: 10, files: 1, uploadedBy: userId });
  return { game, friend, blocker };
}

describeEachDatabase(
  "download my data and delete my account (D87, D100)",
  (t) => {
    beforeEach(async () => {
      clock.offsetMs = 0;
      await t().database.db.execute(sql`delete from rate_limits`);
    });

    it("D87: every column that points at a user is covered by the export, or left out for a stated reason", async () => {
      const columns = await userColumns(t().database.db);
      // The schema's own tables are found (the test would pass vacuously otherwise).
      expect(columns).toEqual(
        expect.arrayContaining([
          "sessions.user_id",
          "scores.user_id",
          "direct_messages.sender_id",
          "user_blocks.blocked_id",
        ]),
      );
      const missing = columns.filter((c) => !(c in EXPORT_COVERAGE));
      expect(
        missing,
        "columns the export does not know about: add them to EXPORT_COVERAGE (services/account-export.ts)",
      ).toEqual([]);
    });

    it("D87: GET /api/me/export is a JSON download with every stored row of the player and no secrets", async () => {
      const reg = await t().app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: "exporter", password: "export password", email: "exporter@example.test" },
      });
      expect(reg.statusCode).toBe(201);
      const cookies = sidOf(reg);
      const userId = reg.json().id as number;
      // issue 17: the address is the account's once its link is followed (auth-email.test.ts); here as the link would
      await t()
        .database.db.update(usersTable)
        .set({ email: "exporter@example.test", emailVerifiedAt: new Date() })
        .where(eq(usersTable.id, userId));
      const { blocker } = await seedEverything(t(), userId, "exporter");
      // D150: the cookie choice on the account is part of the player's data
      await t().app.inject({
        method: "PUT",
        url: "/api/me/consent",
        cookies,
        payload: { statistics: true, advertising: false },
      });

      const res = await t().app.inject({ method: "GET", url: "/api/me/export", cookies });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="arcadium-data-exporter.json"');
      expect(res.headers["cache-control"]).toBe("no-store");
      const data = res.json() as Record<string, unknown> & {
        account: Record<string, unknown>;
        settings: Record<string, unknown>;
      };
      expect(data.account).toMatchObject({
        id: userId,
        username: "exporter",
        email: "exporter@example.test",
        hasPassword: true,
      });
      expect(data.settings).toMatchObject({
        profileVisibility: "public",
        presenceEnabled: false,
        cookieConsent: { statistics: true, advertising: false },
      });

      const db = t().database.db;
      for (const column of await userColumns(db)) {
        const rule = EXPORT_COVERAGE[column];
        if (!rule || "excluded" in rule) continue;
        const stored = await countWhere(db, column, userId);
        expect(stored, `${column} has no seeded row: seed one in seedEverything`).toBeGreaterThan(0);
        const section = data[rule.section];
        expect(Array.isArray(section), `section ${rule.section}`).toBe(true);
        expect((section as unknown[]).length, `${column} → ${rule.section}`).toBe(stored);
      }

      // No secrets: neither the password hash nor any token hash, and not who blocked the player (D84).
      const [user] = await db.select().from(usersTable).where(eq(usersTable.id, userId));
      expect(res.body).not.toContain(user.passwordHash!);
      expect(res.body).not.toMatch(/passwordHash|tokenHash|token_hash|password_hash/);
      expect(res.body).not.toContain(`seeded-hash-${userId}`);
      const sessions = await db.execute(sql`select token_hash from sessions where user_id = ${userId}`);
      for (const row of sessions.rows as Array<{ token_hash: string }>) expect(res.body).not.toContain(row.token_hash);
      expect(res.body).not.toContain(blocker.username);
    });

    it("D87, D105: DELETE /api/me needs the password or fresh proof (403 when wrong or missing) and answers 202 with the date 14 days on", async () => {
      const reg = await t().app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: "hesitant", password: "my password" },
      });
      const cookies = sidOf(reg);
      const wrong = await t().app.inject({
        method: "DELETE",
        url: "/api/me",
        cookies,
        payload: { password: "not my password" },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe("Your password is not correct");
      const unproven = await t().app.inject({ method: "DELETE", url: "/api/me", cookies, payload: {} });
      expect(unproven.statusCode).toBe(403);
      expect(unproven.json()).toEqual({ message: STEP_UP_TEXTS.required, code: STEP_UP_REQUIRED_CODE });
      expect(
        (await t().app.inject({ method: "DELETE", url: "/api/me", cookies, payload: { password: 12 } })).statusCode,
      ).toBe(400);

      const before = Date.now();
      const ok = await t().app.inject({
        method: "DELETE",
        url: "/api/me",
        cookies,
        payload: { password: "my password" },
      });
      expect(ok.statusCode).toBe(202);
      const deleteAfter = new Date(ok.json().deleteAfter).getTime();
      expect(deleteAfter).toBeGreaterThanOrEqual(before + DELETION_GRACE_DAYS * DAY - 1000);
      expect(deleteAfter).toBeLessThanOrEqual(Date.now() + DELETION_GRACE_DAYS * DAY + 1000);
      // The account keeps working during the grace, and the screen can show the pending deletion.
      expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies })).statusCode).toBe(200);
      expect((await t().app.inject({ method: "GET", url: "/api/me/settings", cookies })).json().deleteAfter).toBe(
        ok.json().deleteAfter,
      );

      const cancel = await t().app.inject({ method: "POST", url: "/api/me/delete/cancel", cookies, payload: {} });
      expect(cancel.statusCode).toBe(204);
      expect((await t().app.inject({ method: "GET", url: "/api/me/settings", cookies })).json().deleteAfter).toBeNull();
    });

    it("D87: signing in during the grace cancels the deletion", async () => {
      await t().app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: "comes_back", password: "my password" },
      });
      const first = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "comes_back", password: "my password" },
      });
      const cookies = sidOf(first);
      expect(
        (await t().app.inject({ method: "DELETE", url: "/api/me", cookies, payload: { password: "my password" } }))
          .statusCode,
      ).toBe(202);
      clock.offsetMs = 10 * DAY;
      const again = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "comes_back", password: "my password" },
      });
      expect(again.statusCode).toBe(200);
      const [row] = await t().database.db.select().from(usersTable).where(eq(usersTable.username, "comes_back"));
      expect(row.deleteAfter).toBeNull();
      clock.offsetMs = 30 * DAY;
      await t().app.runAccountDeletions();
      const [still] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, row.id));
      expect(still).toMatchObject({ username: "comes_back", deletedAt: null });
    });

    it("D87: after the grace the job anonymises the account: reviews and chat say 'Deleted player', scores leave the boards, nothing personal is left", async () => {
      const username = "doomed_dora";
      const email = "dora@example.test";
      const reg = await t().app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username, password: "dora's password", email },
      });
      const cookies = sidOf(reg);
      const userId = reg.json().id as number;
      const { game } = await seedEverything(t(), userId, username);
      const png = await sharp({
        create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      const avatar = await t().app.inject({
        method: "POST",
        url: "/api/me/avatar",
        cookies,
        ...multipart({}, { field: "avatar", filename: "d.png", content: png, type: "image/png" }),
      });
      const { avatarUrl } = avatar.json() as { avatarUrl: string };
      // D71: their link preview card, drawn as a crawler would have it drawn.
      const { publicUrl, gamesUrl, dataDir } = t().config;
      const files = new DiskStore(dataDir);
      const card = await loadCard(
        { db: t().database.db, publicUrl, gamesUrl, files },
        await loadSiteContent(t().database.db),
        {
          kind: "profile",
          id: userId,
        },
      );
      await ensureCardFile(files, card!);
      const cardFile = path.join(dataDir, "og-cards", "profile", String(userId), `${card!.hash}.png`);
      expect(fs.existsSync(cardFile)).toBe(true);
      // The boards show the player (and keep the answer in their cache).
      const board = await t().app.inject({ method: "GET", url: "/api/leaderboard?period=all&limit=100" });
      expect(board.body).toContain(username);

      expect(
        (await t().app.inject({ method: "DELETE", url: "/api/me", cookies, payload: { password: "dora's password" } }))
          .statusCode,
      ).toBe(202);
      clock.offsetMs = (DELETION_GRACE_DAYS - 1) * DAY;
      expect(await t().app.runAccountDeletions()).toBe(0);
      expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies })).statusCode).toBe(200);

      clock.offsetMs = (DELETION_GRACE_DAYS + 1) * DAY;
      expect(await t().app.runAccountDeletions()).toBe(1);
      // Run again (another process, the next hour): nothing more to do.
      expect(await t().app.runAccountDeletions()).toBe(0);

      const db = t().database.db;
      const [row] = await db.select().from(usersTable).where(eq(usersTable.id, userId));
      expect(row).toMatchObject({
        username: `deleted-${userId}`,
        email: null,
        passwordHash: null,
        googleSub: null,
        avatarUrl: null,
        emailVerifiedAt: null,
        deleteAfter: null,
      });
      expect(row.deletedAt).not.toBeNull();

      // Nothing of the player is left anywhere, except their reviews and chat messages (by "Deleted player") and
      // D99's audit entries of their account, which no longer name them (checked below with every table).
      for (const column of await userColumns(db)) {
        const n = await countWhere(db, column, userId);
        if (column === "audit_log.actor_id") expect(n, column).toBeGreaterThan(0);
        else expect(n, column).toBe(["reviews.user_id", "chat_messages.user_id"].includes(column) ? 1 : 0);
      }
      const tables = await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of tables.rows as Array<{ table_name: string }>) {
        const found = await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} x where x::text ilike ${`%${username}%`} or x::text ilike ${`%${email}%`}`,
        );
        expect(Number((found.rows[0] as { n: number }).n), `${table_name} still names the player`).toBe(0);
      }
      // The play counts stay, without their player.
      expect((await db.select().from(playsTable).where(eq(playsTable.gameId, game.id))).length).toBeGreaterThan(0);

      // What others see.
      const reviews = await t().app.inject({ method: "GET", url: `/api/games/${game.id}/reviews` });
      const review = (reviews.json() as Array<{ userId: number; user: { username: string } }>).find(
        (r) => r.userId === userId,
      );
      expect(review?.user.username).toBe(DELETED_PLAYER_NAME);
      const chat = await t().app.inject({ method: "GET", url: "/api/chat?limit=100" });
      const message = (chat.json() as Array<{ user: { id: number; username: string } }>).find(
        (m) => m.user.id === userId,
      );
      expect(message?.user.username).toBe(DELETED_PLAYER_NAME);
      const boardAfter = await t().app.inject({ method: "GET", url: "/api/leaderboard?period=all&limit=100" });
      expect(boardAfter.body).not.toContain(username);
      expect(boardAfter.body).not.toContain(`deleted-${userId}`);
      expect((await t().app.inject({ method: "GET", url: `/api/users/${userId}` })).statusCode).toBe(404);
      expect((await t().app.inject({ method: "GET", url: avatarUrl })).statusCode).toBe(404);
      expect(fs.existsSync(path.dirname(cardFile))).toBe(false);

      // It can never sign in again.
      expect((await t().app.inject({ method: "GET", url: "/api/auth/user", cookies })).statusCode).toBe(401);
      for (const name of [username, email, `deleted-${userId}`]) {
        const login = await t().app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { username: name, password: "dora's password" },
        });
        expect(login.statusCode, name).toBe(401);
      }
    });
  },
  { settings: { now }, env: { REGISTRATIONS_PER_HOUR: "1000" } },
);
