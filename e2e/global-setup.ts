import type { FullConfig } from "@playwright/test";
// @ts-expect-error: plain ES module without types
import { buildAll } from "../scripts/build-lib.mjs";
import {
  makeDemoTemplate,
  makeEmptyTemplate,
  removeTemplate,
  startServer,
  useTemplates,
  type RunningServer,
} from "./server";

/**
 * Builds if needed, makes the DATA_DIR templates the specs' own servers start from (see e2e/server.ts)
 * and starts one shared server for the suite; specs that need their own start one with startServer().
 * The shared server seeds its copy of the empty template while the demo template is being made: two
 * first starts side by side rather than one after the other.
 */
export default async function globalSetup(_config: FullConfig) {
  await buildAll({ log: () => {} });
  const empty = await makeEmptyTemplate();
  const [demo, server] = await Promise.allSettled([makeDemoTemplate(empty), startServer({}, empty)]);
  if (demo.status === "rejected" || server.status === "rejected") {
    if (server.status === "fulfilled") await server.value.stop();
    await Promise.all(
      [empty, demo.status === "fulfilled" ? demo.value : undefined].filter((d) => d !== undefined).map(removeTemplate),
    );
    throw demo.status === "rejected" ? demo.reason : (server as PromiseRejectedResult).reason;
  }
  useTemplates({ empty, demo: demo.value });
  const shared: RunningServer = server.value;
  process.env.E2E_BASE_URL = shared.url;
  process.env.E2E_GAMES_URL = shared.gamesUrl;
  return async () => {
    await shared.stop();
    await Promise.all([empty, demo.value].map(removeTemplate));
  };
}
