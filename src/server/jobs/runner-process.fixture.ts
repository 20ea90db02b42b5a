import { eq } from "drizzle-orm";
import { createDb, type DbOptions } from "../db/client";
import { jobsTable } from "../db/schema";
import { enqueueJob } from "../services/job-queue";
import { JobRunner } from "./runner";

/**
 * One job runner in a process of its own, for runner-process.test.ts. ARCADIUM_TEST_DB is `pglite:FOLDER` or
 * `postgres:URL`. "hang" enqueues the job "kill-me" and runs it forever (the test kills this process with
 * SIGKILL); "finish" runs whatever it finds, prints the job's last state and exits.
 */
const [mode] = process.argv.slice(2);
const target = process.env.ARCADIUM_TEST_DB ?? "";
const options: DbOptions = target.startsWith("pglite:")
  ? { kind: "pglite", dataDir: target.slice("pglite:".length) }
  : { kind: "postgres", url: target.slice("postgres:".length) };
const database = await createDb(options);
const quiet = { info: () => undefined, warn: (details: object, message: string) => console.error(message, details) };

if (mode === "hang") {
  await enqueueJob(database.db, { name: "kill-me", uniqueKey: "kill-me" });
  const runner = new JobRunner({
    db: database.db,
    handlers: { "kill-me": ({ job }) => new Promise(() => console.log(`running ${job.id} try ${job.attempts}`)) },
    schedules: [],
    now: () => new Date(),
    log: quiet,
    pollMs: 50,
  });
  runner.start();
} else {
  let finished: number | undefined;
  const runner = new JobRunner({
    db: database.db,
    handlers: { "kill-me": async ({ job }) => void (finished = job.id) },
    schedules: [],
    now: () => new Date(),
    log: quiet,
    pollMs: 50,
  });
  runner.start();
  while (finished === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  await runner.stop();
  const [job] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, finished));
  console.log(`finished ${job!.id} ${job!.state} try ${job!.attempts}`);
  await database.close();
}
