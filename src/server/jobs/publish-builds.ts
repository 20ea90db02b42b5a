import fp from "fastify-plugin";
import type { AppContext } from "../context";
import { publishDueBuilds } from "../services/build-publishing";

declare module "fastify" {
  interface FastifyInstance {
    /** D133: makes live every approved build whose time has come, now; resolves to how many. The queue runs it each minute. */
    runBuildPublishing(): Promise<number>;
  }
}

/** D133, D116: every minute, so that a build approved for a time goes live within a minute of it. */
export const BUILD_PUBLISHING_SCHEDULE = { name: "builds.publish", cron: "* * * * *" } as const;

/**
 * D133: the scheduled publishing. One run at a time per process; each build is moved under a lock on its row
 * (build-publishing.ts), so two processes never publish the same build twice. A build that went live changes the
 * catalogue (a hidden draft game is shown), so the cached public reads are cleared after it.
 */
export const buildPublishingJob = fp<AppContext>(async (app, { db, playerHub, config, files, settings, reads }) => {
  let running: Promise<number> | undefined;
  const run = () =>
    (running ??= (async () => {
      try {
        const done = await publishDueBuilds(
          { db, playerHub, site: { dataDir: config.dataDir, files } },
          settings.now(),
          app.log,
        );
        if (done > 0) {
          await reads.invalidate();
          app.log.info({ builds: done }, "approved builds published");
        }
        return done;
      } finally {
        running = undefined;
      }
    })());
  app.decorate("runBuildPublishing", run);
  app.addHook("onClose", async () => {
    await running?.catch(() => undefined);
  });
});
