import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@contract": fileURLToPath(new URL("./src/contract", import.meta.url)),
  "@": fileURLToPath(new URL("./src/client", import.meta.url)),
  "@test": fileURLToPath(new URL("./src/test", import.meta.url)),
};

/**
 * Client test files that get modules of their own: one replaces a module with vi.mock (which cannot reach a module a
 * previous file already loaded), the others drive the page's one live connection (lib/live-socket.ts), whose socket
 * and subscribers are module state.
 */
const CLIENT_FILES_ON_THEIR_OWN = [
  "src/client/app/routes/messages.test.tsx",
  "src/client/app/layouts/header.test.tsx",
  "src/client/app/routes/home.test.tsx",
  "src/client/features/chat/components/chat-panel.test.tsx",
  "src/client/features/chat/components/deferred-chat-panel.test.tsx",
  "src/client/features/games/components/game-player-rooms.test.tsx",
  // D150: the consent loader and the consent tool keep page-wide state (started once, scripts injected)
  "src/client/lib/consent-scripts.test.ts",
  "src/client/lib/consent-tool.test.ts",
];

/**
 * A larger young generation for the server workers: the tests allocate fast (database dumps, responses) and with
 * Node's default semi-space they spend much of their time collecting garbage (bench/RESULTS.md).
 */
/**
 * A screen test renders, clicks and waits for a few answers in about a second on a quiet machine; Vitest's default of
 * 5 s failed a dozen of them at a load average of 10 (helpers' suites beside CI's). The limit guards against a test
 * that hangs, not against a slow one.
 */
const CLIENT_TEST_TIMEOUT_MS = 20_000;

const WORKER_NODE_FLAGS = ["--max-semi-space-size=64"];

export default defineConfig({
  resolve: { alias },
  test: {
    // CI: list every test, so that the log shows each API suite passing on [pglite] and [postgres] (D6).
    reporters: process.env.CI ? ["verbose"] : ["default"],
    // Vitest's default is one worker fewer than the CPUs: on a 2-core machine a single worker, and the
    // suite waits on the database as often as it computes. Two workers there take two thirds of the time
    // (issue 11 item 9: 303 s → 209 s); on larger machines the default stands.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: [
            "src/server/**/*.test.ts",
            "src/test/**/*.test.ts",
            "src/contract/**/*.test.ts",
            "scripts/**/*.test.ts",
            "sdk/**/*.test.ts",
            "games/**/*.test.ts",
          ],
          setupFiles: ["./src/test/setup-node.ts"],
          globalSetup: ["./src/test/global-setup-node.ts"],
          execArgv: WORKER_NODE_FLAGS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker runs its files one after the other in one module graph instead of loading the server anew for
          // each: every file builds its own app on its own database, so nothing it keeps reaches the next. The
          // server project takes 0.56 of the time this way (bench/RESULTS.md, "The test suite's time"). The client
          // files stay isolated: they share module-level registries (lazy parts, toasts) that one file's test fills.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          exclude: CLIENT_FILES_ON_THEIR_OWN,
          setupFiles: ["./src/test/setup-client.ts"],
          testTimeout: CLIENT_TEST_TIMEOUT_MS,
          // As on the server: a worker's files share one module graph, and the test renders of the screens run on
          // code the JIT has already warmed (the client project in 0.4 of the time, bench/RESULTS.md).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "client-isolated",
          environment: "jsdom",
          include: CLIENT_FILES_ON_THEIR_OWN,
          setupFiles: ["./src/test/setup-client.ts"],
          testTimeout: CLIENT_TEST_TIMEOUT_MS,
        },
      },
    ],
  },
});
