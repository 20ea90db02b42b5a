/** D152: reading a VAST document, its skip offset, macros, the bounded fetch and the tracking images. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expandMacros, fetchVast, parseOffset, parseVast, track } from "./vast-document";

const FIXTURE = readFileSync(path.join(__dirname, "../../../../../../e2e/fixtures/vast/vast.xml"), "utf8").replaceAll(
  "{{ORIGIN}}",
  "https://ads.example.net",
);
afterEach(() => vi.unstubAllGlobals());

describe("parseVast", () => {
  it("reads the first linear MP4/WebM file, its skip offset, click-through and tracking addresses", () => {
    expect(parseVast(FIXTURE)).toEqual({
      mediaUrl: "https://ads.example.net/ad.webm",
      mediaType: "video/webm",
      skipOffsetMs: 3000,
      clickThrough: "https://example.com/space-race",
      tracking: {
        impression: ["https://ads.example.net/track/impression"],
        start: ["https://ads.example.net/track/start"],
        complete: ["https://ads.example.net/track/complete"],
        skip: ["https://ads.example.net/track/skip"],
        click: ["https://ads.example.net/track/click"],
      },
    });
  });

  it("finds no ad in an empty VAST, a wrapper, a document without a playable file, or something not VAST", () => {
    expect(parseVast('<VAST version="4.1"></VAST>')).toBeNull();
    expect(
      parseVast("<VAST><Ad><Wrapper><VASTAdTagURI>https://other.example/vast</VASTAdTagURI></Wrapper></Ad></VAST>"),
    ).toBeNull();
    expect(parseVast(FIXTURE.replace('type="video/webm"', 'type="video/x-flv"'))).toBeNull();
    expect(parseVast(FIXTURE.replace("https://ads.example.net/ad.webm", "javascript:alert(1)"))).toBeNull();
    expect(parseVast("<html><body>no</body></html>")).toBeNull();
    expect(parseVast("<VAST><unclosed>")).toBeNull();
  });

  it("has no skip offset of its own when the VAST sets none (our 5 s apply)", () => {
    expect(parseVast(FIXTURE.replace(' skipoffset="00:00:03"', ""))?.skipOffsetMs).toBeNull();
  });
});

describe("parseOffset", () => {
  it("reads HH:MM:SS(.mmm) and a percentage of the duration", () => {
    expect(parseOffset("00:00:05", null)).toBe(5000);
    expect(parseOffset("00:01:02.5", null)).toBe(62_500);
    expect(parseOffset("25%", 20_000)).toBe(5000);
    expect(parseOffset("25%", null)).toBeNull();
    expect(parseOffset("soon", null)).toBeNull();
  });
});

describe("expandMacros", () => {
  it("fills [CACHEBUSTING] and [TIMESTAMP]", () => {
    expect(expandMacros("https://a.example/v?cb=[CACHEBUSTING]&t=[TIMESTAMP]", new Date(0), () => 0.5)).toBe(
      "https://a.example/v?cb=50000000&t=1970-01-01T00%3A00%3A00.000Z",
    );
  });
});

describe("fetchVast", () => {
  it("answers the ad, no_fill for an empty answer or an error status, error past 256 KB", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(FIXTURE)),
    );
    expect(await fetchVast("https://ads.example.net/vast")).toMatchObject({ mediaType: "video/webm" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<VAST/>")),
    );
    expect(await fetchVast("https://ads.example.net/vast")).toEqual({ notShown: "no_fill" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("gone", { status: 500 })),
    );
    expect(await fetchVast("https://ads.example.net/vast")).toEqual({ notShown: "no_fill" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("x".repeat(300 * 1024))),
    );
    expect(await fetchVast("https://ads.example.net/vast")).toEqual({ notShown: "error" });
  });

  it("asks without the player's cookies, with the macros filled and a time limit", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(FIXTURE));
    vi.stubGlobal("fetch", fetchMock);
    await fetchVast("https://ads.example.net/vast?cb=[CACHEBUSTING]");
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toMatch(/^https:\/\/ads\.example\.net\/vast\?cb=\d{8}$/);
    expect(init).toMatchObject({ credentials: "omit" });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });
});

describe("track", () => {
  it("asks each address once as an image", () => {
    const sources: string[] = [];
    vi.stubGlobal(
      "Image",
      class {
        set src(value: string) {
          sources.push(value);
        }
      },
    );
    track(["https://ads.example.net/track/start", "https://ads.example.net/track/start?2"]);
    expect(sources).toEqual(["https://ads.example.net/track/start", "https://ads.example.net/track/start?2"]);
  });
});
