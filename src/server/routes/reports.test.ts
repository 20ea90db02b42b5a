import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ACCOUNT_CLOSED_CODE } from "../../contract/player-live";
import { MUTE_LADDER_MS, MUTE_LADDER_RESET_MS, mutedMessage, REPORT_REFUSALS, REPORT_SENT, reportOutcomeText, type ReportQueue } from "../../contract/reports";
import {
  chatMessagesTable,
  directMessagesTable,
  friendshipsTable,
  gamesTable,
  playerStatsTable,
  reportsTable,
  reviewsTable,
  sessionsTable,
  usersTable,
} from "../db/schema";
import { redact } from "../services/audit";
import { assertNotMuted, mutePlayer, nextMuteStep } from "../services/moderation";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";

const SITE = "http://localhost:5000";
type Player = Awaited<ReturnType<typeof createUserWithSession>>;

/** The test's clock (AppSettings.now): mutes are set and read against it. */
const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

async function chatMessage(t: TestApp, author: Player, text = "you are all terrible") {
  const [row] = await t.database.db.insert(chatMessagesTable).values({ userId: author.user.id, message: text }).returning();
  return row.id;
}

async function befriend(t: TestApp, a: Player, b: Player) {
  await t.database.db.insert(friendshipsTable).values([
    { userId: a.user.id, friendId: b.user.id },
    { userId: b.user.id, friendId: a.user.id },
  ]);
}

