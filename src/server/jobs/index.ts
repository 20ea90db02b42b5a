import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { FileStore } from "../services/file-store";
import { OG_IMAGE_JOB } from "../services/og-images";
import { ACCOUNT_DELETION_SCHEDULE } from "./account-deletion";
import { BACKUP_DAILY_SCHEDULE } from "./backup-daily";
import { embedCheckJobHandlers } from "./embed-checks";
import { feedJobHandlers } from "./feeds";
import { HOUSEKEEPING_SCHEDULE, runHousekeeping } from "./housekeeping";
import { NUMBERS_ROLLUP_SCHEDULE, rollUpNumbers } from "./numbers-rollup";
import { makeOgImage } from "./og-image";
import { BUILD_PUBLISHING_SCHEDULE } from "./publish-builds";
import { ROOMS_PURGE_SCHEDULE, runRoomsPurge } from "./rooms-purge";
import { JobRunner, type JobHandler } from "./runner";
import { JOB_SCHEDULES } from "./schedules";
import { rollSeasonOver, SEASON_ROLLOVER_SCHEDULE } from "./season-rollover";

/** Every job the queue knows, by name (D116); a job enqueued under another name waits until a process knows it. */
export function jobHandlers(
  app: FastifyInstance,
  db: Db,
  files: FileStore,
  config: Pick<Config, "publicUrl" | "gamesUrl" | "fetchAllowPrivate">,
  now: () => Date,
): Record<string, JobHandler> {
  const catalogueChanged = () => {
    app.embedOrigins.expire();
    return app.reads.invalidate({ frequent: false });
  };
  return {
    ...feedJobHandlers({
      db,
      files,
      now,
      publicUrl: config.publicUrl,
      allowPrivate: config.fetchAllowPrivate,
      catalogueChanged,
    }),
    ...embedCheckJobHandlers({
      db,
      now,
      gamesUrl: config.gamesUrl,
      allowPrivate: config.fetchAllowPrivate,
      catalogueChanged,
    }),
    [ACCOUNT_DELETION_SCHEDULE.name]: async () => {
      await app.runAccountDeletions();
    },
    [HOUSEKEEPING_SCHEDULE.name]: () => runHousekeeping(db, now()),
    [BACKUP_DAILY_SCHEDULE.name]: async () => {
      await app.runBackup();
    },
    [SEASON_ROLLOVER_SCHEDULE.name]: () => rollSeasonOver(db, now()),
    [ROOMS_PURGE_SCHEDULE.name]: async () => {
      await runRoomsPurge(db, now());
    },
    [NUMBERS_ROLLUP_SCHEDULE.name]: async () => {
      await rollUpNumbers(db, now());
    },
    [BUILD_PUBLISHING_SCHEDULE.name]: async () => {
      await app.runBuildPublishing();
    },
    [OG_IMAGE_JOB]: ({ job }) => makeOgImage(files, job.payload),
  };
}

/** The process's job runner, started; main.ts stops it before closing the apps. */
export function startJobRunner(
  app: FastifyInstance,
  db: Db,
  files: FileStore,
  config: Pick<Config, "publicUrl" | "gamesUrl" | "fetchAllowPrivate">,
  now: () => Date = () => new Date(),
): JobRunner {
  const runner = new JobRunner({
    db,
    handlers: jobHandlers(app, db, files, config, now),
    schedules: JOB_SCHEDULES,
    now,
    log: app.log,
  });
  runner.start();
  return runner;
}
