import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { REPORT_KINDS } from "../../../contract/reports-constants";
import { usersTable } from "./accounts";

/**
 * D97/D102: a player's report of a chat message, a review, a profile or a direct message, or (D114) of a game that
 * does not load. One row per reporter and item (reporting the same item again updates the reason); the CMS queue
 * groups the open rows of one item. The reported text is copied at the time of the report, so that the queue still
 * shows it after the author edits or deletes it. `targetUserId` is the author (or the profile's owner): the one a
 * mute or a ban applies to; a game has none.
 */
export const reportsTable = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: REPORT_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    targetUserId: integer("target_user_id").references(() => usersTable.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    text: text("text"),
    /** what was reported, as it read then (a message, a review's comment, a username) */
    content: text("content").notNull().default(""),
    status: text("status", { enum: ["open", "dismissed", "actioned"] })
      .notNull()
      .default("open"),
    /** the action taken when handled: dismiss, delete, mute, ban */
    action: text("action"),
    handledBy: integer("handled_by").references(() => usersTable.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reports_kind_valid", sql`${t.kind} in ('chat', 'review', 'profile', 'message', 'game', 'room_player')`),
    // D114: only a game has no author
    check("reports_author_known", sql`(${t.targetUserId} is null) = (${t.kind} = 'game')`),
    check("reports_status_valid", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    uniqueIndex("reports_reporter_item_unique").on(t.kind, t.targetId, t.reporterId),
    index("reports_open_idx")
      .on(t.kind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_created_idx").on(t.createdAt),
  ],
);

/**
 * D99: what admins and moderators did (and refused admin requests and failed sign-ins): who, what, on what,
 * before and after, when, from where. Written by `services/audit.ts` only.
 */
export const auditLogTable = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** null for an attempt by nobody signed in (a failed sign-in) */
    actorId: integer("actor_id").references(() => usersTable.id, { onDelete: "set null" }),
    /** the actor's name or the address typed, kept after the account is gone */
    actorLabel: text("actor_label").notNull().default(""),
    /** the actor's role at the time (player, moderator, admin), null when nobody was signed in */
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
