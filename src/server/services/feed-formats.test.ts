import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FEED_KINDS, type JsonFeedMapping } from "../../contract/admin/feeds";
import {
  FeedPageRefused,
  embedUrlFor,
  feedUrl,
  formatChanged,
  parseFeedPage,
  pickCover,
  plainText,
} from "./feed-formats";

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/feeds/${name}.json`, import.meta.url), "utf8");
const fixtureJson = (name: string) => JSON.parse(fixture(name)) as Record<string, unknown>[];

const mapping: JsonFeedMapping = {
  items: "data.results",
  fields: {
    externalId: "uid",
    title: "name",
    description: "summary",
    instructions: "howToPlay",
    embedUrl: "play.iframe",
    imageUrl: "media.images[0].url",
    categories: "genres",
    tags: "labels",
    mobile: "touch",
    width: "size.w",
    height: "size.h",
    publishedAt: "released",
  },
  nextUrl: "data.links.next",
};

describe("GameDistribution", () => {
  it("reads the v2 shape: PascalCase, Mobile as a string, the 512x384 cover whatever its place in the list", () => {
    const page = parseFeedPage("gamedistribution", fixture("gamedistribution-v2"), { page: 1, amount: 100 });
    expect(page.invalid).toEqual([]);
    expect(page.items).toHaveLength(3);
    const [rails, bubbles, knight] = page.items;
    expect(rails).toEqual({
      externalId: "4f1c2a9e7b3d4c5e8f9a0b1c2d3e4f5a",
      title: "Rusty Rails",
      description: "Lay track across a rusting valley & keep the freight moving. Bridges wear out, so plan ahead!",
      instructions: "Click and drag to lay track. Press Space to start the train.",
      embedUrl: "https://html5.gamedistribution.com/4f1c2a9e7b3d4c5e8f9a0b1c2d3e4f5a/",
      imageUrl: "https://img.gamedistribution.com/4f1c2a9e7b3d4c5e8f9a0b1c2d3e4f5a-512x384.jpeg",
      categories: ["Puzzle", "Strategy"],
      tags: ["Kids Friendly", "No Blood", "Trains", "Logic"],
      mobile: true,
      width: 1280,
      height: 720,
    });
    expect(bubbles.mobile).toBe(false);
    expect(bubbles.imageUrl).toBe("https://img.gamedistribution.com/9a8b7c6d5e4f30211203f4e5d6c7b8a9-1280x720.jpeg");
    expect([bubbles.width, bubbles.height]).toEqual([800, 600]);
    // A size of 0 means the source does not say.
    expect([knight.width, knight.height]).toEqual([null, null]);
    expect(knight.imageUrl).toBe("https://img.gamedistribution.com/0c0ffee0c0ffee0c0ffee0c0ffee0c0f-512x512.jpeg");
    expect(page.raw[0]).toMatchObject({ Md5: "4f1c2a9e7b3d4c5e8f9a0b1c2d3e4f5a" });
  });

  it("reads the older v1 shape with categoryList, assetList and tagList of {name}", () => {
    const page = parseFeedPage("gamedistribution", fixture("gamedistribution-v1"), { page: 1, amount: 100 });
    expect(page.invalid).toEqual([]);
    expect(page.items.map((i) => [i.externalId, i.title, i.mobile, i.width, i.height])).toEqual([
      ["5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b", "Dragon Drop", true, 960, 540],
      ["1b2c3d4e5f60718293a4b5c6d7e8f901", "Puzzle Pipes", false, 800, 600],
    ]);
    expect(page.items[0]).toMatchObject({
      description: "Stack baby dragons on a wobbling tower – how high can you go?",
      imageUrl: "https://img.gamedistribution.com/5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b-512x384.jpeg",
      categories: ["Casual", "Stacking"],
      tags: ["Kids Friendly", "Dragons"],
    });
  });

  it("pages until a short page, counting the entries received, valid or not", () => {
    const entries = fixtureJson("gamedistribution-v2");
    expect(parseFeedPage("gamedistribution", JSON.stringify(entries), { page: 4, amount: 3 }).next).toEqual({
      page: 5,
    });
    expect(parseFeedPage("gamedistribution", JSON.stringify(entries), { page: 4, amount: 100 }).next).toBeNull();
    const broken = entries.map((e) => ({ ...e, Md5: "" }));
    const page = parseFeedPage("gamedistribution", JSON.stringify(broken), { page: 1, amount: 3 });
    expect(page.items).toEqual([]);
    expect(page.next).toEqual({ page: 2 });
    expect(parseFeedPage("gamedistribution", "[]", { page: 7, amount: 100 }).next).toBeNull();
  });

  it("sets gd_sdk_referrer_url on the embed to the game's page on our site, and leaves other kinds alone", () => {
    const page = parseFeedPage("gamedistribution", fixture("gamedistribution-v2"), {});
    const embed = embedUrlFor("gamedistribution", page.items[0], "https://arcade.example.org/games/rusty-rails?x=1");
    const url = new URL(embed);
    expect(url.origin + url.pathname).toBe(page.items[0].embedUrl);
    expect(url.searchParams.get("gd_sdk_referrer_url")).toBe("https://arcade.example.org/games/rusty-rails?x=1");
    const again = embedUrlFor("gamedistribution", { embedUrl: embed }, "https://arcade.example.org/games/other");
    expect(new URL(again).searchParams.getAll("gd_sdk_referrer_url")).toEqual([
      "https://arcade.example.org/games/other",
    ]);
    const gm = { embedUrl: "https://html5.gamemonetize.com/abc/?x=1" };
    expect(embedUrlFor("gamemonetize", gm, "https://arcade.example.org/games/a")).toBe(gm.embedUrl);
  });
});

describe("GamePix", () => {
  it("reads {items, next_url} and follows next_url", () => {
    const page = parseFeedPage("gamepix", fixture("gamepix"), { page: 1, amount: 96 });
    expect(page.invalid).toEqual([]);
    expect(page.items.map((i) => i.externalId)).toEqual(["40071", "40188", "40233"]);
    expect(page.items[0]).toEqual({
      externalId: "40071",
      title: "Fruit Slicer Deluxe",
      description: "Slice falling fruit, dodge the bombs, and chase a combo streak.",
      instructions: "",
      embedUrl: "https://play.gamepix.com/fruit-slicer-deluxe/embed?sid=A1B2C",
      imageUrl: "https://img.gamepix.com/games/fruit-slicer-deluxe/cover/fruit-slicer-deluxe.png?w=320&ar=16:10",
      categories: ["arcade"],
      tags: [],
      mobile: null,
      width: 480,
      height: 800,
      publishedAt: "2024-11-02T14:05:00.000Z",
    });
    expect(page.next).toEqual({ url: "https://feeds.gamepix.com/v2/json?sid=A1B2C&pagination=96&page=2" });
  });

  it("stops when there is no next_url, or when it points back at the same page", () => {
    const body = JSON.parse(fixture("gamepix")) as Record<string, unknown>;
    expect(parseFeedPage("gamepix", JSON.stringify({ ...body, next_url: null }), {}).next).toBeNull();
    const self = "https://feeds.gamepix.com/v2/json?sid=A1B2C&pagination=96&page=1";
    expect(parseFeedPage("gamepix", JSON.stringify({ ...body, next_url: self }), { url: self }).next).toBeNull();
    expect(parseFeedPage("gamepix", JSON.stringify({ ...body, next_url: "javascript:alert(1)" }), {}).next).toBeNull();
  });
});

describe("GameMonetize", () => {
  it("reads the plain array: sizes as strings, tags as a comma string, 'Kids Friendly' kept exactly", () => {
    const page = parseFeedPage("gamemonetize", fixture("gamemonetize"), { page: 1, amount: 100 });
    expect(page.invalid).toEqual([]);
    expect(page.items[0]).toEqual({
      externalId: "31337",
      title: "Zombie Bus Escape",
      description: "Drive the last bus out of town. The horde is right behind you.",
      instructions: "W A S D to drive, Space to brake.",
      embedUrl: "https://html5.gamemonetize.com/zq8r3w1v6k2m9n4b5c7x0ll4a1d2s3f4/",
      imageUrl: "https://img.gamemonetize.com/zq8r3w1v6k2m9n4b5c7x0ll4a1d2s3f4/512x384.jpg",
      categories: ["Racing"],
      tags: ["zombie", "driving", "3d", "escape"],
      mobile: null,
      width: 800,
      height: 600,
    });
    expect(page.items[1].tags).toEqual(["Kids Friendly", "merge", "candy"]);
    expect([page.items[2].width, page.items[2].height]).toEqual([null, null]);
    expect(page.next).toBeNull();
  });

  it("reads the same games wrapped in {games: [...]}, and pages by the requested amount", () => {
    const page = parseFeedPage("gamemonetize", fixture("gamemonetize-wrapped"), { page: 2, amount: 2 });
    expect(page.invalid).toEqual([]);
    expect(page.items.map((i) => i.title)).toEqual(["Hex Tower Defense", "Bubble Pop Garden"]);
    expect(page.next).toEqual({ page: 3 });
  });
});

describe("a JSON feed with a mapping", () => {
  it("reads each of our fields from its path, and the next page's address relative to the page", () => {
    const page = parseFeedPage("json", fixture("json-feed"), {
      mapping,
      url: "https://api.example-arcade.com/api/games?page=1",
    });
    expect(page.invalid).toEqual([]);
    expect(page.items[0]).toEqual({
      externalId: "tiny-tanks",
      title: "Tiny Tanks",
      description: "Top-down tank battles in a toy box.",
      instructions: "Arrows to drive, mouse to aim.",
      embedUrl: "https://games.example-arcade.com/tiny-tanks/index.html",
      imageUrl: "https://cdn.example-arcade.com/tiny-tanks/cover-640x480.jpg",
      categories: ["Action", "Multiplayer"],
      tags: ["tanks", "Kids Friendly"],
      mobile: true,
      width: 960,
      height: 640,
      publishedAt: "2024-04-01T00:00:00.000Z",
    });
    // A date the source gets wrong is left out, not a reason to refuse the game.
    expect(page.items[1]).toMatchObject({ tags: [], mobile: false });
    expect(page.items[1].publishedAt).toBeUndefined();
    expect(page.next).toEqual({ url: "https://api.example-arcade.com/api/games?page=2" });
  });

  it("without a next path, pages by the requested amount when one is given", () => {
    const { nextUrl: _, ...noNext } = mapping;
    expect(parseFeedPage("json", fixture("json-feed"), { mapping: noNext, page: 1, amount: 2 }).next).toEqual({
      page: 2,
    });
    expect(parseFeedPage("json", fixture("json-feed"), { mapping: noNext }).next).toBeNull();
  });

  it("reads a page that is itself the list when the mapping names no items path", () => {
    const list = (JSON.parse(fixture("json-feed")) as { data: { results: unknown[] } }).data.results;
    const page = parseFeedPage("json", JSON.stringify(list), { mapping: { fields: mapping.fields } });
    expect(page.items.map((i) => i.externalId)).toEqual(["tiny-tanks", "moon-miner"]);
  });

  it("does not read through the prototype of an item", () => {
    const body = JSON.stringify([{ id: "a", name: "A", play: "https://x.example/a" }]);
    const page = parseFeedPage("json", body, {
      mapping: { fields: { externalId: "id", title: "constructor.name", embedUrl: "play" } },
    });
    expect(page.items).toEqual([]);
    expect(page.invalid).toEqual([{ index: 0, reason: "The item has no title" }]);
  });
});

describe("each item is checked on its own", () => {
  it("a page of half-broken items: each bad one is invalid with its reason, the good ones pass", () => {
    const [good, ...rest] = fixtureJson("gamedistribution-v2");
    const entries = [
      good,
      { ...rest[0], Md5: undefined },
      { ...rest[1], Title: "   " },
      { ...rest[1], Md5: "a1", Url: "javascript:alert(1)" },
      { ...rest[1], Md5: "a2", Width: "99999" },
      { ...rest[1], Md5: "a3", Height: "-5" },
      { ...rest[1], Md5: "a4", Title: "T".repeat(101) },
      { ...rest[1], Md5: "a5", Description: "d".repeat(5001) },
      { ...rest[1], Md5: "a6", Tag: ["x".repeat(61)] },
      { ...rest[0], Md5: "a7" },
      { ...rest[0], Md5: "a7" },
      "not an object",
      null,
    ];
    const page = parseFeedPage("gamedistribution", JSON.stringify(entries), { page: 1, amount: 100 });
    expect(page.items.map((i) => i.externalId)).toEqual([good.Md5, "a7"]);
    expect(page.raw).toHaveLength(2);
    expect(page.invalid).toEqual([
      { index: 1, reason: "The item has no id" },
      { index: 2, reason: "The item has no title" },
      { index: 3, reason: "The game address is not an http(s) address" },
      { index: 4, reason: "The width is more than 10000 pixels" },
      { index: 5, reason: "The height is not a positive number of pixels" },
      { index: 6, reason: "The title is longer than 100 characters" },
      { index: 7, reason: "The description is longer than 5000 characters" },
      { index: 8, reason: "A tag is longer than 60 characters" },
      { index: 10, reason: "The id a7 is on this page twice" },
      { index: 11, reason: "The item is not an object" },
      { index: 12, reason: "The item is not an object" },
    ]);
  });

  it("a renamed field makes every item invalid, and trips the drift rule", () => {
    const renamed = fixtureJson("gamedistribution-v2").map(({ Title, ...rest }) => ({ ...rest, Name: Title }));
    const page = parseFeedPage("gamedistribution", JSON.stringify(renamed), { page: 1, amount: 100 });
    expect(page.items).toEqual([]);
    expect(page.invalid.map((i) => i.reason)).toEqual(Array(3).fill("The item has no title"));
    expect(formatChanged({ parsed: page.items.length, invalid: page.invalid.length, lastRunItems: 3 })).toBe(true);
  });

  it("a size the source gives as a fraction or words is invalid; a missing one is unknown", () => {
    const [entry] = fixtureJson("gamedistribution-v2");
    const parse = (extra: object) =>
      parseFeedPage("gamedistribution", JSON.stringify([{ ...entry, ...extra }]), {}).invalid[0]?.reason;
    expect(parse({ Width: 800.5 })).toBe("The width is not a whole number of pixels");
    expect(parse({ Width: "800px" })).toBe("The width is not a whole number of pixels");
    expect(parse({ Width: undefined, Height: null })).toBeUndefined();
  });
});

describe("plainText", () => {
  it("strips tags (and the content of script and style), decodes entities and collapses spaces", () => {
    expect(plainText("  <p>Fun&nbsp;&amp; <i>fast</i></p>\n\n<ul><li>Jump</li><li>Run</li></ul>  ")).toBe(
      "Fun & fast Jump Run",
    );
    expect(plainText("<script>alert(1)</script><style>p{}</style>Safe &lt;b&gt; &#233;&#x41;")).toBe("Safe <b> éA");
    expect(plainText("3 < 4 and 5 > 2 &bogus; &#xFFFFFFF; <!-- hidden -->")).toBe(
      "3 < 4 and 5 > 2 &bogus; &#xFFFFFFF;",
    );
  });
});

describe("pickCover", () => {
  it("prefers 512x384, then the landscape size nearest a card, then square, then one with no size", () => {
    const u = (s: string) => `https://img.example/a${s}.jpg`;
    expect(pickCover([u("-512x512"), u("-1280x720"), u("-512x384")])).toBe(u("-512x384"));
    expect(pickCover([u("-200x120"), u("-1280x550"), u("-1280x720"), u("-512x512")])).toBe(u("-1280x720"));
    expect(pickCover([u("-200x120"), u("-512x512")])).toBe(u("-512x512"));
    expect(pickCover([u("-384x512"), u(""), u("-200x120")])).toBe(u("-200x120"));
    expect(pickCover([u("-384x512"), u("")])).toBe(u(""));
    expect(pickCover(["not a url", "ftp://x/y-512x384.jpg"])).toBeNull();
  });
});

