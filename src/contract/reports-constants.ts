/** The values and types of ./reports.ts without zod, for pages that must not load it (README.md). */

/** D102: what a player can report; D114: a game that does not load. */
export const REPORT_KINDS = ["chat", "review", "profile", "message", "game", "room_player"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What each kind is called in the report dialog and the CMS queue. */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  chat: "Chat message",
  review: "Review",
  profile: "Profile",
  message: "Direct message",
  game: "Game",
  room_player: "Player in a room",
};

/** D97: the reasons a player picks from (plus an optional text). */
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "hate",
  "inappropriate",
  "cheating",
  "other",
  "doesnt_load",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  harassment: "Harassment or bullying",
  hate: "Hate or discrimination",
  inappropriate: "Sexual, violent or otherwise inappropriate",
  cheating: "Cheating or a fake score",
  other: "Something else",
  doesnt_load: "It doesn't load",
};

/** D114: a game is reported only as not loading, and only a game is; the other kinds take the rest. */
export function reasonsFor(kind: ReportKind): readonly ReportReason[] {
  return kind === "game" ? ["doesnt_load"] : REPORT_REASONS.filter((r) => r !== "doesnt_load");
}

/** The optional text of a report: at most this many characters. */
export const REPORT_TEXT_MAX_LENGTH = 500;
/** Reports a player may send per hour (rate-limit-table.ts `report`). */
export const REPORT_RATE_LIMIT = { limit: 20, windowMs: 60 * 60_000 } as const;

/** What the report dialog says once the report is stored (201). */
export const REPORT_SENT = "Thanks. Your report was sent to the moderators.";
/** The 400/403/404 messages of POST /api/reports. */
export const REPORT_REFUSALS = {
  self: "You cannot report yourself",
  notFound: "There is nothing to report here (it may have been removed)",
  notYours: "You can only report messages sent to you",
  reason: "Choose one of the reasons offered for this kind of report",
} as const;

/** D97: what the CMS queue can do with a reported item. A ban is for admins only. */
export const REPORT_ACTIONS = ["dismiss", "delete", "mute", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: "Dismiss",
  delete: "Delete content",
  mute: "Mute author",
  ban: "Ban author",
};
/**
 * A profile is not deleted (its owner is muted or banned instead). A game has no author and is not deleted from
 * here: its reports are dismissed once looked at, and it is checked and hidden or shown from "Broken games" (D114).
 */
export function actionsFor(kind: ReportKind, role: "moderator" | "admin"): ReportAction[] {
  if (kind === "game") return ["dismiss"];
  return REPORT_ACTIONS.filter((a) => !(a === "delete" && kind === "profile") && !(a === "ban" && role !== "admin"));
}

/** D97: what the reporter's "report handled" notification says, by outcome (after "Your report was handled: "). */
export function reportOutcomeText(kind: ReportKind, action: ReportAction): string {
  const what = REPORT_KIND_LABELS[kind].toLowerCase();
  if (kind === "game") return "we looked at the game you reported as not loading";
  if (kind === "room_player" && (action === "mute" || action === "ban"))
    return `the player you reported in a room was ${action === "mute" ? "muted" : "banned"}`;
  switch (action) {
    case "dismiss":
      return `we looked at the ${what} you reported and found no rule broken`;
    case "delete":
      return `the ${what} you reported was removed`;
    case "mute":
      return `the author of the ${what} you reported was muted`;
    case "ban":
      return `the author of the ${what} you reported was banned`;
  }
}

/** D96: the mute ladder: the first mute lasts 10 minutes, the second an hour, every later one 24 hours. */
export const MUTE_LADDER_MS = [10 * 60_000, 60 * 60_000, 24 * 60 * 60_000] as const;
/** D96: a player not muted for this long starts the ladder again from its first step. */
export const MUTE_LADDER_RESET_MS = 30 * 24 * 60 * 60_000;

/** The 403 a muted player gets from chat, reviews and direct messages: the end time in UTC, to the minute. */
export function mutedMessage(until: Date): string {
  const iso = until.toISOString();
  return `You are muted until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A player as the CMS queue shows them. */
export type ModeratedPlayer = {
  id: number;
  username: string;
  avatarUrl: string | null;
  mutedUntil: string | null;
  banned: boolean;
};

/** One reporter's report within a group. */
export type ReportEntry = {
  id: number;
  reporter: { id: number; username: string };
  reason: ReportReason;
  text: string | null;
  createdAt: string;
};

/**
 * GET /api/admin/reports: the reports of one item, grouped (D97 "repeated reports of one item grouped").
 * `id` is the newest report's id, the handle for POST /api/admin/reports/{id}/action.
 */
export type ReportGroup = {
  id: number;
  kind: ReportKind;
  targetId: number;
  /** null for a game (D114), which has no author */
  author: ModeratedPlayer | null;
  /** what was reported, as it read at the newest report */
  content: string;
  /** where the item is on the site (a game page for a review or a game, the profile), or null (chat, direct messages) */
  link: string | null;
  /** the item is already gone (deleted by its author or a moderator) */
  contentGone: boolean;
  reports: ReportEntry[];
  status: "open" | "dismissed" | "actioned";
  action: ReportAction | null;
  handledBy: string | null;
  handledAt: string | null;
};
export type ReportQueue = { open: number; items: ReportGroup[] };

/** POST /api/admin/reports/{id}/action: how many reports it closed and, after a mute, until when. */
export type ReportActionResult = { handled: number; mutedUntil: string | null };
/** POST /api/admin/moderation/mutes/{userId}. */
export type MuteResult = { userId: number; mutedUntil: string; step: number };
