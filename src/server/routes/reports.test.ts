import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { actionsFor, REPORT_REFUSALS, REPORT_SENT } from "../../contract/reports";
import { insertDirectMessage, insertGame } from "../../test/factories";
import { chatMessage, reportCalls } from "../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { chatMessagesTable, reportsTable } from "../db/schema";

describeEachDatabase(
  "reports (D97, D102)",
  (t) => {
    const { report, queue, act, notificationsOf } = reportCalls(t);

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
        const again = await report(reporter, {
          kind: "chat",
          targetId: id,
          reason: "harassment",
          text: "  and rude  ",
        });
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
        expect((await report(me, { kind: "chat", targetId: mine, reason: "spam" })).json()).toEqual({
          message: REPORT_REFUSALS.self,
        });
        expect((await report(me, { kind: "profile", targetId: me.user.id, reason: "spam" })).statusCode).toBe(403);
        const other = await createUserWithSession(t());
        const gone = await chatMessage(t(), other);
        await t()
          .database.db.update(chatMessagesTable)
          .set({ deletedAt: new Date() })
          .where(eq(chatMessagesTable.id, gone));
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
        const dm = await insertDirectMessage(t(), {
          senderId: sender.user.id,
          recipientId: recipient.user.id,
          body: "send me your password",
        });
        expect((await report(stranger, { kind: "message", targetId: dm.id, reason: "harassment" })).statusCode).toBe(
          404,
        );
        const own = await report(sender, { kind: "message", targetId: dm.id, reason: "harassment" });
        expect(own.statusCode).toBe(403);
        expect(own.json()).toEqual({ message: REPORT_REFUSALS.notYours });
        expect((await report(recipient, { kind: "message", targetId: dm.id, reason: "harassment" })).statusCode).toBe(
          201,
        );
      });

      it("a game that does not load (D114): only with that reason, only a game players can see; the queue can only dismiss it", async () => {
        const reporter = await createUserWithSession(t());
        const game = await insertGame(t(), { title: "Blank Screen", externalUrl: "https://games.example/blank/" });
        const hidden = await insertGame(t(), { externalUrl: "https://games.example/h/", hiddenReason: "unreachable" });
        expect((await report(undefined, { kind: "game", targetId: game.id, reason: "doesnt_load" })).statusCode).toBe(
          401,
        );
        for (const payload of [
          { kind: "game", targetId: game.id, reason: "spam" },
          { kind: "chat", targetId: game.id, reason: "doesnt_load" },
        ]) {
          const res = await report(reporter, payload);
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(res.json().message).toContain(REPORT_REFUSALS.reason);
        }
        for (const targetId of [hidden.id, 2_000_000_000])
          expect((await report(reporter, { kind: "game", targetId, reason: "doesnt_load" })).json()).toEqual({
            message: REPORT_REFUSALS.notFound,
          });

        const sent = await report(reporter, { kind: "game", targetId: game.id, reason: "doesnt_load", text: "black" });
        expect(sent.statusCode).toBe(201);
        const [row] = await t().database.db.select().from(reportsTable).where(eq(reportsTable.id, sent.json().id));
        expect(row).toMatchObject({ kind: "game", targetUserId: null, content: "Blank Screen", text: "black" });

        const moderator = await createUserWithSession(t(), { role: "moderator" });
        const group = (await queue(moderator, "?kind=game")).items.find((g) => g.targetId === game.id)!;
        expect(group).toMatchObject({ kind: "game", author: null, link: `/game/${game.id}`, content: "Blank Screen" });
        expect(actionsFor("game", "admin")).toEqual(["dismiss"]);
        for (const action of ["delete", "mute"])
          expect((await act(moderator, group.id, action)).statusCode, action).toBe(400);
        expect((await act(moderator, group.id, "dismiss")).statusCode).toBe(200);
        expect((await notificationsOf(reporter))[0]).toMatchObject({
          kind: "report_handled",
          text: expect.stringContaining("the game you reported as not loading"),
        });
      });
    });
  },
  { demo: false },
);