describe("feedUrl", () => {
  it("gives each distributor's public feed address for a page", () => {
    const gd = new URL(feedUrl("gamedistribution", { page: 3, amount: 50 }));
    expect(gd.origin + gd.pathname).toBe("https://catalog.api.gamedistribution.com/api/v2.0/rss/All/");
    expect(Object.fromEntries(gd.searchParams)).toMatchObject({ page: "3", amount: "50", format: "json" });
    expect(feedUrl("gamepix", { publisherId: "A1 B", page: 2 })).toBe(
      "https://feeds.gamepix.com/v2/json?sid=A1+B&pagination=96&page=2",
    );
    expect(feedUrl("gamemonetize", { page: 1 })).toBe("https://gamemonetize.com/feed.php?format=0&num=100&page=1");
  });

  it("refuses what has no default address", () => {
    expect(() => feedUrl("gamepix", { page: 1 })).toThrow("GamePix needs a publisher id");
    expect(() => feedUrl("json", { page: 1 })).toThrow("A JSON feed has no default address");
  });
});

describe("formatChanged (D113)", () => {
  it("is true when a source that had items answers nothing valid, or half its items fail", () => {
    expect(formatChanged({ parsed: 0, invalid: 0, lastRunItems: 10 })).toBe(true);
    expect(formatChanged({ parsed: 5, invalid: 5, lastRunItems: 10 })).toBe(true);
    expect(formatChanged({ parsed: 6, invalid: 4, lastRunItems: 10 })).toBe(false);
    expect(formatChanged({ parsed: 0, invalid: 3, lastRunItems: 0 })).toBe(false);
    expect(formatChanged({ parsed: 100, invalid: 0, lastRunItems: 0 })).toBe(false);
  });
});

