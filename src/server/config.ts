import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { gamesOrigin, isGamesOrigin, parseGamesUrlTemplate } from "./games-hosts";
import { PRODUCTION_SCRYPT } from "./services/passwords";
import { defaultKeyFile, parseKey, type SecretKeySource } from "./services/secret-box";
import { parseStorageUrl, StorageUrlError, type S3Location } from "./services/storage-url";

const url = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""));
const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** One zod schema for the whole environment (ARCHITECTURE habit 3). Defaults per D2–D42. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** issue 17: unset, development listens on 127.0.0.1 only (it hands out sign-in codes), production on every interface */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  GAMES_PORT: z.coerce.number().int().min(0).max(65535).default(5001),
  PUBLIC_URL: url.optional(),
  GAMES_URL: url.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SEED_DEMO: boolish.default(true),
  ADMIN_EMAILS: z.string().default("admin@example.com"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Arcadium <no-reply@localhost>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: url.default("https://accounts.google.com"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().default("false"),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  PLAYS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** D12: log2 of scrypt's N for new password hashes; lower only for test servers, which register many accounts */
  PASSWORD_HASH_COST: z.coerce.number().int().min(12).max(20).default(PRODUCTION_SCRYPT.logN),
  /** ADR 020: the two-step key itself (base64 of 32 bytes), or a file holding it, kept apart from DATA_DIR */
  TWO_STEP_KEY: z.string().optional(),
  TWO_STEP_KEY_FILE: z.string().min(1).optional(),
  /** D161: turns /metrics on, read with this bearer token */
  /** D162: object storage for stored files (services/storage-url.ts); unset, they live under DATA_DIR */
  STORAGE_URL: z.string().optional(),
  AWS_REGION: z.string().optional(),
  /** D160: how many daily backups the file store keeps */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters (e.g. the output of: openssl rand -hex 24)")
    .optional(),
  /** D110: feeds, covers and embed checks may reach private addresses (tests, an operator's own network) */
  FETCH_ALLOW_PRIVATE: boolish.default(false),
  /** D164: the git commit a build was made from, for installs without a .git folder (a release archive, an image) */
  BUILD_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i, "must be a git commit hash (7 to 40 hexadecimal characters)")
    .optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  gamesPort: number;
  publicUrl: string;
  /**
   * GAMES_URL: the games' origin (D2), or with `{id}` the template of one origin per game (D79). Read it through
   * src/server/games-hosts.ts (gamesOrigin, gamesOriginSource, gameIdOfHost), never as an origin by itself.
   */
  gamesUrl: string;
  dataDir: string;
  /** D162: the bucket STORAGE_URL names; undefined keeps stored files under DATA_DIR (services/file-store.ts) */
  storage: S3Location | undefined;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  logLevel: string;
  /**
   * Issue 17: whose X-Forwarded-For entries are believed (Fastify's `trustProxy`): false (nobody's), or the proxies'
   * addresses/CIDRs (and proxy-addr's names `loopback`, `linklocal`, `uniquelocal`): the client address is the right-most
   * entry not added by one of them. Never `true`, which believes the left-most entry, the one the client writes.
   */
  trustProxy: TrustProxy;
  /** accounts one address may create per hour */
  registrationsPerHour: number;
  /** plays one player (or, signed out, one address) may start per minute (issue 8) */
  playsPerMinute: number;
  /** D12: scrypt cost (log2 N) of new password hashes, PASSWORD_HASH_COST */
  passwordHashCost: number;
  /**
   * ADR 020: the key that seals staff authenticators' secrets (services/secret-box.ts): TWO_STEP_KEY, else the file
   * TWO_STEP_KEY_FILE, else DATA_DIR/secrets/two-step.key.
   */
  twoStepKey: SecretKeySource;
  /** D161: /metrics is served, to requests bearing this token, only when it is set */
  metricsToken: string | undefined;
  /** D164: BUILD_COMMIT, shown with the version on the CMS's system page; unset, the .git folder's commit if there is one */
  buildCommit: string | undefined;
  /** D160: BACKUP_KEEP, how many daily backups stay in the file store (14) */
  backupKeep: number;
  /** D110: FETCH_ALLOW_PRIVATE, handed to services/outside-fetch.ts as `allowPrivate` (ADR 024) */
  fetchAllowPrivate: boolean;
  /** where the built client lives (dist/client) */
  clientDir: string;
  /** where the built-in games and SDK sources live (repo) */
  rootDir: string;
};

