import type { JobState } from "@contract/jobs-constants";

/** The jobs whose names do not read well as words. */
const JOB_LABELS: Record<string, string> = {
  "backup.daily": "Daily backup",
  "og-image.make": "Link preview picture",
  "games.embed-check": "Broken games check",
};

/** "account-deletion" → "Account deletion", "season.rollover" → "Season rollover". */
export function jobLabel(name: string): string {
  if (Object.hasOwn(JOB_LABELS, name)) return JOB_LABELS[name]!;
  const words = name.replace(/[-_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A cron expression (UTC) in words for the common forms; any other is shown as written. */
export function scheduleText(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return `${cron} (UTC)`;
  const [minute, hour, day, month, weekday] = fields;
  const everyDay = day === "*" && month === "*" && weekday === "*";
  if (!everyDay) return `${cron} (UTC)`;
  const step = /^\*\/(\d+)$/.exec(minute);
  if (step && hour === "*") return `Every ${step[1]} minutes`;
  if (minute === "*" && hour === "*") return "Every minute";
  if (/^\d+$/.test(minute) && hour === "*")
    return minute === "0" ? "Every hour, on the hour" : `Every hour at minute ${minute}`;
  if (/^\d+$/.test(minute) && /^\d+$/.test(hour))
    return `Every day at ${hour.padStart(2, "0")}:${minute.padStart(2, "0")} UTC`;
  return `${cron} (UTC)`;
}

export const STATE_LABELS: Record<JobState, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};
