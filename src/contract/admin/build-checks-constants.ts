/** D132 constants shared by the server's checks and the CMS report. Zod-free for the browser (D73). */

export const BUILD_CHECK_LIMITS = {
  /** a package may hold at most this many files */
  maxFiles: 1500,
  /** and unpack to at most this many bytes */
  maxUnpackedBytes: 250 * 1024 * 1024,
  /** index.html and what it loads directly: above this a warning (Poki's own guidance is 8 MB) */
  initialDownloadWarnBytes: 8 * 1024 * 1024,
  /** above this a failure: a player on a phone waits far too long before the first frame */
  initialDownloadFailBytes: 50 * 1024 * 1024,
} as const;

export type BuildCheckLimits = {
  maxFiles: number;
  maxUnpackedBytes: number;
  initialDownloadWarnBytes: number;
  initialDownloadFailBytes: number;
};

export const CHECK_STATUSES = ["pass", "warning", "fail"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const CHECK_IDS = [
  "index-html",
  "file-count",
  "unpacked-size",
  "initial-download",
  "outside-hosts",
  "sdk",
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export const DETECTED_SDKS = ["arcadium-v1", "arcadium-v2", "poki", "crazygames", "gamedistribution"] as const;
export type DetectedSdk = (typeof DETECTED_SDKS)[number];

export const DETECTED_SDK_LABELS: Record<DetectedSdk, string> = {
  "arcadium-v1": "Arcadium SDK v1",
  "arcadium-v2": "Arcadium SDK v2",
  poki: "Poki SDK",
  crazygames: "CrazyGames SDK",
  gamedistribution: "GameDistribution SDK",
};

/** The boot test (D132): how long it waits, and what it may send back. */
export const BOOT_TEST = {
  timeoutMs: 20_000,
  maxErrors: 20,
  maxErrorChars: 300,
  /** the picture as a data: URL, at most this many characters (about 200 KB) */
  maxPictureChars: 200 * 1024,
  /** the picture's longer side, in pixels */
  pictureSide: 320,
} as const;

/** The query parameter that makes the games origin add the boot probe to a package's index.html. */
export const BOOT_PROBE_PARAM = "arcadium-boot-test";
