import fp from "fastify-plugin";
import type { AppContext } from "../context";
import { anonymiseDueAccounts } from "../services/account-deletion";

declare module "fastify" {
  interface FastifyInstance {
    /** D87: runs the account deletion job now (it also runs at start-up and every hour); resolves to how many accounts it anonymised. */
    runAccountDeletions(): Promise<number>;
  }
}

export const ACCOUNT_DELETION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * D87: the deletion job, at start-up and every hour (an unref'd timer), on every process: each account is
 * claimed with `for update skip locked`, so two processes never anonymise the same one twice. After it, the
 * boards and the cached public reads are cleared (the player's scores and name are gone).
 */
export const accountDeletionJob = fp<AppContext>(async (app, { db, config, settings, leaderboardCache, reads }) => {
  let running: Promise<number> | undefined;
  const run = () =>
    (running ??= (async () => {
      try {
        const done = await anonymiseDueAccounts(db, { now: settings.now(), dataDir: config.dataDir });
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
  let timer: NodeJS.Timeout | undefined;
  const runLogged = () => void run().catch((err: unknown) => app.log.warn({ err }, "account deletion job failed"));
  app.addHook("onReady", async () => {
    runLogged();
    timer = setInterval(runLogged, ACCOUNT_DELETION_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