describe("refusals", () => {
  it("refuses a body that is not JSON, or whose item list is not an array, with a clear message", () => {
    expect(() => parseFeedPage("gamedistribution", "<html>Maintenance</html>", {})).toThrow(
      new FeedPageRefused("The feed's answer is not JSON"),
    );
    expect(() => parseFeedPage("gamepix", JSON.stringify({ items: { a: 1 } }), {})).toThrow(
      "The feed's answer has no list of items",
    );
    expect(() => parseFeedPage("gamemonetize", JSON.stringify({ error: "quota" }), {})).toThrow(FeedPageRefused);
    expect(() => parseFeedPage("json", "[]", {})).toThrow("A JSON feed needs a mapping");
    expect(() => parseFeedPage("gamedistribution", `[${" ".repeat(34_000_000)}]`, {})).toThrow(
      "The feed's answer is larger than 32 MB",
    );
  });

  it("never throws anything but a refusal, whatever JSON a source answers", () => {
    const anyMapping = fc.record(
      {
        items: fc.constantFrom("items", "a.b[0]", "data"),
        fields: fc.record({
          externalId: fc.constantFrom("id", "a", "a[0]"),
          title: fc.constantFrom("title", "b", "a.b"),
          embedUrl: fc.constantFrom("url", "c", "a[1].b"),
          width: fc.constantFrom("w", "a"),
          tags: fc.constantFrom("t", "a", "b"),
          mobile: fc.constantFrom("m", "a"),
          publishedAt: fc.constantFrom("d", "a"),
        }),
        nextUrl: fc.constantFrom("next", "a"),
      },
      { requiredKeys: ["fields"] },
    );
    const item = fc.dictionary(
      fc.constantFrom(
        "Md5",
        "Title",
        "Url",
        "Width",
        "Mobile",
        "Asset",
        "Tag",
        "md5",
        "title",
        "url",
        "id",
        "width",
        "tags",
        "thumb",
        "categoryList",
        "assetList",
        "a",
        "b",
        "c",
        "w",
        "m",
        "t",
        "d",
        "__proto__",
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const page = fc.oneof(
      fc.jsonValue(),
      fc.array(item),
      fc.record({ items: fc.array(item), next_url: fc.jsonValue() }),
      fc.record({ games: fc.array(item) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...FEED_KINDS),
        page,
        anyMapping,
        fc.option(fc.integer()),
        (kind, value, m, amount) => {
          try {
            const result = parseFeedPage(kind, JSON.stringify(value), {
              mapping: m,
              amount: amount ?? undefined,
              page: 1,
            });
            expect(result.items.length + result.invalid.length).toBeGreaterThanOrEqual(0);
          } catch (err) {
            expect(err).toBeInstanceOf(FeedPageRefused);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
