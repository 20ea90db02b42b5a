import type { ReportKind } from "@contract/reports-constants";

/**
 * What is reported (D97): the kind, its id (see POST /api/reports) and its author's name (a game's title), for the
 * texts. A player of a room (D124) has no id of the site's: the room's code and the player's id in it.
 */
export type ReportTarget =
  | { kind: Exclude<ReportKind, "room_player">; targetId: number; author: string }
  | { kind: "room_player"; code: string; playerId: string; author: string };

/** What the report button reports: an item of the site's, with an id (a room's player is reported from its room). */
export type SiteReportTarget = Extract<ReportTarget, { targetId: number }>;

/** The report button's accessible name: "Report message from alice". */
export function reportButtonLabel({ kind, author }: ReportTarget): string {
  if (kind === "game") return `Report ${author} as not loading`;
  if (kind === "room_player") return `Report ${author}`;
  return kind === "profile"
    ? `Report ${author}'s profile`
    : `Report ${kind === "review" ? "review by" : "message from"} ${author}`;
}
