import { describe, expect, it } from "vitest";
import { describeUserAgent, storedUserAgent } from "./user-agent";

// D87: the sessions list names each session's browser and system.
describe("describeUserAgent (D87)", () => {
  const cases: Array<[string, string]> = [
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
      "Chrome on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
      "Chrome on iPhone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      "Safari on macOS",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/81.0.4196.61",
      "Opera on Android",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
      "Safari on iPad",
    ],
    ["curl/8.5.0", "curl"],
    ["lightMyRequest", "Unknown browser"],
  ];
  it.each(cases)("%s → %s", (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });
  it("says so when no User-Agent was recorded", () => {
    expect(describeUserAgent(null)).toBe("Unknown device");
  });
  it("stores at most 512 characters, and nothing for a blank header", () => {
    expect(storedUserAgent("x".repeat(600))).toHaveLength(512);
    expect(storedUserAgent("  ")).toBeNull();
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent(["a", "b"])).toBe("a");
  });
});
