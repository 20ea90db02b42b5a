import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  REPORT_REFUSALS,
  reportOutcomeText,
  type ModeratedPlayer,
  type ReportAction,
  type ReportEntry,
  type ReportGroup,
  type ReportKind,
  type ReportQueue,
  type ReportReason,
} from "../../contract/reports-constants";
import type { Db } from "../db/client";
import {
  chatMessagesTable,
  directMessagesTable,
  gamesTable,
  reportsTable,
  reviewsTable,
  usersTable,
} from "../db/schema";
import { Conflict, Forbidden, Invalid, NotFound } from "../errors";
import type { RateLimits } from "../rate-limit-table";
import { deleteChatMessage } from "./chat";
import type { ChatHub } from "./chat-hub";
import { gameIsShown, gameVisibility } from "./game-catalogue";
import { banPlayer, mutePlayer } from "./moderation";
import { notify, type NotifyDeps } from "./notifications";
import { deleteReview } from "./reviews";

/**
 * D97: players' reports and the moderators' queue. A player reports a chat message, a review, a profile or a
 * direct message sent to them, with a reason and an optional text; the text reported is copied into the report.
 * D114: a player reports a game they can see as not loading; it has no author, so the only action is to dismiss
 * (the game itself is checked, hidden or shown again from the CMS's broken games).
 * One report per reporter and item: reporting it again replaces the reason and opens it again. The queue groups
 * the reports of one item; an action (dismiss, delete the content, mute the author, ban the author — a ban is for
 * admins only) closes every open report of the item and tells each reporter the outcome (a `report_handled`
 * notification). Who may act is the routes' concern (routes/admin/index.ts); auditing is the route's.
 * No HTTP types here.
 */

export type ReportDeps = NotifyDeps & { chatHub: ChatHub };
export type Staff = { id: number; role: "player" | "creator" | "moderator" | "admin" };

type Target = { authorId: number | null; content: string; link: string | null };

/** The item a report points at, if it still exists and the reporter may report it. */
async function findTarget(db: Db, reporterId: number, kind: ReportKind, targetId: number): Promise<Target | null> {
  switch (kind) {
    case "game": {
      // a game players cannot see (hidden) does not exist for them (D113)
      const [row] = await db
        .select({ content: gamesTable.title })
        .from(gamesTable)
        .where(and(eq(gamesTable.id, targetId), gameIsShown(await gameVisibility(db))));
      return row ? { authorId: null, content: row.content, link: `/game/${targetId}` } : null;
    }
    case "chat": {
      const [row] = await db
        .select({ authorId: chatMessagesTable.userId, content: chatMessagesTable.message })
        .from(chatMessagesTable)
        .where(and(eq(chatMessagesTable.id, targetId), isNull(chatMessagesTable.deletedAt)));
      return row ? { ...row, link: null } : null;
    }
    case "review": {
      const [row] = await db
        .select({
          authorId: reviewsTable.userId,
          rating: reviewsTable.rating,
          comment: reviewsTable.comment,
          gameId: reviewsTable.gameId,
        })
        .from(reviewsTable)
        .where(eq(reviewsTable.id, targetId));
      return row
        ? {
            authorId: row.authorId,
            content: `${row.rating}/5${row.comment ? ` ${row.comment}` : ""}`,
            link: `/game/${row.gameId}`,
          }
        : null;
    }
    case "profile": {
      const [row] = await db
        .select({ authorId: usersTable.id, content: usersTable.username })
        .from(usersTable)
        .where(and(eq(usersTable.id, targetId), isNull(usersTable.deletedAt), isNull(usersTable.disabledAt)));
      return row ? { ...row, link: `/profile/${row.authorId}` } : null;
    }
    case "message": {
      const [row] = await db
        .select({
          authorId: directMessagesTable.senderId,
          recipientId: directMessagesTable.recipientId,
          content: directMessagesTable.body,
        })
        .from(directMessagesTable)
        .where(eq(directMessagesTable.id, targetId));
      if (!row) return null;
      // D97: only a message sent to me; someone else's conversation does not exist for me.
      if (row.recipientId !== reporterId) {
        if (row.authorId === reporterId) throw new Forbidden(REPORT_REFUSALS.notYours);
        return null;
      }
      return { authorId: row.authorId, content: row.content, link: null };
    }
    case "room_player":
      // only through the room the server holds (fileRoomPlayerReport)
      return null;
  }
}

