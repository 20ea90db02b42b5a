import fp from "fastify-plugin";
import type { AppContext } from "../context";
import { anonymiseDueAccounts } from "../services/account-deletion";

declare module "fastify" {
  interface FastifyInstance {
    /** D87: anonymises the accounts whose grace has ended, now; resolves to how many. The job queue runs it hourly. */
    runAccountDeletions(): Promise<number>;
  }
}

/** D87, D116: every hour, on the hour. */
export const ACCOUNT_DELETION_SCHEDULE = { name: "account-deletion", cron: "0 * * * *" } as const;

/**
 * D87: the deletion run. Each account is claimed with `for update skip locked`, so two runs never anonymise the same
 * one twice. After it, the boards and the cached public reads are cleared (the player's scores and name are gone).
 */
export const accountDeletionJob = fp<AppContext>(async (app, { db, files, settings, leaderboardCache, reads }) => {
  let running: Promise<number> | undefined;
  const run = () =>
    (running ??= (async () => {
      try {
        const done = await anonymiseDueAccounts(db, { now: settings.now(), files });
        if (done > 0) {
          leaderboardCache.clear();
          await reads.invalidate();
          app.log.info({ accounts: done }, "deleted accounts anonymised");
        }
        return done;
      } finally {
        running = undefined;
      }
    })());
  app.decorate("runAccountDeletions", run);
  app.addHook("onClose", async () => {
    await running?.catch(() => undefined);
  });
});
