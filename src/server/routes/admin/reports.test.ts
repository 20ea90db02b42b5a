import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import WebSocket from "ws";
import { ACCOUNT_CLOSED_CODE } from "../../../contract/player-live";
import { mutedMessage, reportOutcomeText } from "../../../contract/reports";
import { insertDirectMessage, insertFriendship, insertReview } from "../../../test/factories";
import { chatMessage, reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import {
  chatMessagesTable,
  directMessagesTable,
  gamesTable,
  playerStatsTable,
  reviewsTable,
  sessionsTable,
  usersTable,
} from "../../db/schema";

const SITE = "http://localhost:5000";

/** The test's clock (AppSettings.now): mutes are set and read against it. */
const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

describeEachDatabase(
  "the reports queue and its actions (D96, D97)",
  (t) => {
    const { call, report, queue, act, notificationsOf } = reportCalls(t);

    it("reports of one item are grouped with every reporter; profiles and reviews link to where they are", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const author = await createUserWithSession(t());
      const [a, b] = [await createUserWithSession(t()), await createUserWithSession(t())];
      const id = await chatMessage(t(), author, "grouped message");
      await report(a, { kind: "chat", targetId: id, reason: "spam" });
      await report(b, { kind: "chat", targetId: id, reason: "hate", text: "slur" });
      const [game] = await t().database.db.select().from(gamesTable).limit(1);
      const review = await insertReview(t(), {
        userId: author.user.id,
        gameId: game.id,
        rating: 1,
        comment: "rude review",
      });
      await report(a, { kind: "review", targetId: review.id, reason: "inappropriate" });
      await report(b, { kind: "profile", targetId: author.user.id, reason: "other" });

      const { items, open } = await queue(moderator);
      const chat = items.find((g) => g.kind === "chat" && g.targetId === id)!;
      expect(chat.reports.map((r) => r.reporter.username).sort()).toEqual([a.user.username, b.user.username].sort());
      expect(chat).toMatchObject({
        content: "grouped message",
        author: { id: author.user.id, mutedUntil: null, banned: false },
        contentGone: false,
        link: null,
        status: "open",
      });
      expect(items.find((g) => g.kind === "review" && g.targetId === review.id)).toMatchObject({
        content: "1/5 rude review",
        link: `/game/${game.id}`,
      });
      expect(items.find((g) => g.kind === "profile" && g.targetId === author.user.id)).toMatchObject({
        content: author.user.username,
        link: `/profile/${author.user.id}`,
      });
      expect(open).toBeGreaterThanOrEqual(3);
      expect((await queue(moderator, "?kind=review")).items.every((g) => g.kind === "review")).toBe(true);
      // the author deletes the message: the report stays, marked as gone
      await t()
        .database.db.update(chatMessagesTable)
        .set({ deletedAt: new Date() })
        .where(eq(chatMessagesTable.id, id));
      expect((await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)).toMatchObject({
        contentGone: true,
        content: "grouped message",
      });
    });

    it("dismiss: every reporter of the item is told, the group leaves the open queue for the handled one, a second action is 409", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const author = await createUserWithSession(t());
      const [a, b] = [await createUserWithSession(t()), await createUserWithSession(t())];
      const id = await chatMessage(t(), author, "harmless joke");
      await report(a, { kind: "chat", targetId: id, reason: "spam" });
      await report(b, { kind: "chat", targetId: id, reason: "spam" });
      const group = (await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)!;
      const res = await act(moderator, group.id, "dismiss");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ handled: 2, mutedUntil: null });
      for (const reporter of [a, b]) {
        expect(await notificationsOf(reporter)).toContainEqual(
          expect.objectContaining({ kind: "report_handled", text: reportOutcomeText("chat", "dismiss") }),
        );
      }
      expect((await queue(moderator)).items.some((g) => g.kind === "chat" && g.targetId === id)).toBe(false);
      expect(
        (await queue(moderator, "?status=handled")).items.find((g) => g.kind === "chat" && g.targetId === id),
      ).toMatchObject({
        status: "dismissed",
        action: "dismiss",
        handledBy: moderator.user.username,
      });
      expect((await act(moderator, group.id, "dismiss")).statusCode).toBe(409);
      // the message is untouched
      const [row] = await t().database.db.select().from(chatMessagesTable).where(eq(chatMessagesTable.id, id));
      expect(row.deletedAt).toBeNull();
    });

    it("delete: a chat message is hidden from the chat, a review leaves the game, a direct message leaves the conversation; a profile cannot be deleted", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const author = await createUserWithSession(t());
      const reporter = await createUserWithSession(t());
      const chatId = await chatMessage(t(), author, "delete me");
      const [game] = await t().database.db.select().from(gamesTable).limit(1);
      const review = await insertReview(t(), {
        userId: author.user.id,
        gameId: game.id,
        rating: 1,
        comment: "delete me too",
      });
      const dm = await insertDirectMessage(t(), {
        senderId: author.user.id,
        recipientId: reporter.user.id,
        body: "and me",
      });
      const ids: Record<string, number> = {};
      for (const [kind, targetId] of [
        ["chat", chatId],
        ["review", review.id],
        ["message", dm.id],
        ["profile", author.user.id],
      ] as const) {
        expect((await report(reporter, { kind, targetId, reason: "inappropriate" })).statusCode).toBe(201);
        ids[kind] = (await queue(moderator)).items.find((g) => g.kind === kind && g.targetId === targetId)!.id;
      }
      const refused = await act(moderator, ids.profile, "delete");
      expect(refused.statusCode).toBe(400);
      for (const kind of ["chat", "review", "message"])
        expect((await act(moderator, ids[kind], "delete")).statusCode, kind).toBe(200);
      const chat = (await call(undefined, "GET", "/api/chat")).json() as Array<{ id: number }>;
      expect(chat.some((m) => m.id === chatId)).toBe(false);
      expect(await t().database.db.select().from(reviewsTable).where(eq(reviewsTable.id, review.id))).toEqual([]);
      expect(await t().database.db.select().from(directMessagesTable).where(eq(directMessagesTable.id, dm.id))).toEqual(
        [],
      );
      expect(await notificationsOf(reporter)).toContainEqual(
        expect.objectContaining({ kind: "report_handled", text: reportOutcomeText("review", "delete") }),
      );
    });

    it("mute: the author climbs the ladder (10 min, 1 h, 24 h) and is refused in chat, reviews and direct messages with the end time", async () => {
      clock.offsetMs = 0;
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const author = await createUserWithSession(t());
      const reporter = await createUserWithSession(t());
      await insertFriendship(t(), author.user.id, reporter.user.id);
      const durations: number[] = [];
      for (let i = 0; i < 4; i++) {
        const id = await chatMessage(t(), author, `message ${i}`);
        await report(reporter, { kind: "chat", targetId: id, reason: "harassment" });
        const group = (await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)!;
        const before = Date.now();
        const res = await act(moderator, group.id, "mute");
        expect(res.statusCode).toBe(200);
        const until = new Date(res.json().mutedUntil as string).getTime();
        durations.push(Math.round((until - before) / 60_000));
      }
      expect(durations).toEqual([10, 60, 24 * 60, 24 * 60]);

      const [row] = await t().database.db.select().from(usersTable).where(eq(usersTable.id, author.user.id));
      const message = mutedMessage(row.mutedUntil!);
      expect(message).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
      const [game] = await t().database.db.select().from(gamesTable).limit(1);
      const attempts = [
        await call(author, "POST", "/api/chat", { message: "hello again" }),
        await call(author, "POST", "/api/reviews", { gameId: game.id, rating: 5, comment: "great" }),
        await call(author, "POST", `/api/messages/${reporter.user.id}`, { body: "hi" }),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message });
      }
      // the moderator ends the mute: the player may post again
      expect((await call(moderator, "DELETE", `/api/admin/moderation/mutes/${author.user.id}`)).statusCode).toBe(204);
      expect((await call(author, "POST", "/api/chat", { message: "sorry" })).statusCode).toBe(201);
      // and the queue shows the author as not muted
      const id = await chatMessage(t(), author, "after");
      await report(reporter, { kind: "chat", targetId: id, reason: "spam" });
      expect(
        (await queue(moderator)).items.find((g) => g.targetId === id && g.kind === "chat")!.author?.mutedUntil,
      ).toBeNull();
    });

    it("ban: admins only; the author's sessions end, their live socket closes at once, and they leave the boards", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const admin = await createUserWithSession(t(), { role: "admin" });
      const author = await createUserWithSession(t());
      const reporter = await createUserWithSession(t());
      const id = await chatMessage(t(), author, "ban-worthy");
      await report(reporter, { kind: "chat", targetId: id, reason: "hate" });
      // on the overall board without a score to play for: its totals row written as the scoring service keeps it
      await t()
        .database.db.insert(playerStatsTable)
        .values({ userId: author.user.id, totalScore: 9_999_999, gamesPlayed: 1 });
      const onBoard = async () =>
        (
          (await call(undefined, "GET", `/api/leaderboard?search=${author.user.username}`)).json() as Array<{
            user: { id: number };
          }>
        ).some((e) => e.user.id === author.user.id);
      expect(await onBoard()).toBe(true);
      const group = (await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)!;
      const refused = await act(moderator, group.id, "ban");
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "Only admins can ban players" });

      if (!t().app.server.listening) await t().app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t().app.server.address() as AddressInfo;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/live`, {
        origin: SITE,
        headers: { cookie: `sid=${author.sid}` },
      });
      await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
      const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
      try {
        expect((await act(admin, group.id, "ban")).statusCode).toBe(200);
        const code = await Promise.race([
          closed,
          new Promise<string>((r) => setTimeout(() => r("still open after 3 s"), 3000)),
        ]);
        expect(code).toBe(ACCOUNT_CLOSED_CODE);
      } finally {
        ws.terminate();
      }
      expect(
        await t().database.db.select().from(sessionsTable).where(eq(sessionsTable.userId, author.user.id)),
      ).toEqual([]);
      expect((await call(author, "GET", "/api/auth/session")).json()).toEqual({ user: null });
      expect(await onBoard()).toBe(false);
      expect(
        (await queue(moderator, "?status=handled")).items.find((g) => g.targetId === id && g.kind === "chat"),
      ).toMatchObject({
        action: "ban",
        author: { banned: true },
      });
    });

    it("players may neither read the queue nor act; a bad filter, action or id is 400, an unknown report 404", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const player = await createUserWithSession(t());
      expect((await call(player, "GET", "/api/admin/reports")).statusCode).toBe(403);
      expect((await call(player, "POST", "/api/admin/reports/1/action", { action: "dismiss" })).statusCode).toBe(403);
      expect((await call(moderator, "GET", "/api/admin/reports?status=closed")).statusCode).toBe(400);
      expect((await call(moderator, "GET", "/api/admin/reports?kind=email")).statusCode).toBe(400);
      expect((await act(moderator, 1, "nuke")).statusCode).toBe(400);
      expect(
        (await call(moderator, "POST", "/api/admin/reports/1/action", { action: "dismiss", reporterId: 1 })).statusCode,
      ).toBe(400);
      expect((await call(moderator, "POST", "/api/admin/reports/x/action", { action: "dismiss" })).statusCode).toBe(
        400,
      );
      expect((await act(moderator, 2000000000, "dismiss")).statusCode).toBe(404);
    });
  },
  { demo: false, settings: { now } },
);
