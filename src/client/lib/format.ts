/**
 * Pure display helpers (spec §4). Every function is total: bad input gives a sensible output,
 * never a throw, because these run inside render.
 */

export type StarCounts = { full: number; half: number; empty: number };

/**
 * Star display for a rating stored in tenths of a star (0 to 50).
 * full = floor(rating / 10), plus a half star when the remaining fraction is at least 0.5, out of 5.
 * Integer arithmetic on purpose: 45 / 10 - 4 is not exactly 0.5 in floating point for every value.
 */
export function stars(rating: number): StarCounts {
  const r = Number.isFinite(rating) ? Math.min(50, Math.max(0, rating)) : 0;
  const full = Math.floor(r / 10);
  const half = full < 5 && r - full * 10 >= 5 ? 1 : 0;
  return { full, half, empty: 5 - full - half };
}

/** Rating in tenths shown out of 5 with one decimal, e.g. 45 → '4.5' (admin display, spec §9). */
export function ratingOutOfFive(rating: number): string {
  const r = Number.isFinite(rating) ? Math.min(50, Math.max(0, rating)) : 0;
  return (r / 10).toFixed(1);
}

function compact(value: number, unit: number, suffix: string): string {
  // Truncate (never round up): 1999 plays is '1.9k', not '2k'; also keeps 999,999 below '1000k'.
  const tenths = Math.floor(value / (unit / 10));
  const text = (tenths / 10).toFixed(1).replace(/\.0$/, "");
  return `${text}${suffix}`;
}

/** Play counts: 999 → '999', 1000 → '1k', 1234 → '1.2k', 2,500,000 → '2.5M' (spec §9). */
export function formatPlays(plays: number): string {
  const n = Number.isFinite(plays) ? Math.max(0, Math.floor(plays)) : 0;
  if (n < 1000) return String(n);
  if (n < 1_000_000) return compact(n, 1000, "k");
  return compact(n, 1_000_000, "M");
}

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  // A bare ISO date ('2025-05-15') is a calendar day, not UTC midnight: read it in local time.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    return new Date(y, m - 1, d);
  }
  return new Date(value);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}

/** 'just now' under 60 s, then 'N minutes ago', 'N hours ago', 'N days ago' (spec §9). */
export function relativeTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const then = toDate(value).getTime();
  if (Number.isNaN(then)) return "";
  const seconds = Math.floor((toDate(now).getTime() - then) / 1000);
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  return plural(Math.floor(hours / 24), "day");
}

/**
 * Chat time as h:mm AM/PM in local time, e.g. '9:05 PM'. `timeZone` "UTC": the same text on
 * the server and in the browser while a server-rendered page hydrates (D70, lib/hydration.ts).
 */
export function chatTime(value: Date | string | number, timeZone?: "UTC"): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "";
  const h24 = timeZone === "UTC" ? d.getUTCHours() : d.getHours();
  const h = h24 % 12 === 0 ? 12 : h24 % 12;
  const mm = String(timeZone === "UTC" ? d.getUTCMinutes() : d.getMinutes()).padStart(2, "0");
  return `${h}:${mm} ${h24 < 12 ? "AM" : "PM"}`;
}

/** The avatar fallback, shared with the server's link preview pictures. */
export { initials } from "@contract/initials";

/** Cuts text to `max` characters plus '...' (featured card descriptions: 60, spec §9). */
export function truncate(text: string | null | undefined, max = 60): string {
  const t = text ?? "";
  const chars = Array.from(t);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : t;
}

/**
 * Long date for 'Member since' and policy pages, e.g. 'May 15, 2025'. A bare calendar day is that day
 * everywhere; a moment is shown in the browser's time zone, or in UTC with `timeZone` "UTC" (while a
 * server-rendered page hydrates, D70).
 */
export function formatDate(value: Date | string | number, timeZone?: "UTC"): string {
  const calendarDay = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = calendarDay ? new Date(`${value}T00:00:00Z`) : toDate(value);
  if (Number.isNaN(d.getTime())) return "";
  return calendarDate(d, "long", calendarDay ? "UTC" : timeZone);
}

/** Short date for lists where room is tight, e.g. 'Nov 20, 2026', in the browser's time zone or in UTC. */
export function formatShortDate(value: Date | string | number, timeZone?: "UTC"): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? "" : calendarDate(d, "short", timeZone);
}

/**
 * A moment to the minute for the admin area's logs and deadlines, e.g. 'Nov 27, 2026, 2:05 PM', in the browser's
 * time zone (or UTC).
 */
export function formatDateTime(value: Date | string | number, timeZone?: "UTC"): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? "" : `${calendarDate(d, "short", timeZone)}, ${chatTime(d, timeZone)}`;
}

/*
 * Dates and numbers are formatted by hand, in en-US, rather than with Intl (toLocaleDateString,
 * toLocaleString): the first Intl formatter a page makes loads the browser's locale data, 60–80 ms of a
 * throttled phone's main thread during hydration (D73), and each call of toLocaleDateString makes a new one.
 * The texts are the same as Intl's en-US ones (format.test.ts compares them).
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function calendarDate(d: Date, month: "long" | "short", timeZone: "UTC" | undefined): string {
  const utc = timeZone === "UTC";
  const name = MONTHS[utc ? d.getUTCMonth() : d.getMonth()];
  return `${month === "long" ? name : name.slice(0, 3)} ${utc ? d.getUTCDate() : d.getDate()}, ${utc ? d.getUTCFullYear() : d.getFullYear()}`;
}

/** Thousands separators for scores: 1234567 → '1,234,567'; 0 for what is not a finite number. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return "0";
  // Scores and counts are whole numbers; anything else keeps Intl's rounding to three decimals.
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${digits}` : digits;
}
