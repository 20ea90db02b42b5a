import type { ReportKind } from "@contract/reports-constants";

/** What is reported (D97): the kind, its id (see POST /api/reports) and its author's name (a game's title), for the texts. */
export type ReportTarget = { kind: ReportKind; targetId: number; author: string };

/** The report button's accessible name: "Report message from alice". */
export function reportButtonLabel({ kind, author }: ReportTarget): string {
  if (kind === "game") return `Report ${author} as not loading`;
  return kind === "profile"
    ? `Report ${author}'s profile`
    : `Report ${kind === "review" ? "review by" : "message from"} ${author}`;
}
