import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { systemStatusSchema, type SystemStatusView } from "../../../contract/admin/system";
import type { AppContext } from "../../context";
import { readAppVersion } from "../../services/app-version";
import { readSystemStatus, StorageTally, type SystemStatus } from "../../services/system-status";
import { adminErrorResponses } from "./validation";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function view(status: SystemStatus): SystemStatusView {
  const { migrations, storage, jobs, lastBackup, thisProcess } = status;
  return {
    checkedAt: status.checkedAt.toISOString(),
    version: status.version,
    migrations: {
      ...migrations,
      newest: migrations.newest && { name: migrations.newest.name, appliedAt: iso(migrations.newest.appliedAt) },
    },
    database: status.database,
    storage: { ...storage, countedAt: iso(storage.countedAt) },
    jobs: { ...jobs, oldestWaitingSince: iso(jobs.oldestWaitingSince) },
    lastBackup: lastBackup && { key: lastBackup.key, bytes: lastBackup.size, at: lastBackup.modified.toISOString() },
    processes: status.processes.map((p) => ({
      ...p,
      startedAt: p.startedAt.toISOString(),
      seenAt: p.seenAt.toISOString(),
    })),
    thisProcess: { ...thisProcess, startedAt: thisProcess.startedAt.toISOString() },
  };
}

/** D164: the install at a glance for admins (not in MODERATOR_ROUTES): version, migrations, sizes, jobs, backups, processes. */
export const adminSystemRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, files, settings },
) => {
  // read once, at start: the version of the code this process runs, even after the files change under it
  const version = await readAppVersion(config.rootDir, config.buildCommit);
  const tally = new StorageTally(files, { now: settings.now });
  // where prepareDatabase (boot.ts) opens the embedded database
  const embeddedFolder = config.databaseUrl ? undefined : path.join(config.dataDir, "db");

  app.get(
    "/api/admin/system",
    { schema: { response: { 200: systemStatusSchema, ...adminErrorResponses } } },
    async () =>
      view(
        await readSystemStatus({
          database,
          files,
          tally,
          version,
          rootDir: config.rootDir,
          embeddedFolder,
          now: settings.now(),
        }),
      ),
  );
};
