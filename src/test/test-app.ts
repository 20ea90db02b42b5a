import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { buildApp } from "../server/app";
import { loadConfig, type Config } from "../server/config";
import type { AppSettings } from "../server/context";
import { createDb, migrate, type Database } from "../server/db/client";
import { buildGamesApp } from "../server/games-origin";
import type { PageRendererModule } from "../server/routes/pages";
import { readAdsTxt } from "../server/services/ads-txt";
import { insertUser, TEST_PASSWORD_HASH_COST, type UserRow } from "./factories";
import { repoRoot } from "./paths";
import { openPgliteCopy, type Seeding } from "./pglite-templates";
import { openPostgresCopy } from "./postgres-templates";

export { repoRoot, TEST_PASSWORD_HASH_COST };

export type DbKind = "pglite" | "postgres";

/** D6: PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export type TestApp = {
  app: FastifyInstance;
  gamesApp: FastifyInstance;
  database: Database;
  config: Config;
  kind: DbKind;
  close(): Promise<void>;
};

/** A fresh database (in-memory PGlite or a new PostgreSQL database) with migrations applied, seeded, and both apps. */
export async function buildTestApp(
  kind: DbKind = "pglite",
  options: {
    demo?: boolean;
    seed?: boolean;
    env?: Record<string, string>;
    settings?: Partial<AppSettings>;
    /** a built client of these files (e.g. {"index.html": …}) instead of the repository's dist/client */
    clientFiles?: Record<string, string>;
    /** D70: the server renderer of the public pages (e.g. src/client/entry-server.tsx); none by default */
    renderer?: PageRendererModule;
    /** buildApp's onRoute: tests discover the route table from the app itself */
    onRoute?: Parameters<typeof buildApp>[0]["onRoute"];
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-test-"));
  const seeding: Seeding = options.seed === false ? "none" : (options.demo ?? true) ? "demo" : "plain";
  let pgDb: { url: string; drop(): Promise<void> } | undefined;
  let database: Database;
  if (kind === "postgres") {
    ({ database, ...pgDb } = await openPostgresCopy(process.env.TEST_DATABASE_URL!, seeding, dataDir));
  } else {
    database = await openPgliteCopy(seeding, dataDir);
  }
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:5000",
      GAMES_URL: "http://127.0.0.1:5001",
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...options.env,
    },
    repoRoot,
  );
  if (options.clientFiles) {
    config.clientDir = path.join(dataDir, "client");
    for (const [name, body] of Object.entries(options.clientFiles)) {
      await fs.mkdir(path.dirname(path.join(config.clientDir, name)), { recursive: true });
      await fs.writeFile(path.join(config.clientDir, name), body);
    }
  }
  const app = await buildApp({
    config,
    database,
    settings: {
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      recoveryCodeHashCost: TEST_PASSWORD_HASH_COST,
      ...options.settings,
    },
    verifySerialisation: true,
    renderer: options.renderer,
    onRoute: options.onRoute,
  });
  const gamesApp = await buildGamesApp({ config, adsTxt: () => readAdsTxt(database.db) });
  await app.ready();
  await gamesApp.ready();
  return {
    app,
    gamesApp,
    database,
    config,
    kind,
    close: async () => {
      await app.close();
      await gamesApp.close();
      await database.close();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per database kind, each with its own fresh database (habit 9, D6).
 * The suite gets a getter because the app exists only after beforeAll.
 */
export function describeEachDatabase(
  name: string,
  fn: (t: () => TestApp) => void,
  options?: Parameters<typeof buildTestApp>[1],
) {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let testApp: TestApp | undefined;
      beforeAll(async () => {
        testApp = await buildTestApp(kind, options);
      });
      afterAll(async () => {
        await testApp?.close();
      });
      fn(() => {
        if (!testApp) throw new Error("test app not ready");
        return testApp;
      });
    });
  }
}

