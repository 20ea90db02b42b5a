import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { PROCESS_ROLES } from "../../../contract/admin/system-constants";

/**
 * D164: the server processes seen lately, one row per process start. Each process writes its own row every few seconds
 * (services/process-registry.ts); the CMS's system page lists those seen in the last minute, and housekeeping removes
 * rows not seen for a day.
 */
export const processesTable = pgTable(
  "processes",
  {
    /** random, made when the process starts: a restarted process is a new row */
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    /** the app's version it runs: package.json's, with the git commit when known ("0.1.0+3f2a9c1") */
    version: text("version").notNull(),
    /** what it serves: the site, the games origin, the job runner */
    roles: text("roles", { enum: PROCESS_ROLES }).array().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("processes_seen_at_idx").on(t.seenAt), check("processes_pid_check", sql`${t.pid} > 0`)],
);
