import { formatDateTime } from "@/lib/format";
import {
  MUTE_LADDER_MS,
  REPORT_ACTION_LABELS,
  REPORT_KIND_LABELS,
  type ReportAction,
  type ReportGroup,
} from "@contract/reports-constants";

/** "10 minutes", "1 hour", "24 hours": one step of the mute ladder. */
function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const [n, unit] = minutes < 60 ? [minutes, "minute"] : [Math.round(minutes / 60), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** D96: "10 minutes, then 1 hour, then 24 hours", from the contract's ladder. */
export const MUTE_LADDER_TEXT = MUTE_LADDER_MS.map(duration).join(", then ");

/** Is `mutedUntil` still ahead (D96)? A past end is no mute at all. */
export function isMuted(mutedUntil: string | null, now = Date.now()): mutedUntil is string {
  return mutedUntil !== null && new Date(mutedUntil).getTime() > now;
}

/** The author's badge while muted: "Muted until Nov 27, 2026, 2:05 PM". */
export const mutedUntilText = (mutedUntil: string) => `Muted until ${formatDateTime(mutedUntil)}`;

/** What a handled group says it had done to it (D97). */
export const HANDLED_LABELS: Record<ReportAction, string> = {
  dismiss: "Dismissed",
  delete: "Content deleted",
  mute: "Author muted",
  ban: "Author banned",
};

/** "1 report", "3 reports". */
export const reportCount = (n: number) => `${n} ${n === 1 ? "report" : "reports"}`;

export type ActionConfirm = {
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  harmless: boolean;
};

/** D97: what the confirmation of each action says will happen, before anything is done. */
export function actionConfirm(group: ReportGroup, action: ReportAction): ActionConfirm {
  // a game (D114) has no author
  const who = group.author?.username ?? "its author";
  const what = REPORT_KIND_LABELS[group.kind].toLowerCase();
  const confirmLabel = REPORT_ACTION_LABELS[action];
  switch (action) {
    case "dismiss":
      return {
        title: `Dismiss ${group.reports.length === 1 ? "this report" : `these ${group.reports.length} reports`}?`,
        description: group.author
          ? `The ${what} stays and nothing happens to ${who}. Each reporter is told no rule was broken.`
          : "The game leaves Broken games unless its checks fail. Each reporter is told it was looked at.",
        confirmLabel,
        pendingLabel: "Dismissing...",
        harmless: true,
      };
    case "delete":
      return {
        title: `Delete this ${what}?`,
        description: `The ${what} by ${who} is removed from the site for everyone. This cannot be undone.`,
        confirmLabel,
        pendingLabel: "Deleting...",
        harmless: false,
      };
    case "mute":
      return {
        title: `Mute ${who}?`,
        description: `The next mute on the ladder is applied: ${MUTE_LADDER_TEXT}. While muted, ${who} cannot chat, review or send messages.`,
        confirmLabel,
        pendingLabel: "Muting...",
        harmless: false,
      };
    case "ban":
      return {
        title: `Ban ${who}?`,
        description: "Their sessions end at once and they disappear from the boards.",
        confirmLabel,
        pendingLabel: "Banning...",
        harmless: false,
      };
  }
}

/** The toast once an action is done: "Report dismissed", "alice is muted until …" (D97). */
export function actionDoneText(group: ReportGroup, action: ReportAction, mutedUntil: string | null): string {
  const who = group.author?.username ?? "The author";
  switch (action) {
    case "dismiss":
      return "Report dismissed";
    case "delete":
      return "Content deleted";
    case "mute":
      return mutedUntil ? `${who} is muted until ${formatDateTime(mutedUntil)}` : `${who} is muted`;
    case "ban":
      return `${who} is banned`;
  }
}