/**
 * The authenticator secret of every staff member a factory enrols (base32, RFC 6238): tests compute its codes
 * with `otpauth` (D106: an admin has two-step sign-in; tests do not switch that off).
 */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** An enrolled two-step sign-in for `userId` with TEST_TOTP_SECRET, sealed with the app's key like a real one. */
export async function enrolTestTwoStep(db: Database["db"], key: Config["twoStepKey"], userId: number): Promise<void> {
  const { staffTwoStepTable } = await import("../server/db/schema");
  const { secretBox } = await import("../server/services/secret-box");
  const now = new Date();
  await db
    .insert(staffTwoStepTable)
    .values({ userId, secret: await secretBox(key).seal(TEST_TOTP_SECRET), createdAt: now, enabledAt: now });
  // like confirmTwoStep: this process's cached sessions of the user learn it now, not when the trigger's notice arrives
  const { sessionsChanged } = await import("../server/services/session-cache");
  sessionsChanged(db, { userIds: [userId] });
}

/**
 * Creates a user and a session of the given kind; returns the user and the `sid` cookie value for app.inject.
 * An admin has two-step sign-in (TEST_TOTP_SECRET) unless `twoStep: false` (tests of the enrolment itself).
 */
export async function createUserWithSession(
  t: TestApp,
  opts: {
    role?: "player" | "creator" | "moderator" | "admin";
    username?: string;
    email?: string;
    kind?: "player" | "admin";
    twoStep?: boolean;
  } = {},
): Promise<{ user: UserRow; sid: string; cookies: { sid: string } }> {
  const { createSession } = await import("../server/services/sessions");
  const user = await insertUser(t, { username: opts.username, email: opts.email, role: opts.role });
  if (opts.twoStep ?? opts.role === "admin") await enrolTestTwoStep(t.database.db, t.config.twoStepKey, user.id);
  // D96: staff (admins and moderators) sign in with a one-time code, which gives an admin session
  const kind = opts.kind ?? (opts.role === "admin" || opts.role === "moderator" ? "admin" : "player");
  const { token } = await createSession(t.database.db, user.id, kind);
  return { user, sid: token, cookies: { sid: token } };
}

/**
 * Signs an administrator in before a suite's tests (a fresh user with a session of the admin kind, D43).
 * `req` sends a JSON request as that administrator; `admin()` is their user and cookies.
 */
export function asAdmin(t: () => TestApp, opts: { username?: string } = {}) {
  let admin: Awaited<ReturnType<typeof createUserWithSession>> | undefined;
  beforeAll(async () => {
    admin = await createUserWithSession(t(), { role: "admin", ...opts });
  });
  const current = () => {
    if (!admin) throw new Error("the administrator is signed in by beforeAll");
    return admin;
  };
  const req = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t().app.inject({ method, url, cookies: current().cookies, ...(payload ? { payload } : {}) });
  return { admin: current, req };
}

/**
 * The site app serving a built client made of `files` (paths under the client folder, e.g.
 * "index.html", "assets/app-abc123.js"), on an empty migrated PGlite database. `prepare` runs on the
 * client folder before the app starts (e.g. the build's precompression). For tests of the SPA fallback
 * and of static assets, which need no seed.
 */
export async function buildAppWithClient(
  files: Record<string, string>,
  prepare?: (clientDir: string) => void | Promise<void>,
): Promise<{ app: FastifyInstance; config: Config; dir: string; clientDir: string; close(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-client-"));
  const clientDir = path.join(dir, "client");
  for (const [name, body] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(clientDir, name)), { recursive: true });
    await fs.writeFile(path.join(clientDir, name), body);
  }
  await prepare?.(clientDir);
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" }, repoRoot),
    clientDir,
  };
  const database = await createDb({ kind: "pglite" });
  await migrate(database, repoRoot);
  const app = await buildApp({ config, database, verifySerialisation: true });
  await app.ready();
  return {
    app,
    config,
    dir,
    clientDir,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
