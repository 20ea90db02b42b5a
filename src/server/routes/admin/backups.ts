import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  backupEnqueuedSchema,
  backupNameParamsSchema,
  backupsPageSchema,
  type BackupView,
} from "../../../contract/admin/backups";
import type { AppContext } from "../../context";
import { NotFound } from "../../errors";
import { BACKUP_DAILY_SCHEDULE, BACKUPS_PREFIX, listBackups } from "../../jobs/backup-daily";
import { actorOf, audit } from "../../services/audit";
import { enqueueJob, nextSlot } from "../../services/job-queue";
import { adminErrorResponses } from "./validation";

/**
 * D160: the backups in the CMS, admins only (not in MODERATOR_ROUTES): an archive holds every account's email and
 * password hash. Listing reads the file store; a new backup is a job, so that it runs where the queue runs and
 * survives a restart; a download streams the archive and is audit-logged like a write.
 */
export const adminBackupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, files, config, settings }) => {
  app.get(
    "/api/admin/backups",
    { schema: { response: { 200: backupsPageSchema, ...adminErrorResponses } } },
    async () => {
      const backups: BackupView[] = (await listBackups(files)).map((object) => ({
        name: object.key.slice(BACKUPS_PREFIX.length),
        size: object.size,
        createdAt: object.modified.toISOString(),
      }));
      return {
        backups,
        keep: config.backupKeep,
        nextRunAt: nextSlot(BACKUP_DAILY_SCHEDULE.cron, settings.now()).toISOString(),
      };
    },
  );

  app.post(
    "/api/admin/backups",
    { schema: { response: { 201: backupEnqueuedSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const job = (await enqueueJob(db, { name: BACKUP_DAILY_SCHEDULE.name, runAt: settings.now() }))!;
      request.auditRecord = { action: "backup.create", target: { kind: "job", id: job.id } };
      return reply.code(201).send({ jobId: job.id });
    },
  );

  app.get("/api/admin/backups/:name", { schema: { params: backupNameParamsSchema } }, async (request, reply) => {
    const { name } = request.params;
    const found = await files.get(`${BACKUPS_PREFIX}${name}`);
    if (!found) throw new NotFound("Backup not found");
    await audit(
      db,
      {
        actor: actorOf(request.user!),
        ip: request.ip,
        action: "backup.download",
        target: { kind: "backup", id: name },
      },
      (err) => request.log.warn({ err }, "could not write the audit log"),
    );
    return reply
      .type("application/gzip")
      .header("Content-Length", String(found.size))
      .header("Content-Disposition", `attachment; filename="${name}"`)
      .send(found.body);
  });
};
