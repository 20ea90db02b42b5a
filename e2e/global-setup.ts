import type { FullConfig } from "@playwright/test";
import { startServer } from "./server";
// @ts-expect-error: plain ES module without types
import { buildAll } from "../scripts/build-lib.mjs";

/** Builds if needed and starts one shared server for the suite; specs that need their own start one with startServer(). */
export default async function globalSetup(_config: FullConfig) {
  await buildAll({ log: () => {} });
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_GAMES_URL = server.gamesUrl;
  return async () => {
    await server.stop();
  };
}
