import { and, desc, eq, gte, like, lt, type SQL } from "drizzle-orm";
import { AUDIT_RETENTION_DAYS, type AuditEntry, type AuditPage } from "../../contract/audit-constants";
import type { Db } from "../db/client";
import { auditLogTable } from "../db/schema";

/**
 * D99: the audit log. `audit` is the one way anything is written to it: every admin and moderator action (by the
 * admin routes' hook in routes/admin/index.ts, or by the action itself when it knows the state before and after),
 * refused admin requests, failed and successful sign-ins. An entry never holds a secret: `redact` drops passwords, codes and
 * tokens and shortens long strings before storing. Writing never fails the action it records: an error is
 * reported to `onError` (the caller's logger) and swallowed. No HTTP types here.
 */

/** Who did it: a signed-in user, or (for a failed sign-in) only what they typed. */
export type AuditActor = { id: number | null; label: string; role: string | null };

export type AuditRecord = {
  actor: AuditActor;
  /** `family.verb`, e.g. `report.action`, `user.update`, `auth.login_failed`, `admin.refused` */
  action: string;
  target?: { kind: string; id: string | number | null };
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

const SECRET_KEYS = /pass(word)?|otp|code|secret|token|hash|cookie/i;
const MAX_STRING = 500;
const MAX_DEPTH = 6;
const MAX_KEYS = 50;

/** A copy fit for the log: secrets replaced by "[redacted]", long strings cut, deep or huge values summarised. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === "string")
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_KEYS).map((v) => redact(v, depth + 1));
    return value.length > MAX_KEYS ? [...items, `… ${value.length - MAX_KEYS} more`] : items;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_KEYS)) {
      out[k] = SECRET_KEYS.test(k) ? "[redacted]" : redact(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** D99: records one entry; never throws (an audit failure must not undo or fail the action). */
export async function audit(
  db: Db,
  record: AuditRecord,
  onError?: (err: unknown) => void,
  now = new Date(),
): Promise<void> {
  try {
    await db.insert(auditLogTable).values({
      actorId: record.actor.id,
      actorLabel: record.actor.label.slice(0, 200),
      actorRole: record.actor.role,
      action: record.action,
      targetKind: record.target?.kind ?? null,
      targetId: record.target?.id === null || record.target?.id === undefined ? null : String(record.target.id),
      before: record.before === undefined ? null : redact(record.before),
      after: record.after === undefined ? null : redact(record.after),
      ip: record.ip ?? null,
      createdAt: now,
    });
  } catch (err) {
    onError?.(err);
  }
}

/** The `onError` of a request: a warning in its log (`request.log`, or any logger with `warn`). */
export const logAuditError =
  (logged: { log: { warn: (obj: object, msg: string) => void } }) =>
  (err: unknown): void =>
    logged.log.warn({ err }, "could not write the audit log");

/** The actor of a signed-in request's user. */
export function actorOf(user: { id: number; username: string; role: string }): AuditActor {
  return { id: user.id, label: user.username, role: user.role };
}

/** How a sign-in was proven (the `after.method` of `auth.signed_in` and `auth.admin_signed_in`). */
export type SignInMethod = "password" | "google" | "email" | "totp" | "recovery";

/**
 * ADR 019: a successful sign-in, with its method and the client's address: `auth.signed_in` for a player session,
 * `auth.admin_signed_in` for a staff one; the user is the actor and the target (the CMS filters by either).
 */
export function signInRecord(
  user: { id: number; username: string; role: string },
  method: SignInMethod,
  ip: string,
  staff = false,
): AuditRecord {
  return {
    actor: actorOf(user),
    action: staff ? "auth.admin_signed_in" : "auth.signed_in",
    target: { kind: "user", id: user.id },
    after: { method },
    ip,
  };
}

export type AuditQuery = {
  actorId?: number;
  action?: string;
  targetKind?: string;
  targetId?: string;
  from?: string;
  before?: number;
  limit: number;
};

/** D99: the CMS's reading, newest first, filtered; an action ending in "." matches every action of that family. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (q.actorId !== undefined) where.push(eq(auditLogTable.actorId, q.actorId));
  if (q.action)
    where.push(
      q.action.endsWith(".")
        ? like(auditLogTable.action, `${q.action.replace(/[\\%_]/g, "\\$&")}%`)
        : eq(auditLogTable.action, q.action),
    );
  if (q.targetKind) where.push(eq(auditLogTable.targetKind, q.targetKind));
  if (q.targetId) where.push(eq(auditLogTable.targetId, q.targetId));
  if (q.from) where.push(gte(auditLogTable.createdAt, new Date(q.from)));
  if (q.before !== undefined) where.push(lt(auditLogTable.id, q.before));
  const rows = await db
    .select()
    .from(auditLogTable)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLogTable.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const items: AuditEntry[] = page.map((r) => ({
    id: r.id,
    actor: { id: r.actorId, label: r.actorLabel, role: r.actorRole },
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, nextBefore: rows.length > q.limit ? page[page.length - 1].id : null };
}

/** D99: entries older than AUDIT_RETENTION_DAYS are removed (main.ts housekeeping). */
export async function purgeOldAudit(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(auditLogTable)
    .where(lt(auditLogTable.createdAt, new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000)));
}
