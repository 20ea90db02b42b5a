import { describe, expect, it } from "vitest";
import { adReportCsv } from "./ad-report-csv";

const row = {
  day: "2026-12-01",
  placement: "preroll",
  gameId: 7,
  gameTitle: "Space Race",
  impressions: 5,
  noFills: 1,
  dismissals: 2,
  rewards: 0,
  clicks: 1,
};

describe("adReportCsv (D154)", () => {
  it("writes a header and a line per day, placement and game", () => {
    expect(adReportCsv([row])).toBe(
      "day,placement,game_id,game_title,impressions,no_fills,dismissals,rewards,clicks\n" +
        "2026-12-01,preroll,7,Space Race,5,1,2,0,1\n",
    );
  });

  it("quotes titles with commas or quotes, and keeps a title from running as a formula", () => {
    const csv = adReportCsv([
      { ...row, gameTitle: 'Cats, "Dogs"' },
      { ...row, gameTitle: "=HYPERLINK(1)" },
    ]).split("\n");
    expect(csv[1]).toBe('2026-12-01,preroll,7,"Cats, ""Dogs""",5,1,2,0,1');
    expect(csv[2]).toBe("2026-12-01,preroll,7,'=HYPERLINK(1),5,1,2,0,1");
  });
});
