import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chatTime,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPlays,
  formatShortDate,
  initials,
  ratingOutOfFive,
  relativeTime,
  stars,
  truncate,
} from "./format";

describe("stars (spec §4: full = floor(rating/10), half at fraction >= 0.5, out of 5)", () => {
  it.each([
    [45, { full: 4, half: 1, empty: 0 }],
    [44, { full: 4, half: 0, empty: 1 }],
    [50, { full: 5, half: 0, empty: 0 }],
    [0, { full: 0, half: 0, empty: 5 }],
    [5, { full: 0, half: 1, empty: 4 }],
    [4, { full: 0, half: 0, empty: 5 }],
    [15, { full: 1, half: 1, empty: 3 }],
    [39, { full: 3, half: 1, empty: 1 }],
    [10, { full: 1, half: 0, empty: 4 }],
  ])("rating %i", (rating, expected) => {
    expect(stars(rating)).toEqual(expected);
  });

  it("always totals five stars and clamps out-of-range input", () => {
    for (let r = 0; r <= 50; r++) {
      const s = stars(r);
      expect(s.full + s.half + s.empty).toBe(5);
    }
    expect(stars(70)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(stars(-3)).toEqual({ full: 0, half: 0, empty: 5 });
    expect(stars(Number.NaN)).toEqual({ full: 0, half: 0, empty: 5 });
  });
});

describe("ratingOutOfFive (admin display: rating/10 with one decimal)", () => {
  it.each([
    [45, "4.5"],
    [50, "5.0"],
    [0, "0.0"],
    [33, "3.3"],
  ])("%i → %s", (rating, text) => expect(ratingOutOfFive(rating)).toBe(text));
});

describe("formatPlays (spec §9: over 1000 like 1.2k; millions use M)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1k"],
    [1234, "1.2k"],
    [1999, "1.9k"],
    [45_000, "45k"],
    [999_999, "999.9k"],
    [1_000_000, "1M"],
    [2_500_000, "2.5M"],
    [12_345_678, "12.3M"],
  ])("%i → %s", (plays, text) => expect(formatPlays(plays)).toBe(text));

  it("treats negative or invalid counts as 0", () => {
    expect(formatPlays(-5)).toBe("0");
    expect(formatPlays(Number.NaN)).toBe("0");
  });
});

describe("relativeTime (spec §9)", () => {
  const now = new Date("2025-05-15T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [0, "just now"],
    [59_000, "just now"],
    [60_000, "1 minute ago"],
    [119_000, "1 minute ago"],
    [5 * 60_000, "5 minutes ago"],
    [59 * 60_000, "59 minutes ago"],
    [60 * 60_000, "1 hour ago"],
    [23 * 3_600_000, "23 hours ago"],
    [24 * 3_600_000, "1 day ago"],
    [3 * 86_400_000, "3 days ago"],
  ])("%i ms ago → %s", (ms, text) => expect(relativeTime(ago(ms), now)).toBe(text));

  it("accepts ISO strings, treats the future as just now and invalid dates as empty", () => {
    expect(relativeTime("2025-05-15T11:58:00Z", now)).toBe("2 minutes ago");
    expect(relativeTime("2025-05-15T12:05:00Z", now)).toBe("just now");
    expect(relativeTime("not a date", now)).toBe("");
  });
});

describe("chatTime (h:mm AM/PM, local time)", () => {
  it.each([
    [new Date(2025, 4, 15, 21, 5), "9:05 PM"],
    [new Date(2025, 4, 15, 0, 0), "12:00 AM"],
    [new Date(2025, 4, 15, 12, 30), "12:30 PM"],
    [new Date(2025, 4, 15, 9, 7), "9:07 AM"],
    [new Date(2025, 4, 15, 23, 59), "11:59 PM"],
  ])("%s → %s", (d, text) => expect(chatTime(d)).toBe(text));

  it("is empty for an invalid date", () => expect(chatTime("nope")).toBe(""));

  it('with "UTC" reads the moment in UTC, as the server renders it (D70): the same text in every time zone', () => {
    expect(chatTime("2025-05-15T21:05:00Z", "UTC")).toBe("9:05 PM");
    expect(chatTime("2025-05-15T00:00:00.000Z", "UTC")).toBe("12:00 AM");
  });
});