export class ConfigError extends Error {}

export type TrustProxy = false | string[];

const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 17): "false"/"0", or a comma-separated list of the proxies' addresses. A bare true is refused, and so
 * is a hop count: Fastify 5.12 turned hop counts off (a number now trusts nothing) because a count cannot tell the proxy
 * from a client that reaches the port directly and sends its own X-Forwarded-For; an address list can.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "no" || v === "0") return false;
  const example = "e.g. TRUST_PROXY=loopback for an nginx on the same machine, or TRUST_PROXY=10.0.0.5,10.0.1.0/24";
  if (v === "true" || v === "yes") {
    throw new ConfigError(
      "Invalid environment variable TRUST_PROXY: true would believe the client's own X-Forwarded-For entry (every per-address " +
        `limit could be chosen by the client). Set the addresses of the proxies in front of the server instead (${example}).`,
    );
  }
  if (/^\d+$/.test(v)) {
    throw new ConfigError(
      "Invalid environment variable TRUST_PROXY: a number of proxies cannot tell a proxy from a client that reaches the server " +
        `directly (Fastify ignores it). Set the addresses of the proxies in front of the server instead (${example}).`,
    );
  }
  const entries = v.split(",").map((e) => e.trim());
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined) {
    throw new ConfigError(
      `Invalid environment variable TRUST_PROXY: ${JSON.stringify(bad)} is not a proxy address, a CIDR range or loopback/linklocal/uniquelocal (${example})`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) || (!e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid environment: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  let gamesUrl = e.GAMES_URL ?? `http://127.0.0.1:${e.GAMES_PORT}`;
  if (/[{}]/.test(gamesUrl)) {
    // D79: one origin per game; none of them may be the site's (checked for every id at once, and for a sample).
    const template = parseGamesUrlTemplate(gamesUrl);
    if (!template.ok) throw new ConfigError(`Invalid environment: ${template.message}`);
    gamesUrl = template.gamesUrl;
    const site = new URL(publicUrl).origin;
    if (isGamesOrigin(gamesUrl, site) || new URL(gamesOrigin(gamesUrl, 1)).origin === site) {
      throw new ConfigError(
        "Invalid environment: PUBLIC_URL must not be one of the games' origins of GAMES_URL (D2, D79)",
      );
    }
  } else if (new URL(publicUrl).origin === new URL(gamesUrl).origin) {
    throw new ConfigError("Invalid environment: GAMES_URL must be a different origin from PUBLIC_URL (D2)");
  }
  if (e.TWO_STEP_KEY && e.TWO_STEP_KEY_FILE)
    throw new ConfigError("Invalid environment: set TWO_STEP_KEY or TWO_STEP_KEY_FILE, not both");
  if (e.TWO_STEP_KEY) {
    try {
      parseKey(e.TWO_STEP_KEY, "TWO_STEP_KEY");
    } catch {
      throw new ConfigError(
        "Invalid environment variable TWO_STEP_KEY: must be 32 random bytes in base64 (e.g. the output of: openssl rand -base64 32)",
      );
    }
  }
  const dataDir = path.resolve(rootDir, e.DATA_DIR);
  let storage: S3Location | undefined;
  if (e.STORAGE_URL) {
    try {
      storage = parseStorageUrl(e.STORAGE_URL, { AWS_REGION: e.AWS_REGION });
    } catch (error) {
      if (!(error instanceof StorageUrlError)) throw error;
      throw new ConfigError(`Invalid environment variable STORAGE_URL: ${error.message}`);
    }
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.NODE_ENV === "development" ? "127.0.0.1" : "0.0.0.0"),
    port: e.PORT,
    gamesPort: e.GAMES_PORT,
    publicUrl,
    gamesUrl,
    dataDir,
    storage,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.OIDC_ISSUER }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    playsPerMinute: e.PLAYS_PER_MINUTE,
    passwordHashCost: e.PASSWORD_HASH_COST,
    twoStepKey: e.TWO_STEP_KEY
      ? { value: e.TWO_STEP_KEY }
      : { file: e.TWO_STEP_KEY_FILE ? path.resolve(rootDir, e.TWO_STEP_KEY_FILE) : defaultKeyFile(dataDir) },
    metricsToken: e.METRICS_TOKEN,
    buildCommit: e.BUILD_COMMIT?.toLowerCase(),
    backupKeep: e.BACKUP_KEEP,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE,
    clientDir: path.join(rootDir, "dist", "client"),
    rootDir,
  };
}
