import { LOCALE_INFO, type Locale } from "@contract/locales";
import {
  chatTime,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPlays,
  formatShortDate,
  relativeTime,
} from "./format";

/**
 * Numbers, dates and times in a page's language (D142). English keeps the spec's own texts, formatted by hand in
 * format.ts ('1.2k', '5 minutes ago', 'May 15, 2025', '9:05 PM'); the other languages use the browser's `Intl` in that
 * language: German '15.300', French 'il y a 5 minutes', Arabic '9:05 م'. Every function is total, like format.ts's:
 * bad input gives an empty or zero text, never a throw, because these run inside render.
 */
export type LocaleFormats = {
  locale: Locale;
  /** play counts, compact and never rounded up: 1,999 → '1.9k' (en), '1,9 k' (fr) */
  plays(plays: number): string;
  /** scores and counts in full: '1,234,567' (en), '1.234.567' (de) */
  number(n: number): string;
  /** how long ago, in whole minutes, hours or days: 'just now' (en), 'vor 5 Minuten' (de) */
  relative(value: Date | string | number, now?: Date | number): string;
  /** the chat's time of day: '9:05 PM' (en, the spec's), '21:05' (de) */
  time(value: Date | string | number, timeZone?: "UTC"): string;
  /** 'May 15, 2025' (en), '15. Mai 2025' (de) */
  date(value: Date | string | number, timeZone?: "UTC"): string;
  /** 'Nov 20, 2026' (en), '20.11.2026' (de) */
  shortDate(value: Date | string | number, timeZone?: "UTC"): string;
  /** 'Nov 27, 2026, 2:05 PM' (en), '27.11.2026, 14:05' (de) */
  dateTime(value: Date | string | number, timeZone?: "UTC"): string;
};

const ENGLISH: LocaleFormats = {
  locale: "en",
  plays: formatPlays,
  number: formatNumber,
  relative: relativeTime,
  time: chatTime,
  date: formatDate,
  shortDate: formatShortDate,
  dateTime: formatDateTime,
};

const BY_LOCALE = new Map<Locale, LocaleFormats>([["en", ENGLISH]]);

/** The formats of a language; made once per language, since each Intl formatter loads the language's data. */
export function localeFormats(locale: Locale): LocaleFormats {
  let formats = BY_LOCALE.get(locale);
  if (!formats) {
    formats = intlFormats(locale);
    BY_LOCALE.set(locale, formats);
  }
  return formats;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare ISO date is a calendar day, the same everywhere (as format.ts reads it); anything else a moment. */
function moment(value: Date | string | number): { date: Date; calendarDay: boolean } {
  if (typeof value === "string" && CALENDAR_DAY.test(value))
    return { date: new Date(`${value}T00:00:00Z`), calendarDay: true };
  return { date: value instanceof Date ? value : new Date(value), calendarDay: false };
}

function intlFormats(locale: Locale): LocaleFormats {
  const tag = LOCALE_INFO[locale].tag;
  const lazy = <T>(make: () => T): (() => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const compact = lazy(
    () => new Intl.NumberFormat(tag, { notation: "compact", maximumFractionDigits: 1, roundingMode: "trunc" }),
  );
  const whole = lazy(() => new Intl.NumberFormat(tag));
  const ago = lazy(() => new Intl.RelativeTimeFormat(tag, { numeric: "auto" }));
  const dateFormat = (options: Intl.DateTimeFormatOptions) => {
    const local = lazy(() => new Intl.DateTimeFormat(tag, options));
    const utc = lazy(() => new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }));
    return (value: Date | string | number, timeZone?: "UTC"): string => {
      const { date, calendarDay } = moment(value);
      if (Number.isNaN(date.getTime())) return "";
      return (calendarDay || timeZone === "UTC" ? utc() : local()).format(date);
    };
  };

  const time = dateFormat({ timeStyle: "short" });
  return {
    locale,
    plays: (plays) => compact().format(Number.isFinite(plays) ? Math.max(0, Math.floor(plays)) : 0),
    number: (n) => whole().format(Number.isFinite(n) ? n : 0),
    relative: (value, now = Date.now()) => {
      const then = moment(value).date.getTime();
      const at = now instanceof Date ? now.getTime() : now;
      if (Number.isNaN(then) || Number.isNaN(at)) return "";
      const seconds = Math.floor((at - then) / 1000);
      // the same steps as the English texts: under a minute is "now", then whole minutes, hours and days
      if (seconds < 60) return ago().format(0, "second");
      const minutes = Math.floor(seconds / 60);
      if (minutes < 60) return ago().format(-minutes, "minute");
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return ago().format(-hours, "hour");
      return ago().format(-Math.floor(hours / 24), "day");
    },
    time: (value, timeZone) => (moment(value).calendarDay ? "" : time(value, timeZone)),
    date: dateFormat({ dateStyle: "long" }),
    shortDate: dateFormat({ dateStyle: "medium" }),
    dateTime: dateFormat({ dateStyle: "medium", timeStyle: "short" }),
  };
}
