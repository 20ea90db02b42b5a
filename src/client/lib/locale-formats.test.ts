import { describe, expect, it } from "vitest";
import { LOCALES } from "@contract/locales";
import { chatTime, formatDate, formatPlays, relativeTime } from "./format";
import { localeFormats } from "./locale-formats";

const NOW = Date.UTC(2026, 10, 27, 14, 5);
const MINUTES_AGO = (n: number) => NOW - n * 60_000;
/** Intl's no-break spaces (which kind depends on the ICU version) as plain ones */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("numbers, dates and times in the page's language (D142)", () => {
  it("English keeps the spec's own texts, exactly as format.ts writes them", () => {
    const en = localeFormats("en");
    for (const n of [0, 999, 1000, 1999, 15_300, 2_500_000]) expect(en.plays(n)).toBe(formatPlays(n));
    expect(en.plays(1234)).toBe("1.2k");
    expect(en.relative(MINUTES_AGO(5), NOW)).toBe(relativeTime(MINUTES_AGO(5), NOW));
    expect(en.time(NOW, "UTC")).toBe(chatTime(NOW, "UTC"));
    expect(en.time(NOW, "UTC")).toBe("2:05 PM");
    expect(en.date("2025-05-15")).toBe(formatDate("2025-05-15"));
  });

  it("play counts in each language's compact form, never rounded up", () => {
    expect(plain(localeFormats("fr").plays(1999))).toBe("1,9 k");
    expect(plain(localeFormats("es").plays(1234))).toBe("1,2 mil");
    expect(plain(localeFormats("pt-br").plays(2_500_000))).toBe("2,5 mi");
    expect(plain(localeFormats("de").plays(2_590_000))).toBe("2,5 Mio.");
    // German writes thousands in full in its short form
    expect(localeFormats("de").plays(15_300)).toBe("15.300");
    expect(localeFormats("de").plays(Number.NaN)).toBe("0");
  });

  it("whole numbers with each language's separators", () => {
    expect(localeFormats("de").number(1_234_567)).toBe("1.234.567");
    expect(plain(localeFormats("fr").number(1_234_567))).toBe("1 234 567");
    expect(localeFormats("ar").number(1_234_567)).toBe(new Intl.NumberFormat("ar").format(1_234_567));
    expect(localeFormats("es").number(Number.POSITIVE_INFINITY)).toBe("0");
  });

  it("how long ago in the same steps as English: now, minutes, hours, days", () => {
    const de = localeFormats("de");
    expect(de.relative(NOW - 30_000, NOW)).toBe("jetzt");
    expect(de.relative(MINUTES_AGO(5), NOW)).toBe("vor 5 Minuten");
    expect(de.relative(MINUTES_AGO(3 * 60), NOW)).toBe("vor 3 Stunden");
    expect(de.relative(MINUTES_AGO(24 * 60), NOW)).toBe("gestern");
    expect(de.relative(MINUTES_AGO(3 * 24 * 60), NOW)).toBe("vor 3 Tagen");
    expect(plain(localeFormats("fr").relative(MINUTES_AGO(5), NOW))).toBe("il y a 5 minutes");
    expect(localeFormats("es").relative("not a date", NOW)).toBe("");
  });

  it("the time of day as each language writes it, in UTC while a page hydrates", () => {
    expect(localeFormats("de").time(NOW, "UTC")).toBe("14:05");
    expect(localeFormats("pt-br").time(NOW, "UTC")).toBe("14:05");
    expect(localeFormats("ar").time(NOW, "UTC")).toBe(
      new Intl.DateTimeFormat("ar", { timeStyle: "short", timeZone: "UTC" }).format(NOW),
    );
    expect(localeFormats("fr").time("garbage")).toBe("");
  });

  it("a bare calendar day is that day in every language; a moment follows the time zone asked for", () => {
    expect(localeFormats("de").date("2025-05-15")).toBe("15. Mai 2025");
    expect(localeFormats("es").date("2025-05-15")).toBe("15 de mayo de 2025");
    expect(plain(localeFormats("fr").shortDate(Date.UTC(2026, 10, 20, 12), "UTC"))).toBe("20 nov. 2026");
    expect(localeFormats("de").dateTime(NOW, "UTC")).toBe("27.11.2026, 14:05");
    expect(localeFormats("pt-br").date(new Date(Number.NaN))).toBe("");
  });

  it("makes each language's formats once", () => {
    for (const locale of LOCALES) expect(localeFormats(locale)).toBe(localeFormats(locale));
    expect(localeFormats("ar").locale).toBe("ar");
  });
});
