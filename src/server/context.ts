import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { RateLimitOverrides, RateLimits } from "./rate-limit-table";
import type { ChatHub } from "./services/chat-hub";
import type { FileStore } from "./services/file-store";
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from "./services/images";
import type { LeaderboardCache } from "./services/leaderboard";
import { PRODUCTION_SCRYPT } from "./services/passwords";
import type { PlayerHub } from "./services/player-hub";
import type { PresenceTracker } from "./services/presence";
import type { ReadCache } from "./services/read-cache";
import type { RoomRuntime } from "./services/room-runtime";
import { RECOVERY_CODE_LOG_N } from "./services/two-step";
import { DEFAULT_PACKAGE_LIMITS, type PackageLimits } from "./services/zip-packages";

/** Limits of the live chat channel (D37). */
export type ChatLiveSettings = {
  /** a ping every 30 s; a socket that has not answered the previous ping is terminated */
  heartbeatMs: number;
  /** open sockets per client address (request.ip, which honours TRUST_PROXY) */
  maxConnectionsPerAddress: number;
  /** the largest frame a client may send (room requests, D124, are at most ROOM_FRAME_MAX_BYTES); larger closes the socket (1009) */
  maxPayloadBytes: number;
  /** a client that does not read (more than this queued) is dropped rather than buffered without end */
  maxBufferedBytes: number;
};

/**
 * Settings production never changes and tests may tune through buildApp's options (a shorter chat
 * heartbeat, a cheaper password hash, a lower rate limit); each app gets its own copy.
 */
export type AppSettings = {
  chatLive: ChatLiveSettings;
  /** D12: scrypt cost as log2(N) for new password hashes */
  passwordHashCost: number;
  /** ADR 020: scrypt cost as log2(N) for new recovery codes */
  recoveryCodeHashCost: number;
  rateLimits: RateLimitOverrides;
  /** D44/D45: the size limits of uploaded game packages and images */
  uploadLimits: { package: PackageLimits; image: ImageLimits };
  /** D87: the clock of the player settings (email links' expiry, the deletion grace and its job); tests move it */
  now: () => Date;
};

export const DEFAULT_SETTINGS: AppSettings = {
  chatLive: {
    heartbeatMs: 30_000,
    maxConnectionsPerAddress: 20,
    maxPayloadBytes: 64 * 1024,
    maxBufferedBytes: 1024 * 1024,
  },
  passwordHashCost: PRODUCTION_SCRYPT.logN,
  recoveryCodeHashCost: RECOVERY_CODE_LOG_N,
  rateLimits: {},
  uploadLimits: { package: DEFAULT_PACKAGE_LIMITS, image: DEFAULT_IMAGE_LIMITS },
  now: () => new Date(),
};

/** What every route plugin is registered with (built once by buildApp). */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  settings: AppSettings;
  leaderboardCache: LeaderboardCache;
  /** the rate-limit table bound to the database (rate-limit-table.ts) */
  rateLimits: RateLimits;
  /** D8/D37: chat fan-out between pages and processes */
  chatHub: ChatHub;
  /** issue 15: personal live events (notifications, presence, direct messages) between pages and processes */
  playerHub: PlayerHub;
  /** issue 15 (D84): friends' presence; told by the live socket route when a player's socket opens or closes */
  presence: PresenceTracker;
  /** ADR 027: the rooms of this process and the way to the others' */
  rooms: RoomRuntime;
  /** decision 008: the per-process cache of public reads, invalidated across processes */
  reads: ReadCache;
  /** D162: game packages, uploads and backups (services/file-store.ts) */
  files: FileStore;
};
