import { ACCOUNT_DELETION_SCHEDULE } from "./account-deletion";
import { BACKUP_DAILY_SCHEDULE } from "./backup-daily";
import { EMBED_CHECK_SCHEDULE } from "./embed-checks";
import { FEEDS_SCHEDULE } from "./feeds";
import { HOUSEKEEPING_SCHEDULE } from "./housekeeping";
import { NUMBERS_ROLLUP_SCHEDULE } from "./numbers-rollup";
import { BUILD_PUBLISHING_SCHEDULE } from "./publish-builds";
import { ROOMS_PURGE_SCHEDULE } from "./rooms-purge";
import { SEASON_ROLLOVER_SCHEDULE } from "./season-rollover";

/** The jobs that run on a schedule (D116); staff may also run each of them now from /cms/jobs. */
export const JOB_SCHEDULES = [
  ACCOUNT_DELETION_SCHEDULE,
  HOUSEKEEPING_SCHEDULE,
  BACKUP_DAILY_SCHEDULE,
  SEASON_ROLLOVER_SCHEDULE,
  FEEDS_SCHEDULE,
  EMBED_CHECK_SCHEDULE,
  ROOMS_PURGE_SCHEDULE,
  NUMBERS_ROLLUP_SCHEDULE,
  BUILD_PUBLISHING_SCHEDULE,
];