/** D102: files (or renews) a report; the reporter is the session's user. */
export async function fileReport(
  deps: { db: Db; rateLimits: RateLimits },
  reporterId: number,
  input: { kind: ReportKind; targetId: number; reason: ReportReason; text?: string },
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = deps;
  const target = await findTarget(db, reporterId, input.kind, input.targetId);
  if (!target) throw new NotFound(REPORT_REFUSALS.notFound);
  if (target.authorId === reporterId) throw new Forbidden(REPORT_REFUSALS.self);
  return storeReport(deps, reporterId, { ...input, authorId: target.authorId, content: target.content }, now);
}

/**
 * D124: files (or renews) a report on a signed-in player of a room, whom the caller found in the room the server
 * holds; `content` says which game and room.
 */
export async function fileRoomPlayerReport(
  deps: { db: Db; rateLimits: RateLimits },
  reporterId: number,
  input: { reportedId: number; content: string; reason: ReportReason; text?: string },
  now = new Date(),
): Promise<{ id: number }> {
  if (input.reportedId === reporterId) throw new Forbidden(REPORT_REFUSALS.self);
  const { reportedId, content, ...rest } = input;
  return storeReport(
    deps,
    reporterId,
    { kind: "room_player", targetId: reportedId, authorId: reportedId, content, ...rest },
    now,
  );
}

async function storeReport(
  deps: { db: Db; rateLimits: RateLimits },
  reporterId: number,
  input: {
    kind: ReportKind;
    targetId: number;
    authorId: number | null;
    content: string;
    reason: ReportReason;
    text?: string;
  },
  now: Date,
): Promise<{ id: number }> {
  const { db } = deps;
  const target = { authorId: input.authorId, content: input.content };
  await deps.rateLimits.enforce("report", `report:${reporterId}`);
  const values = {
    kind: input.kind,
    targetId: input.targetId,
    targetUserId: target.authorId,
    reporterId,
    reason: input.reason,
    text: input.text ?? null,
    content: target.content,
    status: "open" as const,
    action: null,
    handledBy: null,
    handledAt: null,
    createdAt: now,
  };
  const [row] = await db
    .insert(reportsTable)
    .values(values)
    .onConflictDoUpdate({ target: [reportsTable.kind, reportsTable.targetId, reportsTable.reporterId], set: values })
    .returning({ id: reportsTable.id });
  return row;
}

/** Whether each item still exists (a moderator's or its author's deletion leaves the reports behind). */
async function goneItems(db: Db, items: { kind: ReportKind; targetId: number }[]): Promise<Set<string>> {
  const ids = (kind: ReportKind) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.targetId))];
  const present = new Set<string>();
  const chat = ids("chat");
  if (chat.length) {
    for (const r of await db
      .select({ id: chatMessagesTable.id })
      .from(chatMessagesTable)
      .where(and(inArray(chatMessagesTable.id, chat), isNull(chatMessagesTable.deletedAt))))
      present.add(`chat:${r.id}`);
  }
  const reviews = ids("review");
  if (reviews.length)
    for (const r of await db
      .select({ id: reviewsTable.id })
      .from(reviewsTable)
      .where(inArray(reviewsTable.id, reviews)))
      present.add(`review:${r.id}`);
  const profiles = [...new Set([...ids("profile"), ...ids("room_player")])];
  if (profiles.length) {
    for (const r of await db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(and(inArray(usersTable.id, profiles), isNull(usersTable.deletedAt))))
      present.add(`profile:${r.id}`).add(`room_player:${r.id}`);
  }
  const games = ids("game");
  if (games.length) {
    for (const r of await db.select({ id: gamesTable.id }).from(gamesTable).where(inArray(gamesTable.id, games)))
      present.add(`game:${r.id}`);
  }
  const messages = ids("message");
  if (messages.length) {
    for (const r of await db
      .select({ id: directMessagesTable.id })
      .from(directMessagesTable)
      .where(inArray(directMessagesTable.id, messages)))
      present.add(`message:${r.id}`);
  }
  return new Set(items.map((i) => `${i.kind}:${i.targetId}`).filter((k) => !present.has(k)));
}

