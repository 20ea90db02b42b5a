import type { SystemStatusView } from "@contract/admin/system";
import type { Game } from "@contract/games";

/** A game as the API answers it (GET /api/games…): an Action game with no plays or rating, and `extra` over it. */
export function makeGame(id: number, extra: Partial<Game> = {}): Game {
  return {
    id,
    title: `Game ${id}`,
    description: "A game.",
    imageUrl: `/uploads/${id}.webp`,
    categoryId: 1,
    category: "Action",
    categorySlug: "action",
    externalUrl: null,
    developer: "Unknown",
    instructions: "Use your mouse or touchscreen to play.",
    isFeatured: false,
    featured: false,
    new: false,
    hot: false,
    plays: 0,
    rating: 0,
    releaseDate: null,
    createdAt: "2025-05-15T00:00:00.000Z",
    frameUrl: `http://127.0.0.1:5001/game-frame/${id}/`,
    difficulty: null,
    scoreRules: { order: "desc", format: "points", maxScore: null, minRoundMs: null },
    ...extra,
  };
}

/** D164: GET /api/admin/system of a healthy install read at 16:00 UTC (one process, a backup 13 hours old), `extra` over it. */
export function makeSystemStatus(extra: Partial<SystemStatusView> = {}): SystemStatusView {
  return {
    checkedAt: "2026-12-06T16:00:00.000Z",
    version: { version: "0.1.0", commit: "3f2a9c1d0e5b6a7980112233445566778899aabb" },
    migrations: {
      applied: 26,
      files: 26,
      newest: { name: "0025_processes", appliedAt: "2026-12-06T12:00:00.000Z" },
      pending: [],
      unknown: 0,
    },
    database: { kind: "pglite", bytes: 13_459_579, folderBytes: 45_863_036 },
    storage: {
      kind: "disk",
      bytes: 1_503_238_553,
      objects: 12_480,
      countedAt: "2026-12-06T15:58:00.000Z",
      counting: false,
      error: null,
    },
    jobs: {
      counts: { queued: 1, running: 0, succeeded: 40, failed: 0, cancelled: 0 },
      failedLastDay: 0,
      oldestWaitingSince: null,
    },
    lastBackup: { key: "backups/arcadium-2026-12-06.tar.gz", bytes: 52_428_800, at: "2026-12-06T03:00:00.000Z" },
    processes: [
      {
        id: "a1b2c3d4e5f60718",
        host: "web-1",
        pid: 4121,
        version: "0.1.0+3f2a9c1",
        roles: ["site", "games", "jobs"],
        startedAt: "2026-12-06T12:00:00.000Z",
        seenAt: "2026-12-06T15:59:55.000Z",
      },
    ],
    thisProcess: {
      host: "web-1",
      pid: 4121,
      startedAt: "2026-12-06T12:00:00.000Z",
      uptimeSeconds: 14_400,
      rssBytes: 251_658_240,
      heapUsedBytes: 94_371_840,
      heapTotalBytes: 125_829_120,
      nodeVersion: "v20.19.2",
    },
    ...extra,
  };
}