describeEachDatabase(
  "reports, mutes, bans and the audit log (D96, D97, D99, D102)",
  (t) => {
    const call = (who: Player | undefined, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
      t().app.inject({ method, url, cookies: who?.cookies, ...(payload === undefined ? {} : { payload: payload as object }) });
    const report = (who: Player | undefined, payload: unknown) => call(who, "POST", "/api/reports", payload);
    const queue = async (staff: Player, query = "") => {
      const res = await call(staff, "GET", `/api/admin/reports${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as ReportQueue;
    };
    const act = (staff: Player, id: number, action: string) => call(staff, "POST", `/api/admin/reports/${id}/action`, { action });
    const notificationsOf = async (who: Player) => (await call(who, "GET", "/api/notifications")).json().items as Array<{ kind: string; text: string | null }>;
    const auditOf = async (admin: Player, query: string) =>
      (await call(admin, "GET", `/api/admin/audit?${query}`)).json().items as Array<Record<string, unknown>>;

    describe("POST /api/reports", () => {
      it("401 before validation when signed out; 400 for a bad kind or reason, or a reporter id in the body (D102)", async () => {
        expect((await report(undefined, { nonsense: true })).statusCode).toBe(401);
        const player = await createUserWithSession(t());
        const author = await createUserWithSession(t());
        const id = await chatMessage(t(), author);
        for (const payload of [
          { kind: "email", targetId: id, reason: "spam" },
          { kind: "chat", targetId: id, reason: "because" },
          { kind: "chat", targetId: "x", reason: "spam" },
          { kind: "chat", targetId: id, reason: "spam", reporterId: author.user.id },
          { kind: "chat", targetId: id, reason: "spam", text: "x".repeat(501) },
        ]) {
          const res = await report(player, payload);
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(res.json().message).toEqual(expect.any(String));
        }
        expect(await t().database.db.select().from(reportsTable).where(eq(reportsTable.targetId, id))).toEqual([]);
      });

      it("a chat message: 201 with the thanks; the text is kept as it read; a second report by the same player replaces the first", async () => {
        const reporter = await createUserWithSession(t());
        const author = await createUserWithSession(t());
        const id = await chatMessage(t(), author, "buy gold at spam.example");
        const first = await report(reporter, { kind: "chat", targetId: id, reason: "spam" });
        expect(first.statusCode).toBe(201);
        expect(first.json()).toEqual({ id: expect.any(Number), message: REPORT_SENT });
        const again = await report(reporter, { kind: "chat", targetId: id, reason: "harassment", text: "  and rude  " });
        expect(again.statusCode).toBe(201);
        const rows = await t()
          .database.db.select()
          .from(reportsTable)
          .where(and(eq(reportsTable.kind, "chat"), eq(reportsTable.targetId, id)));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          reporterId: reporter.user.id,
          targetUserId: author.user.id,
          reason: "harassment",
          text: "and rude",
          content: "buy gold at spam.example",
          status: "open",
        });
      });

      it("refuses one's own content (403), and what does not exist or is deleted (404)", async () => {
        const me = await createUserWithSession(t());
        const mine = await chatMessage(t(), me);
        expect((await report(me, { kind: "chat", targetId: mine, reason: "spam" })).json()).toEqual({ message: REPORT_REFUSALS.self });
        expect((await report(me, { kind: "profile", targetId: me.user.id, reason: "spam" })).statusCode).toBe(403);
        const other = await createUserWithSession(t());
        const gone = await chatMessage(t(), other);
        await t().database.db.update(chatMessagesTable).set({ deletedAt: new Date() }).where(eq(chatMessagesTable.id, gone));
        for (const payload of [
          { kind: "chat", targetId: gone, reason: "spam" },
          { kind: "chat", targetId: 2_000_000_000, reason: "spam" },
          { kind: "review", targetId: 2_000_000_000, reason: "spam" },
          { kind: "profile", targetId: 2_000_000_000, reason: "spam" },
        ]) {
          const res = await report(me, payload);
          expect(res.statusCode, JSON.stringify(payload)).toBe(404);
          expect(res.json()).toEqual({ message: REPORT_REFUSALS.notFound });
        }
      });

      it("a direct message: only one sent to the reporter (the sender gets 403, anybody else 404 as if it did not exist)", async () => {
        const sender = await createUserWithSession(t());
        const recipient = await createUserWithSession(t());
        const stranger = await createUserWithSession(t());
        const [dm] = await t()
          .database.db.insert(directMessagesTable)
          .values({ senderId: sender.user.id, recipientId: recipient.user.id, body: "send me your password" })
          .returning();
        expect((await report(stranger, { kind: "message", targetId: dm.id, reason: "harassment" })).statusCode).toBe(404);
        const own = await report(sender, { kind: "message", targetId: dm.id, reason: "harassment" });
        expect(own.statusCode).toBe(403);
        expect(own.json()).toEqual({ message: REPORT_REFUSALS.notYours });
        expect((await report(recipient, { kind: "message", targetId: dm.id, reason: "harassment" })).statusCode).toBe(201);
      });
    });

    describe("the queue and its actions", () => {
      it("reports of one item are grouped with every reporter; profiles and reviews link to where they are", async () => {
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const author = await createUserWithSession(t());
        const [a, b] = [await createUserWithSession(t()), await createUserWithSession(t())];
        const id = await chatMessage(t(), author, "grouped message");
        await report(a, { kind: "chat", targetId: id, reason: "spam" });
        await report(b, { kind: "chat", targetId: id, reason: "hate", text: "slur" });
        const [game] = await t().database.db.select().from(gamesTable).limit(1);
        const [review] = await t()
          .database.db.insert(reviewsTable)
          .values({ userId: author.user.id, gameId: game.id, rating: 1, comment: "rude review" })
          .returning();
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
        expect(items.find((g) => g.kind === "review" && g.targetId === review.id)).toMatchObject({ content: "1/5 rude review", link: `/game/${game.id}` });
        expect(items.find((g) => g.kind === "profile" && g.targetId === author.user.id)).toMatchObject({
          content: author.user.username,
          link: `/profile/${author.user.id}`,
        });
        expect(open).toBeGreaterThanOrEqual(3);
        expect((await queue(moderator, "?kind=review")).items.every((g) => g.kind === "review")).toBe(true);
        // the author deletes the message: the report stays, marked as gone
        await t().database.db.update(chatMessagesTable).set({ deletedAt: new Date() }).where(eq(chatMessagesTable.id, id));
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
        expect((await queue(moderator, "?status=handled")).items.find((g) => g.kind === "chat" && g.targetId === id)).toMatchObject({
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
        const [review] = await t()
          .database.db.insert(reviewsTable)
          .values({ userId: author.user.id, gameId: game.id, rating: 1, comment: "delete me too" })
          .returning();
        const [dm] = await t()
          .database.db.insert(directMessagesTable)
          .values({ senderId: author.user.id, recipientId: reporter.user.id, body: "and me" })
          .returning();
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
        for (const kind of ["chat", "review", "message"]) expect((await act(moderator, ids[kind], "delete")).statusCode, kind).toBe(200);
        const chat = (await call(undefined, "GET", "/api/chat")).json() as Array<{ id: number }>;
        expect(chat.some((m) => m.id === chatId)).toBe(false);
        expect(await t().database.db.select().from(reviewsTable).where(eq(reviewsTable.id, review.id))).toEqual([]);
        expect(await t().database.db.select().from(directMessagesTable).where(eq(directMessagesTable.id, dm.id))).toEqual([]);
        expect(await notificationsOf(reporter)).toContainEqual(
          expect.objectContaining({ kind: "report_handled", text: reportOutcomeText("review", "delete") }),
        );
      });

      it("mute: the author climbs the ladder (10 min, 1 h, 24 h) and is refused in chat, reviews and direct messages with the end time", async () => {
        clock.offsetMs = 0;
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const author = await createUserWithSession(t());
        const reporter = await createUserWithSession(t());
        await befriend(t(), author, reporter);
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
        expect((await queue(moderator)).items.find((g) => g.targetId === id && g.kind === "chat")!.author.mutedUntil).toBeNull();
      });

      it("the ladder starts again after 30 days without a mute (injectable clock); a mute ends by itself", async () => {
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const player = await createUserWithSession(t());
        const mute = async () =>
          (await call(moderator, "POST", `/api/admin/moderation/mutes/${player.user.id}`)).json() as { step: number; mutedUntil: string };
        clock.offsetMs = 0;
        expect((await mute()).step).toBe(1);
        expect((await mute()).step).toBe(2);
        clock.offsetMs = MUTE_LADDER_MS[1] + MUTE_LADDER_RESET_MS - 60_000; // 29 days 23 h 59 min after the second mute ended
        expect((await mute()).step).toBe(3);
        clock.offsetMs += MUTE_LADDER_MS[2] + MUTE_LADDER_RESET_MS + 60_000;
        const fresh = await mute();
        expect(fresh.step).toBe(1);
        expect(new Date(fresh.mutedUntil).getTime() - now().getTime()).toBeLessThanOrEqual(MUTE_LADDER_MS[0]);
        clock.offsetMs = 0;
        // the services read the same way with any clock
        const end = new Date(fresh.mutedUntil);
        await expect(assertNotMuted(t().database.db, player.user.id, new Date(end.getTime() - 1000))).rejects.toThrow(mutedMessage(end));
        await expect(assertNotMuted(t().database.db, player.user.id, new Date(end.getTime() + 1000))).resolves.toBeUndefined();
        expect(nextMuteStep({ mutedUntil: null, muteCount: 7 }, new Date()).step).toBe(1);
        expect(nextMuteStep({ mutedUntil: new Date(), muteCount: 7 }, new Date()).durationMs).toBe(MUTE_LADDER_MS[2]);
      });

      it("staff cannot be muted or banned, nor mute themselves", async () => {
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const other = await createUserWithSession(t(), { role: "moderator" });
        expect((await call(moderator, "POST", `/api/admin/moderation/mutes/${other.user.id}`)).statusCode).toBe(403);
        await expect(mutePlayer(t().database.db, moderator.user.id, moderator.user.id)).rejects.toThrow("You cannot mute yourself");
        expect((await call(moderator, "POST", `/api/admin/moderation/mutes/2000000000`)).statusCode).toBe(404);
      });

      it("ban: admins only; the author's sessions end, their live socket closes at once, and they leave the boards", async () => {
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const admin = await createUserWithSession(t(), { role: "admin" });
        const author = await createUserWithSession(t());
        const reporter = await createUserWithSession(t());
        const id = await chatMessage(t(), author, "ban-worthy");
        await report(reporter, { kind: "chat", targetId: id, reason: "hate" });
        await t().database.db.insert(playerStatsTable).values({ userId: author.user.id, totalScore: 9_999_999, gamesPlayed: 1 });
        const onBoard = async () =>
          ((await call(undefined, "GET", `/api/leaderboard?search=${author.user.username}`)).json() as Array<{ user: { id: number } }>).some(
            (e) => e.user.id === author.user.id,
          );
        expect(await onBoard()).toBe(true);
        const group = (await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)!;
        const refused = await act(moderator, group.id, "ban");
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: "Only admins can ban players" });

        if (!t().app.server.listening) await t().app.listen({ port: 0, host: "127.0.0.1" });
        const { port } = t().app.server.address() as AddressInfo;
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/live`, { origin: SITE, headers: { cookie: `sid=${author.sid}` } });
        await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
        const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
        try {
          expect((await act(admin, group.id, "ban")).statusCode).toBe(200);
          const code = await Promise.race([closed, new Promise<string>((r) => setTimeout(() => r("still open after 3 s"), 3000))]);
          expect(code).toBe(ACCOUNT_CLOSED_CODE);
        } finally {
          ws.terminate();
        }
        expect(await t().database.db.select().from(sessionsTable).where(eq(sessionsTable.userId, author.user.id))).toEqual([]);
        expect((await call(author, "GET", "/api/auth/session")).json()).toEqual({ user: null });
        expect(await onBoard()).toBe(false);
        expect((await queue(moderator, "?status=handled")).items.find((g) => g.targetId === id && g.kind === "chat")).toMatchObject({
          action: "ban",
          author: { banned: true },
        });
      });
    });

    describe("the audit log (D99)", () => {
      it("redact: secrets by their key at any depth, long strings cut, deep values summarised", () => {
        expect(redact({ email: "a@b.c", password: "hunter2", nested: { otpSecret: "x", list: [{ token: "t", ok: 1 }] } })).toEqual({
          email: "a@b.c",
          password: "[redacted]",
          nested: { otpSecret: "[redacted]", list: [{ token: "[redacted]", ok: 1 }] },
        });
        expect(redact("x".repeat(600))).toMatch(/^x{500}… \(600 characters\)$/);
        let deep: unknown = "bottom";
        for (let i = 0; i < 20; i++) deep = { deep };
        expect(JSON.stringify(redact(deep))).toContain("[…]");
      });

      it("a report action and a mute are recorded with actor, target, before and after; moderators cannot read the log", async () => {
        const admin = await createUserWithSession(t(), { role: "admin" });
        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const author = await createUserWithSession(t());
        const reporter = await createUserWithSession(t());
        const id = await chatMessage(t(), author, "audit me");
        await report(reporter, { kind: "chat", targetId: id, reason: "spam" });
        const group = (await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)!;
        await act(moderator, group.id, "mute");
        const [entry] = await auditOf(admin, `action=report.mute&targetId=${id}`);
        expect(entry).toMatchObject({
          actor: { id: moderator.user.id, label: moderator.user.username, role: "moderator" },
          action: "report.mute",
          targetKind: "chat",
          targetId: String(id),
          before: { mutedUntil: null, muteCount: 0 },
          after: expect.objectContaining({ muteCount: 1, author: author.user.id, reportsClosed: 1 }),
        });
        expect((await auditOf(admin, `action=report.&actorId=${moderator.user.id}`)).map((e) => e.action)).toEqual(["report.mute"]);
        expect((await call(moderator, "GET", "/api/admin/audit")).statusCode).toBe(403);
      });

      it("every other admin write is recorded by the admin hook, secrets redacted; refused requests and failed sign-ins too", async () => {
        const admin = await createUserWithSession(t(), { role: "admin" });
        const player = await createUserWithSession(t());
        const role = await call(admin, "PATCH", `/api/admin/users/${player.user.id}`, { role: "moderator" });
        expect(role.statusCode).toBe(200);
        const [roleEntry] = await auditOf(admin, `action=user.update&targetId=${player.user.id}`);
        expect(roleEntry).toMatchObject({
          before: { role: "player", disabled: false },
          after: { role: "moderator", disabled: false },
          actor: { id: admin.user.id },
        });

        const refused = await call(player, "GET", "/api/admin/games");
        expect(refused.statusCode).toBe(403); // a moderator now, but games are for admins
        const [refusal] = await auditOf(admin, `action=admin.refused&actorId=${player.user.id}`);
        expect(refusal).toMatchObject({ targetKind: "route", targetId: "GET /api/admin/games" });

        const failed = await call(undefined, "POST", "/api/auth/login", { username: player.user.username, password: "wrong password 123" });
        expect(failed.statusCode).toBe(401);
        const [failure] = await auditOf(admin, `action=auth.login_failed&actorId=${player.user.id}`);
        expect(failure).toMatchObject({ actor: { label: player.user.username, role: null } });
        expect(JSON.stringify(failure)).not.toContain("wrong password");

        const announce = await call(admin, "POST", "/api/admin/announcements", { text: "Maintenance tonight" });
        expect(announce.statusCode).toBe(201);
        const [generic] = await auditOf(admin, `action=announcements.create&actorId=${admin.user.id}`);
        expect(generic).toMatchObject({ targetKind: "announcements", after: { text: "Maintenance tonight" } });
        // a refused write is not an action: nothing recorded
        expect((await call(admin, "POST", "/api/admin/announcements", { text: "" })).statusCode).toBe(400);
        expect(await auditOf(admin, `action=announcements.create&actorId=${admin.user.id}`)).toHaveLength(1);
      });
    });
  },
  { demo: false, settings: { now } },
);