const QUEUE_ROWS = 1000;

/** D97: the queue, grouped by item, newest report first: open reports, or the last handled ones. */
export async function listReportQueue(
  db: Db,
  query: { status: "open" | "handled"; kind?: ReportKind },
  now = new Date(),
): Promise<ReportQueue> {
  const reporter = alias(usersTable, "reporter");
  const author = alias(usersTable, "author");
  const handler = alias(usersTable, "handler");
  const statusWhere = query.status === "open" ? eq(reportsTable.status, "open") : ne(reportsTable.status, "open");
  const rows = await db
    .select({
      r: reportsTable,
      reporterName: reporter.username,
      author: {
        id: author.id,
        username: author.username,
        avatarUrl: author.avatarUrl,
        mutedUntil: author.mutedUntil,
        disabledAt: author.disabledAt,
      },
      handlerName: handler.username,
    })
    .from(reportsTable)
    .innerJoin(reporter, eq(reporter.id, reportsTable.reporterId))
    .leftJoin(author, eq(author.id, reportsTable.targetUserId))
    .leftJoin(handler, eq(handler.id, reportsTable.handledBy))
    .where(and(statusWhere, query.kind ? eq(reportsTable.kind, query.kind) : undefined))
    .orderBy(
      query.status === "open" ? desc(reportsTable.createdAt) : desc(reportsTable.handledAt),
      desc(reportsTable.id),
    )
    .limit(QUEUE_ROWS);
  const groups = new Map<string, ReportGroup>();
  for (const { r, reporterName, author: a, handlerName } of rows) {
    // handled reports group by item and by the moment they were handled (one action)
    const key =
      query.status === "open" ? `${r.kind}:${r.targetId}` : `${r.kind}:${r.targetId}:${r.handledAt?.getTime()}`;
    const entry: ReportEntry = {
      id: r.id,
      reporter: { id: r.reporterId, username: reporterName },
      reason: r.reason as ReportReason,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
    };
    const group = groups.get(key);
    if (group) {
      group.reports.push(entry);
      continue;
    }
    const moderated: ModeratedPlayer | null = a
      ? {
          id: a.id,
          username: a.username,
          avatarUrl: a.avatarUrl,
          mutedUntil: a.mutedUntil && a.mutedUntil > now ? a.mutedUntil.toISOString() : null,
          banned: a.disabledAt !== null,
        }
      : null;
    groups.set(key, {
      id: r.id,
      kind: r.kind,
      targetId: r.targetId,
      author: moderated,
      content: r.content,
      link:
        r.kind === "profile" || r.kind === "room_player"
          ? `/profile/${r.targetId}`
          : r.kind === "game"
            ? `/game/${r.targetId}`
            : null,
      contentGone: false,
      reports: [entry],
      status: r.status,
      action: (r.action as ReportAction | null) ?? null,
      handledBy: handlerName ?? null,
      handledAt: r.handledAt?.toISOString() ?? null,
    });
  }
  const items = [...groups.values()];
  const gone = await goneItems(db, items);
  const reviewIds = items.filter((g) => g.kind === "review").map((g) => g.targetId);
  const reviewGames = new Map<number, number>();
  if (reviewIds.length) {
    for (const r of await db
      .select({ id: reviewsTable.id, gameId: reviewsTable.gameId })
      .from(reviewsTable)
      .where(inArray(reviewsTable.id, reviewIds)))
      reviewGames.set(r.id, r.gameId);
  }
  for (const g of items) {
    g.contentGone = gone.has(`${g.kind}:${g.targetId}`);
    if (g.kind === "review") g.link = reviewGames.has(g.targetId) ? `/game/${reviewGames.get(g.targetId)}` : null;
  }
  const open =
    query.status === "open" && !query.kind && rows.length < QUEUE_ROWS
      ? items.length
      : (
          await db
            .selectDistinct({ kind: reportsTable.kind, targetId: reportsTable.targetId })
            .from(reportsTable)
            .where(eq(reportsTable.status, "open"))
        ).length;
  return { open, items };
}

