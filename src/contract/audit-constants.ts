/** The values and types of ./audit.ts without zod, for pages that must not load it (README.md). */

/** One entry of the audit log (D99): who did what to what, the state before and after, when, from where. */
export type AuditEntry = {
  id: number;
  /** null for an attempt by nobody signed in (a failed sign-in) */
  actor: { id: number | null; label: string; role: string | null };
  /** e.g. `report.action`, `user.mute`, `game.update`, `auth.login_failed`, `admin.refused` */
  action: string;
  targetKind: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: string;
};

/** GET /api/admin/audit: newest first; `nextBefore` asks for the page after this one (null at the end). */
export type AuditPage = { items: AuditEntry[]; nextBefore: number | null };

/** A page of the audit log: 50 entries by default, 200 at most. */
export const AUDIT_PAGE = { default: 50, max: 200 } as const;
/** D99: entries are kept this long (then purged by the housekeeping of main.ts). */
export const AUDIT_RETENTION_DAYS = 365;
