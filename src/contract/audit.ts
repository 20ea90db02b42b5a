import { z } from "zod";
import { AUDIT_PAGE, type AuditEntry, type AuditPage } from "./audit-constants";

/** D99: the audit log's CMS reading. Types and constants: ./audit-constants.ts. */
export * from "./audit-constants";

/** GET /api/admin/audit: filters (all optional, combined with "and"). */
export const auditQuerySchema = z.object({
  /** actor's user id */
  actorId: z.coerce.number().int().positive().max(2147483647).optional(),
  /** an action, or a prefix of one ending in "." (e.g. `user.` for every user action) */
  action: z.string().trim().max(60, "Action must be at most 60 characters").optional(),
  targetKind: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(60).optional(),
  /** entries from this time on (ISO date or date-time) */
  from: z.iso.datetime({ offset: true, error: "from must be an ISO date-time" }).or(z.iso.date()).optional(),
  /** entries before this id (the previous page's `nextBefore`) */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIT_PAGE.max, `At most ${AUDIT_PAGE.max} entries at once`)
    .default(AUDIT_PAGE.default),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int().nullable(), label: z.string(), role: z.string().nullable() }),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<AuditEntry>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
}) satisfies z.ZodType<AuditPage>;
