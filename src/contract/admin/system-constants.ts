/** The zod-free values and types of ./system.ts (D164), re-exported there. */

/** What a server process runs: the site (pages and API), the games origin, the job runner. */
export const PROCESS_ROLES = ["site", "games", "jobs"] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];
