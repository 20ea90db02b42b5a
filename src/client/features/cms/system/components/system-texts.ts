import type { SystemStatusView } from "@contract/admin/system";

/** Backups are daily; with half a day of slack, a last backup older than this is a warning. */
export const BACKUP_WARN_AFTER_MS = 36 * 60 * 60 * 1000;

const UNITS = ["KB", "MB", "GB", "TB"];

/** 812 B, 7.2 KB, 340 KB, 1.4 GB: binary multiples, one decimal below 10. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "") : String(Math.round(value));
  return `${shown} ${UNITS[unit]}`;
}

/** 45 s, 12 min, 3 h 5 min, 2 days 4 h: the two largest parts. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const day = `${days} day${days === 1 ? "" : "s"}`;
  return hours % 24 ? `${day} ${hours % 24} h` : day;
}

export type SystemWarningKind = "migrations" | "jobs" | "backup" | "versions";
export type SystemWarning = { kind: SystemWarningKind; text: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What an admin should look at (D164): migrations not applied, a job that failed for good in the last day, no backup
 * in the last 36 hours, processes running different versions. Judged at the time the server read the status.
 */
export function systemWarnings(status: SystemStatusView): SystemWarning[] {
  const warnings: SystemWarning[] = [];
  const now = Date.parse(status.checkedAt);
  const { pending } = status.migrations;
  if (pending.length > 0) {
    warnings.push({
      kind: "migrations",
      text: `${plural(pending.length, "migration")} not applied (${pending.join(", ")}). Migrations run when the server starts: restart it, and read its log if they stay.`,
    });
  }
  if (status.jobs.failedLastDay > 0) {
    warnings.push({
      kind: "jobs",
      text: `${plural(status.jobs.failedLastDay, "job")} failed in the last 24 hours. The Jobs screen shows their errors.`,
    });
  }
  if (!status.lastBackup) {
    warnings.push({ kind: "backup", text: "No backup yet. Take one with npm run backup, or wait for the daily one." });
  } else if (now - Date.parse(status.lastBackup.at) > BACKUP_WARN_AFTER_MS) {
    warnings.push({
      kind: "backup",
      text: `No backup in the last 36 hours: the last one is ${formatDuration((now - Date.parse(status.lastBackup.at)) / 1000)} old.`,
    });
  }
  const versions = new Set(status.processes.map((p) => p.version));
  if (versions.size > 1) {
    warnings.push({
      kind: "versions",
      text: `Processes run ${versions.size} different versions (${[...versions].join(", ")}). Finish the upgrade, or stop the old processes.`,
    });
  }
  return warnings;
}
