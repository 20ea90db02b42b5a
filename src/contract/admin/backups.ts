import { z } from "zod";

/** D160: the backups in the CMS. A backup's name is its key in the file store's `backups/` area. */

/** `arcadium-YYYYMMDD-HHMMSSZ.tar.gz`, the UTC time it was started; nothing else is ever served as a backup. */
export const BACKUP_NAME = /^arcadium-\d{8}-\d{6}Z\.tar\.gz$/;

export const backupViewSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type BackupView = z.infer<typeof backupViewSchema>;

export const backupsPageSchema = z.object({
  /** newest first */
  backups: z.array(backupViewSchema),
  /** how many the daily job keeps (BACKUP_KEEP) */
  keep: z.number().int(),
  /** the daily job's next run */
  nextRunAt: z.string(),
});
export type BackupsPage = z.infer<typeof backupsPageSchema>;

export const backupNameParamsSchema = z.object({
  name: z.string().regex(BACKUP_NAME, "Not a backup's name"),
});

export const backupEnqueuedSchema = z.object({ jobId: z.number().int() });
export type BackupEnqueued = z.infer<typeof backupEnqueuedSchema>;
