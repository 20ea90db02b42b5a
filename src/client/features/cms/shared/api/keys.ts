import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { categoryKeys, collectionKeys, contentKeys, gameKeys } from "@/lib/query-keys";

/** Query keys of the admin area. Every admin read lives under ["admin"]. */
export const adminKeys = {
  all: ["admin"] as const,
  user: () => [...adminKeys.all, "user"] as const,
  /** The signed-in staff member's two-step sign-in */
  twoStep: () => [...adminKeys.all, "two-step"] as const,
  dashboard: () => [...adminKeys.all, "dashboard"] as const,
  games: () => [...adminKeys.all, "games"] as const,
  categories: () => [...adminKeys.all, "categories"] as const,
  collections: () => [...adminKeys.all, "collections"] as const,
  content: () => [...adminKeys.all, "website-content"] as const,
  users: (search = "", role = "") => [...adminKeys.all, "users", { search, role }] as const,
  /** D130: the creator applications (the users screen's Applications view) */
  creatorApplications: () => [...adminKeys.all, "users", "creator-applications"] as const,
  usersAll: () => [...adminKeys.all, "users"] as const,
  settings: () => [...adminKeys.all, "settings"] as const,
  /** D91: the seasons (GET /api/seasons), read by Settings' season length card. */
  seasons: () => [...adminKeys.all, "seasons"] as const,
  messages: () => [...adminKeys.all, "messages"] as const,
  /** D97: the reports queue, by tab and kind. */
  reportsAll: () => [...adminKeys.all, "reports"] as const,
  reports: (status: "open" | "handled", kind = "") => [...adminKeys.all, "reports", { status, kind }] as const,
  /** D114: the games that may not load; under the reports, which feed it, so that handling one refetches it */
  brokenGames: () => [...adminKeys.all, "reports", "broken-games"] as const,
  /** D108: the scores held for a moderator. */
  heldScores: () => [...adminKeys.all, "held-scores"] as const,
  buildReviews: () => [...adminKeys.all, "build-reviews"] as const,
  /** D99: the audit log, by its filters. */
  auditAll: () => [...adminKeys.all, "audit"] as const,
  audit: (filters: Record<string, string>) => [...adminKeys.all, "audit", filters] as const,
  /** D93: the score moderation list, by game and player. */
  scoresAll: () => [...adminKeys.all, "scores"] as const,
  scores: (filters: { gameId?: number; userId?: number }) => [...adminKeys.all, "scores", filters] as const,
  /** D116: the job queue, by the state shown. */
  jobsAll: () => [...adminKeys.all, "jobs"] as const,
  jobs: (state: string) => [...adminKeys.all, "jobs", { state }] as const,
  /** D110, D111: the feeds, a feed's page and the inbox, all under one key so that a change refetches each. */
  feedsAll: () => [...adminKeys.all, "feeds"] as const,
  feeds: () => [...adminKeys.all, "feeds", "list"] as const,
  feed: (id: number) => [...adminKeys.all, "feeds", "one", id] as const,
  feedItems: (filters: Record<string, string | number>) => [...adminKeys.all, "feeds", "items", filters] as const,
  feedDuplicates: () => [...adminKeys.all, "feeds", "duplicates"] as const,
  /** D164: the system page. */
  system: () => [...adminKeys.all, "system"] as const,
  /** D160: the backups in the file store. */
  backups: () => [...adminKeys.all, "backups"] as const,
};

/**
 * D96: a report handled or a mute given or ended changes the queue (its author's badges), the users table
 * (muted until, disabled) and the audit log.
 */
export function refetchAfterModeration(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.reportsAll() }),
    qc.invalidateQueries({ queryKey: adminKeys.usersAll() }),
    qc.invalidateQueries({ queryKey: adminKeys.auditAll() }),
  ]);
}

/**
 * D93: a score removed, a player reset on a game or hidden from the boards changes the scores list (bests,
 * badges), the users table (score counts, the hidden badge), the dashboard's count and the audit log.
 */
export function refetchAfterScoreChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.scoresAll() }),
    qc.invalidateQueries({ queryKey: adminKeys.usersAll() }),
    qc.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    qc.invalidateQueries({ queryKey: adminKeys.auditAll() }),
  ]);
}

/**
 * Spec §7: after each successful admin change the affected lists refetch. The public lists
 * (games, categories, website content) are invalidated too, so the site shows the change at once.
 */
export function refetchAfterGameChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.games() }),
    qc.invalidateQueries({ queryKey: adminKeys.categories() }),
    qc.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    qc.invalidateQueries({ queryKey: gameKeys.all }),
    qc.invalidateQueries({ queryKey: categoryKeys.all }),
    // D83: a game's collections are edited in its form
    qc.invalidateQueries({ queryKey: adminKeys.collections() }),
    qc.invalidateQueries({ queryKey: collectionKeys.all }),
  ]);
}

/** D83: a collection added, edited or deleted changes the CMS's lists and the home page's tiles. */
export function refetchAfterCollectionChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.collections() }),
    qc.invalidateQueries({ queryKey: adminKeys.games() }),
    qc.invalidateQueries({ queryKey: collectionKeys.all }),
  ]);
}

export function refetchAfterCategoryChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.categories() }),
    qc.invalidateQueries({ queryKey: adminKeys.games() }),
    qc.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    qc.invalidateQueries({ queryKey: categoryKeys.all }),
    qc.invalidateQueries({ queryKey: gameKeys.all }),
  ]);
}

export function refetchAfterContentChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.content() }),
    qc.invalidateQueries({ queryKey: adminKeys.settings() }),
    // D91: a new season length moves the open season's end
    qc.invalidateQueries({ queryKey: adminKeys.seasons() }),
    qc.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    qc.invalidateQueries({ queryKey: contentKeys.all }),
  ]);
}

/** A 401/403 from an admin call means the admin session ended: re-check it so the guard (D43) sends the admin to /cms. */
export function recheckSessionOn(qc: QueryClient, error: unknown) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    void qc.invalidateQueries({ queryKey: adminKeys.user() });
  }
}
