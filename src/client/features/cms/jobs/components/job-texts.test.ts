import { describe, expect, it } from "vitest";
import { jobLabel, scheduleText } from "./job-texts";

describe("job texts (D116)", () => {
  it("names a job in words", () => {
    expect(jobLabel("account-deletion")).toBe("Account deletion");
    expect(jobLabel("housekeeping")).toBe("Housekeeping");
    expect(jobLabel("backup.daily")).toBe("Daily backup");
    expect(jobLabel("og-image.make")).toBe("Link preview picture");
    expect(jobLabel("season.rollover")).toBe("Season rollover");
    expect(jobLabel("constructor")).toBe("Constructor");
    expect(jobLabel("feed_sync")).toBe("Feed sync");
  });

  it("says the common schedules in words and shows any other as written, in UTC", () => {
    expect(scheduleText("*/10 * * * *")).toBe("Every 10 minutes");
    expect(scheduleText("0 * * * *")).toBe("Every hour, on the hour");
    expect(scheduleText("15 * * * *")).toBe("Every hour at minute 15");
    expect(scheduleText("0 3 * * *")).toBe("Every day at 03:00 UTC");
    expect(scheduleText("0 3 * * 1")).toBe("0 3 * * 1 (UTC)");
    expect(scheduleText("nonsense")).toBe("nonsense (UTC)");
  });
});
