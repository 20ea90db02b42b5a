import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bestScoresTable, categoriesTable, friendshipsTable, scoresTable, userBlocksTable } from "../server/db/schema";
import {
  insertFriendship,
  insertBlock,
  insertChatMessage,
  insertDirectMessage,
  insertGame,
  insertPlay,
  insertReview,
  insertSession,
  insertUser,
  recordScore,
} from "./factories";
import { describeEachDatabase } from "./test-app";

describeEachDatabase("test factories: valid defaults, overrides that apply", (t) => {
  const get = (url: string, sid?: string) => t().app.inject({ method: "GET", url, cookies: sid ? { sid } : undefined });

  describe("insertUser", () => {
    it("makes a player with a unique name and an unverified example address, and no password", async () => {
      const a = await insertUser(t());
      const b = await insertUser(t());
      expect(a.username).toMatch(/^user_[0-9a-f]{8}$/);
      expect(b.username).not.toBe(a.username);
      expect(a).toMatchObject({
        email: `${a.username}@example.test`,
        role: "player",
        passwordHash: null,
        emailVerifiedAt: null,
        disabledAt: null,
      });
      expect((await get(`/api/users/${a.id}`)).json()).toMatchObject({ id: a.id, username: a.username });
    });

    it("takes any column, a null address, and a password that signs in", async () => {
      const verifiedAt = new Date("2026-01-02T03:04:05Z");
      const admin = await insertUser(t(), {
        username: "Factory_Admin",
        email: "boss@example.org",
        role: "admin",
        emailVerifiedAt: verifiedAt,
      });
      expect(admin).toMatchObject({
        username: "Factory_Admin",
        email: "boss@example.org",
        role: "admin",
        emailVerifiedAt: verifiedAt,
      });
      expect((await insertUser(t(), { email: null })).email).toBeNull();
      const withPassword = await insertUser(t(), { password: "factory password 1" });
      expect(withPassword.passwordHash).toMatch(/^scrypt\$/);
      const login = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: withPassword.username, password: "factory password 1" },
      });
      expect(login.statusCode, login.body).toBe(200);
    });
  });

  describe("insertGame", () => {
    it("makes a game in the first category, without rules, that the catalogue serves", async () => {
      const game = await insertGame(t());
      const [first] = await t().database.db.select().from(categoriesTable).orderBy(categoriesTable.id).limit(1);
      expect(game.title).toMatch(/^Game [0-9a-f]{8}$/);
      expect(game).toMatchObject({
        categoryId: first.id,
        hasPackage: false,
        externalUrl: null,
        maxScore: null,
        scoreOrder: "desc",
      });
      const res = await get(`/api/games/${game.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: game.id, title: game.title });
    });

    it("takes any column and a category by slug; an unknown slug is an error", async () => {
      const game = await insertGame(t(), {
        title: "Factory Laps",
        category: "racing",
        scoreOrder: "asc",
        maxScore: 5000,
      });
      const [racing] = await t().database.db.select().from(categoriesTable).where(eq(categoriesTable.slug, "racing"));
      expect(game).toMatchObject({ title: "Factory Laps", categoryId: racing.id, scoreOrder: "asc", maxScore: 5000 });
      await expect(insertGame(t(), { category: "no-such-category" })).rejects.toThrow(/no category "no-such-category"/);
    });
  });

  describe("plays and scores", () => {
    it("insertPlay opens a guest's play unless a player is given", async () => {
      const game = await insertGame(t());
      const user = await insertUser(t());
      expect(await insertPlay(t(), { gameId: game.id })).toMatchObject({
        gameId: game.id,
        userId: null,
        gameplayStartedAt: null,
      });
      const started = new Date(Date.now() - 5_000);
      expect(await insertPlay(t(), { gameId: game.id, userId: user.id, gameplayStartedAt: started })).toMatchObject({
        userId: user.id,
        gameplayStartedAt: started,
      });
    });

    it("recordScore records through the scoring service at the time given, and the boards follow", async () => {
      const game = await insertGame(t(), { maxScore: 1000 });
      const user = await insertUser(t());
      const at = new Date(Date.now() - 60_000);
      expect(await recordScore(t(), { userId: user.id, gameId: game.id, score: 120, won: true, at })).toMatchObject({
        recorded: true,
        score: 120,
        personalBest: true,
      });
      const [row] = await t().database.db.select().from(scoresTable).where(eq(scoresTable.userId, user.id));
      expect(row).toMatchObject({ gameId: game.id, score: 120, won: true, createdAt: at });
      const [best] = await t().database.db.select().from(bestScoresTable).where(eq(bestScoresTable.userId, user.id));
      expect(best).toMatchObject({ gameId: game.id, score: 120 });
    });
  });

  describe("insertSession", () => {
    it("gives a player session that signs in, and takes an admin kind or an expiry", async () => {
      const user = await insertUser(t());
      const { token, session } = await insertSession(t(), { userId: user.id });
      expect(session).toMatchObject({ userId: user.id, kind: "player" });
      expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
      expect((await get("/api/auth/user", token)).json()).toMatchObject({ id: user.id });
      expect((await insertSession(t(), { userId: user.id, kind: "admin" })).session.kind).toBe("admin");
      const expired = await insertSession(t(), { userId: user.id, expiresAt: new Date(Date.now() - 1000) });
      expect((await get("/api/auth/user", expired.token)).statusCode).toBe(401);
    });
  });

  describe("what players write, and their relations", () => {
    it("insertReview, insertChatMessage and insertDirectMessage default their text and take overrides", async () => {
      const [author, reader] = [await insertUser(t()), await insertUser(t())];
      const game = await insertGame(t());
      expect(await insertReview(t(), { userId: author.id, gameId: game.id })).toMatchObject({
        rating: 4,
        comment: null,
      });
      expect(await insertReview(t(), { userId: reader.id, gameId: game.id, rating: 1, comment: "meh" })).toMatchObject({
        rating: 1,
        comment: "meh",
      });
      expect(await insertChatMessage(t(), { userId: author.id })).toMatchObject({
        userId: author.id,
        message: "hello",
        deletedAt: null,
      });
      expect((await insertChatMessage(t(), { userId: author.id, message: "gg" })).message).toBe("gg");
      expect(await insertDirectMessage(t(), { senderId: author.id, recipientId: reader.id })).toMatchObject({
        body: "hello",
        readAt: null,
      });
      expect(
        (await insertDirectMessage(t(), { senderId: reader.id, recipientId: author.id, body: "hi back" })).body,
      ).toBe("hi back");
    });

    it("insertFriendship stores the friendship both ways; insertBlock stores one block", async () => {
      const [a, b] = [await insertUser(t()), await insertUser(t())];
      await insertFriendship(t(), a.id, b.id);
      const rows = await t().database.db.select().from(friendshipsTable).where(eq(friendshipsTable.userId, a.id));
      expect(rows.map((r) => r.friendId)).toEqual([b.id]);
      const { token } = await insertSession(t(), { userId: b.id });
      expect((await get("/api/friends", token)).json().friends.map((f: { id: number }) => f.id)).toEqual([a.id]);
      await insertBlock(t(), a.id, b.id);
      expect(
        await t().database.db.select().from(userBlocksTable).where(eq(userBlocksTable.blockerId, a.id)),
      ).toMatchObject([{ blockedId: b.id }]);
    });
  });

  it("write as well through a Drizzle handle as through a test app", async () => {
    const db = t().database.db;
    const user = await insertUser(db, { username: "Through_Handle" });
    const game = await insertGame(db);
    expect(await insertPlay(db, { gameId: game.id, userId: user.id })).toMatchObject({ userId: user.id });
  });
});

describeEachDatabase(
  "test factories on a database seeded with nothing",
  (t) => {
    it("insertGame makes one test category and puts every game in it", async () => {
      const [a, b] = await Promise.all([insertGame(t()), insertGame(t())]);
      const categories = await t().database.db.select().from(categoriesTable);
      expect(categories).toMatchObject([{ slug: "test-games" }]);
      expect([a.categoryId, b.categoryId]).toEqual([categories[0].id, categories[0].id]);
    });
  },
  { seed: false },
);
