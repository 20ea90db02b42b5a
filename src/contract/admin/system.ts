import { z } from "zod";
import { JOB_STATES } from "../jobs-constants";
import { PROCESS_ROLES } from "./system-constants";

/** D164: the CMS's system page (GET /api/admin/system). Types without zod: ./system-constants.ts. */
export * from "./system-constants";

const bytes = z.number().int().nonnegative();
const time = z.string();

export const systemStatusSchema = z.object({
  /** when the server read all this */
  checkedAt: time,
  /** package.json's version and the git commit (BUILD_COMMIT or the .git folder's), if known */
  version: z.object({ version: z.string(), commit: z.string().nullable() }),
  migrations: z.object({
    applied: z.number().int(),
    /** migration files this version has */
    files: z.number().int(),
    /** the newest applied: its file's name (null when this version has no such file) and when (null: before times were kept) */
    newest: z.object({ name: z.string().nullable(), appliedAt: time.nullable() }).nullable(),
    /** files not applied to the database, by name */
    pending: z.array(z.string()),
    /** applied migrations this version has no file for: a newer version migrated the database */
    unknown: z.number().int(),
  }),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** pg_database_size */
    bytes: bytes.nullable(),
    /** the embedded database's folder on disk, with its log; null on PostgreSQL */
    folderBytes: bytes.nullable(),
  }),
  storage: z.object({
    /** "disk" or "s3" */
    kind: z.string(),
    bytes: bytes.nullable(),
    objects: z.number().int().nullable(),
    /** when the count was made (it is kept a few minutes); null before the first count ends */
    countedAt: time.nullable(),
    counting: z.boolean(),
    error: z.string().nullable(),
  }),
  jobs: z.object({
    counts: z.object(
      Object.fromEntries(JOB_STATES.map((state) => [state, z.number().int()])) as Record<
        (typeof JOB_STATES)[number],
        z.ZodNumber
      >,
    ),
    failedLastDay: z.number().int(),
    /** the due time of the longest-waiting job that is due; null when none waits */
    oldestWaitingSince: time.nullable(),
  }),
  lastBackup: z.object({ key: z.string(), bytes, at: time }).nullable(),
  /** processes whose heartbeat is at most a minute old, the earliest started first */
  processes: z.array(
    z.object({
      id: z.string(),
      host: z.string(),
      pid: z.number().int(),
      version: z.string(),
      roles: z.array(z.enum(PROCESS_ROLES)),
      startedAt: time,
      seenAt: time,
    }),
  ),
  /** the process that answered */
  thisProcess: z.object({
    host: z.string(),
    pid: z.number().int(),
    startedAt: time,
    uptimeSeconds: z.number(),
    rssBytes: bytes,
    heapUsedBytes: bytes,
    heapTotalBytes: bytes,
    nodeVersion: z.string(),
  }),
});
export type SystemStatusView = z.infer<typeof systemStatusSchema>;