describe("initials (first two letters, upper case; GU for a guest)", () => {
  it.each([
    ["neonfox", "NE"],
    ["a", "A"],
    ["  zed  ", "ZE"],
    ["", "GU"],
    [null, "GU"],
    [undefined, "GU"],
  ])("%s → %s", (name, text) => expect(initials(name)).toBe(text));
});

describe("truncate (featured descriptions: 60 characters plus '...')", () => {
  it("keeps short text and cuts long text at 60 characters", () => {
    const sixty = "x".repeat(60);
    expect(truncate(sixty)).toBe(sixty);
    expect(truncate(`${sixty}y`)).toBe(`${sixty}...`);
    expect(truncate("short")).toBe("short");
    expect(truncate(null)).toBe("");
    expect(truncate("abcdef", 3)).toBe("abc...");
  });
});

describe("formatDate", () => {
  it("reads a bare ISO date as a calendar day", () => {
    expect(formatDate("2025-05-15")).toBe("May 15, 2025");
    expect(formatDate("2025-05-15", "UTC")).toBe("May 15, 2025");
  });
  it("with UTC shows the day of a moment in UTC, as the server renders it (D70)", () => {
    expect(formatDate("2025-05-15T23:30:00Z", "UTC")).toBe("May 15, 2025");
    expect(formatDate("2025-05-16T00:30:00Z", "UTC")).toBe("May 16, 2025");
  });
  it("says what toLocaleDateString('en-US') says, in either time zone (D73: by hand, no Intl formatter to load)", () => {
    const moments: Array<string | number | Date> = [
      "2025-05-15T23:30:00Z",
      "2026-01-01T00:00:00Z",
      0,
      new Date("2024-02-29T12:00:00Z"),
    ];
    // every month, and days either side of midnight UTC
    for (let month = 0; month < 12; month++)
      moments.push(Date.UTC(2026, month, 1, 0, 30), Date.UTC(2026, month, 28, 23, 30));
    for (const m of moments)
      for (const timeZone of ["UTC", undefined] as const) {
        const d = new Date(m);
        expect(formatDate(m, timeZone)).toBe(
          d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone }),
        );
        expect(formatShortDate(m, timeZone)).toBe(
          d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone }),
        );
      }
    expect(formatShortDate("2026-11-20T10:00:00Z", "UTC")).toBe("Nov 20, 2026");
    expect(formatShortDate("not a date")).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("formatDateTime", () => {
  it("writes a moment to the minute, short month first, 12-hour clock", () => {
    expect(formatDateTime("2026-11-27T14:05:00Z", "UTC")).toBe("Nov 27, 2026, 2:05 PM");
    expect(formatDateTime("2026-01-02T00:30:00Z", "UTC")).toBe("Jan 2, 2026, 12:30 AM");
    expect(formatDateTime(new Date(2026, 10, 27, 9, 7))).toBe("Nov 27, 2026, 9:07 AM");
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatNumber", () => {
  it("puts thousands separators, and 0 for what is not a finite number", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(-1000)).toBe("-1,000");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(Number.NaN)).toBe("0");
    expect(formatNumber(Infinity)).toBe("0");
    expect(formatNumber(-0)).toBe("0");
  });
  it("says what toLocaleString('en-US') says, for any number but -0 (D73: by hand, no Intl formatter to load)", () => {
    // -0 is shown as "0" on purpose (above), where toLocaleString says "-0"
    const numbers = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.maxSafeInteger(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(
        numbers.filter((n) => !Object.is(n, -0)),
        (n) => {
          expect(formatNumber(n)).toBe(n.toLocaleString("en-US"));
        },
      ),
      { numRuns: 1000 },
    );
    expect(formatNumber(-1e-7)).toBe((-1e-7).toLocaleString("en-US"));
  });
});
