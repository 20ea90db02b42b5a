import { describe, expect, it } from "vitest";
import { ADS_TXT_LIMITS, adsTxtErrorMessage, checkAdsTxt, normaliseAdsTxt } from "./ads-txt";

describe("checkAdsTxt (D154, IAB ads.txt 1.1)", () => {
  it("takes records, variables, comments and blank lines", () => {
    const text = [
      "# Arcadium's sellers",
      "google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0",
      "appnexus.com, 1234, RESELLER",
      "Example.org, abc_1, direct # our own",
      "adsystem.example, 99, RESELLER, ; ext=1",
      "",
      "contact=ads@example.com",
      "SUBDOMAIN=games.example.com",
      "OWNERDOMAIN=example.com",
      "MANAGERDOMAIN=manager.example, US",
      "inventorypartnerdomain = partner.example",
      "   ",
    ].join("\r\n");
    expect(checkAdsTxt(text)).toEqual([]);
  });

  it("names each bad line and why", () => {
    const text = [
      "google.com, pub-1, DIRECT",
      "google.com pub-1 DIRECT",
      "not a domain, pub-1, DIRECT",
      "google.com, , DIRECT",
      "google.com, pub-1, OWNER",
      "google.com, pub-1, DIRECT, cert-with-dash",
      "google.com, pub-1, DIRECT, abc, extra",
      "colour=blue",
      "subdomain=not a domain",
      "managerdomain=manager.example, USA",
      "contact=",
    ].join("\n");
    expect(checkAdsTxt(text)).toEqual([
      { line: 2, message: expect.stringContaining("A record is: ad system domain, publisher id") },
      { line: 3, message: '"not a domain" is not a domain name (the ad system\'s, such as google.com)' },
      { line: 4, message: "The publisher id must be one word" },
      { line: 5, message: 'The third field is DIRECT or RESELLER, not "OWNER"' },
      { line: 6, message: "The certification authority id is letters and digits only" },
      { line: 7, message: expect.stringContaining("A record is:") },
      { line: 8, message: expect.stringContaining('"colour" is not an ads.txt variable') },
      { line: 9, message: "subdomain= takes a domain name, such as example.com" },
      { line: 10, message: expect.stringContaining("two-letter country code") },
      { line: 11, message: "contact= needs a value" },
    ]);
  });

  it("bounds the size and the number of lines", () => {
    expect(checkAdsTxt("#".repeat(ADS_TXT_LIMITS.maxChars + 1))).toEqual([
      { line: 0, message: "ads.txt may be at most 65,536 characters" },
    ]);
    expect(checkAdsTxt("\n".repeat(ADS_TXT_LIMITS.maxLines))[0]?.message).toBe("ads.txt may be at most 2,000 lines");
  });

  it("says the first five errors and how many more", () => {
    const errors = Array.from({ length: 7 }, (_, i) => ({ line: i + 1, message: "bad" }));
    expect(adsTxtErrorMessage(errors)).toBe(
      "Line 1: bad; Line 2: bad; Line 3: bad; Line 4: bad; Line 5: bad; and 2 more",
    );
  });

  it("stores lines ending in \\n, without trailing spaces or blank lines at the end", () => {
    expect(normaliseAdsTxt("google.com, 1, DIRECT  \r\n\r\n# end\r\n\r\n  ")).toBe("google.com, 1, DIRECT\n\n# end\n");
    expect(normaliseAdsTxt(" \n\n")).toBe("");
  });
});