export type ReportActionOutcome = {
  handled: number;
  mutedUntil: Date | null;
  kind: ReportKind;
  targetId: number;
  authorId: number | null;
  /** what the action changed, for the audit log */
  before: unknown;
  after: unknown;
};

/** D97: acts on the item of report `reportId` and closes all its open reports; each reporter is notified. */
export async function actOnReport(
  deps: ReportDeps,
  staff: Staff,
  reportId: number,
  action: ReportAction,
  now = new Date(),
): Promise<ReportActionOutcome> {
  const { db } = deps;
  const [report] = await db.select().from(reportsTable).where(eq(reportsTable.id, reportId));
  if (!report) throw new NotFound("Report not found");
  const open = await db
    .select({ id: reportsTable.id, reporterId: reportsTable.reporterId })
    .from(reportsTable)
    .where(
      and(
        eq(reportsTable.kind, report.kind),
        eq(reportsTable.targetId, report.targetId),
        eq(reportsTable.status, "open"),
      ),
    );
  if (open.length === 0) throw new Conflict("These reports were already handled");
  if (action === "ban" && staff.role !== "admin") throw new Forbidden("Only admins can ban players");
  if (action === "delete" && (report.kind === "profile" || report.kind === "room_player"))
    throw new Invalid("A profile cannot be deleted; mute or ban its owner instead");
  if (action !== "dismiss" && report.targetUserId === null)
    throw new Invalid("A reported game can only be dismissed; check it, hide it or show it from Broken games");

  let mutedUntil: Date | null = null;
  let before: unknown = null;
  let after: unknown = null;
  if (action === "delete") {
    before = { content: report.content };
    after = { deleted: await deleteItem(deps, report.kind, report.targetId) };
  } else if (action === "mute") {
    const muted = await mutePlayer(db, staff.id, report.targetUserId!, now);
    mutedUntil = muted.mutedUntil;
    before = { mutedUntil: muted.before.mutedUntil?.toISOString() ?? null, muteCount: muted.before.muteCount };
    after = { mutedUntil: muted.mutedUntil.toISOString(), muteCount: muted.step };
  } else if (action === "ban") {
    const { changed } = await banPlayer(deps, staff.id, report.targetUserId!);
    before = { disabled: !changed };
    after = { disabled: true };
  }

  await db
    .update(reportsTable)
    .set({ status: action === "dismiss" ? "dismissed" : "actioned", action, handledBy: staff.id, handledAt: now })
    .where(
      inArray(
        reportsTable.id,
        open.map((o) => o.id),
      ),
    );
  const text = reportOutcomeText(report.kind, action);
  for (const reporterId of new Set(open.map((o) => o.reporterId)))
    await notify(deps, reporterId, "report_handled", { text }, now);
  return {
    handled: open.length,
    mutedUntil,
    kind: report.kind,
    targetId: report.targetId,
    authorId: report.targetUserId,
    before,
    after,
  };
}

/** D97 "delete the content": false when it was already gone (the reports are closed all the same). */
async function deleteItem(deps: ReportDeps, kind: ReportKind, targetId: number): Promise<boolean> {
  const { db } = deps;
  switch (kind) {
    case "chat":
      try {
        await deleteChatMessage(db, targetId);
      } catch (err) {
        if (err instanceof NotFound) return false;
        throw err;
      }
      await deps.chatHub.publish({ type: "deleted", id: targetId });
      return true;
    case "review": {
      const [row] = await db
        .select({ gameId: reviewsTable.gameId, userId: reviewsTable.userId })
        .from(reviewsTable)
        .where(eq(reviewsTable.id, targetId));
      return row ? deleteReview(db, row.gameId, row.userId) : false;
    }
    case "message": {
      const [row] = await db.delete(directMessagesTable).where(eq(directMessagesTable.id, targetId)).returning();
      if (!row) return false;
      await deps.playerHub.publish([row.senderId], { type: "direct-messages-changed", withUserId: row.recipientId });
      await deps.playerHub.publish([row.recipientId], { type: "direct-messages-changed", withUserId: row.senderId });
      return true;
    }
    case "profile":
    case "game":
    case "room_player":
      return false;
  }
}
