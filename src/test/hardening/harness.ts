import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { buildApp } from "../../server/app";
import { buildTestApp, TEST_PASSWORD_HASH_COST, testDatabaseKinds, type TestApp } from "../test-app";

/**
 * Test-only harness of the hardening suites: a fresh database per suite (as
 * describeEachDatabase), plus a site app built with the optional BuildAppOptions that the usual
 * test app does not use: every route recorded as it is added (route discovery from the app
 * itself), and the JSON log lines captured in memory.
 */
export type HardenedApp = TestApp & {
  /** the site app under test (built with the hooks below); use it rather than `app` */
  site: FastifyInstance;
  /** every route of `site` as Fastify added it */
  routes: RouteOptions[];
  /** the log lines of `site`, parsed (empty when LOG_LEVEL is silent) */
  logs: Array<Record<string, unknown>>;
  /** raw log text, for substring checks */
  rawLogs(): string;
};

export type HardenedOptions = Parameters<typeof buildTestApp>[1] & {
  /** LOG_LEVEL of the site app under test (its lines are captured, never printed); default silent */
  logLevel?: string;
  /** routes added to the site app before it is ready (e.g. one that throws, or one that writes to the database) */
  extend?: (app: FastifyInstance, database: TestApp["database"]) => void;
};

export async function buildHardenedApp(
  kind: "pglite" | "postgres",
  options: HardenedOptions = {},
): Promise<HardenedApp> {
  const base = await buildTestApp(kind, options);
  const routes: RouteOptions[] = [];
  const lines: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const logStream = {
    write(line: string) {
      lines.push(line);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ unparsable: line });
      }
    },
  };
  let site: FastifyInstance;
  try {
    const config = { ...base.config, logLevel: options.logLevel ?? base.config.logLevel };
    site = await buildApp({
      config,
      database: base.database,
      logStream,
      onRoute: (r) => routes.push(r),
      settings: { passwordHashCost: TEST_PASSWORD_HASH_COST, recoveryCodeHashCost: TEST_PASSWORD_HASH_COST },
      verifySerialisation: true,
    });
    options.extend?.(site, base.database);
    await site.ready();
  } catch (err) {
    await base.close();
    throw err;
  }
  return {
    ...base,
    site,
    routes,
    logs,
    rawLogs: () => lines.join(""),
    close: async () => {
      await site.close();
      await base.close();
    },
  };
}

/** Like describeEachDatabase, with the hardened app. */
export function describeHardened(name: string, fn: (t: () => HardenedApp) => void, options?: HardenedOptions) {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let h: HardenedApp | undefined;
      beforeAll(async () => {
        h = await buildHardenedApp(kind, options);
      });
      afterAll(async () => {
        await h?.close();
      });
      fn(() => {
        if (!h) throw new Error("hardened app not ready");
        return h;
      });
    });
  }
}
