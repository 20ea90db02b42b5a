/**
 * D110 feed formats: what each distributor's feed page looks like, read into one normalised item. One concern, pure:
 * no database, no HTTP (the sync fetches a page and hands its body here).
 *
 * Contract:
 * - `parseFeedPage(kind, body, options)` reads one page's text. It refuses the whole page with `FeedPageRefused` only
 *   when the body is larger than 32 MB, is not JSON, or has no list of items where the kind keeps it (a JSON feed
 *   without a valid mapping too). Otherwise it never throws: each entry of the list becomes a `FeedItem` (in
 *   `items`, with its source entry at the same place in `raw`) or an `{index, reason}` in `invalid`, `index` being
 *   its place in the page's list. A missing id or title, a game address that is not http(s), a size that is not a
 *   whole number of pixels up to 10,000, text over its bound (FEED_ITEM_LIMITS), an entry that is not an object, or
 *   an id already seen on the page make that entry invalid, never the page.
 * - The shapes: `gamedistribution` is an array of PascalCase entries (`Md5`, `Title`, `Asset`, `Category`, `Tag` …)
 *   or of the older camelCase ones (`md5`, `assetList[{name}]`, `categoryList[{name}]`, `tagList[{name}]`);
 *   `gamepix` is `{items, next_url}`; `gamemonetize` an array or `{games}`, sizes as strings, tags as a comma
 *   string; `json` reads each field from its path in `options.mapping` (jsonFeedMappingSchema).
 * - Text is plain: tags stripped (with the content of script and style), entities decoded, white space collapsed,
 *   trimmed. Tags and categories keep their case ("Kids Friendly"); a list may be an array of strings or of
 *   `{name}`, or a comma string. `mobile` is true/false for a boolean, "true"/"false" or 1/0, else null. A size
 *   missing, empty or 0 is null (unknown). `publishedAt` is ISO 8601 when the source's date reads as one, else absent.
 * - The cover is picked by the size in the address, not by order (`pickCover`): 512x384, else landscape covering a
 *   512x384 card (nearest 4:3), square covering it, smaller landscape, smaller square, no size, portrait.
 * - `next`: GameDistribution, GameMonetize (and a JSON feed with no next path) go on to `{page: page + 1}` while a
 *   page holds at least the requested amount of entries, valid or not; GamePix (and a JSON feed with a next path)
 *   go to `{url}` when the page names an http(s) address other than its own. Otherwise null.
 * - `feedUrl(kind, {publisherId, page, amount})` is the distributor's public feed address for a page;
 *   `embedUrlFor(kind, item, pageUrl)` is the address a game's frame loads; `formatChanged` is D113's drift rule.
 */
import {
  FEED_ITEM_LIMITS,
  feedItemSchema,
  jsonFeedMappingSchema,
  type FeedItem,
  type FeedKind,
  type JsonFeedMapping,
} from "../../contract/admin/feeds";
import { isHttpUrl } from "../../contract/admin/fields";
import { Invalid } from "../errors";

export type FeedPageOptions = {
  /** the page asked for (from 1) */
  page?: number;
  /** how many entries were asked for: a page with fewer is the last */
  amount?: number;
  /** the address the page was fetched from: a relative next address is read against it */
  url?: string;
  /** the `json` kind's mapping */
  mapping?: JsonFeedMapping;
};

export type FeedPage = {
  items: FeedItem[];
  /** the source entry of each item, at the same place */
  raw: unknown[];
  invalid: Array<{ index: number; reason: string }>;
  /** how many entries the page's list held, valid or not */
  received: number;
  next: { page?: number; url?: string } | null;
};

/** The whole page is unusable: not JSON, too large, or no list of items where the kind keeps it. */
export class FeedPageRefused extends Error {
  override name = "FeedPageRefused";
}

export const FEED_PAGE_MAX_CHARS = 32 * 1024 * 1024;

/** How many entries a page holds when the address does not say (the distributors' own defaults). */
export const FEED_DEFAULT_AMOUNT: Record<Exclude<FeedKind, "json">, number> = {
  gamedistribution: 100,
  gamepix: 96,
  gamemonetize: 100,
};

export function feedUrl(kind: FeedKind, options: { publisherId?: string; page: number; amount?: number }): string {
  const page = String(options.page);
  switch (kind) {
    case "gamedistribution": {
      const query = new URLSearchParams({
        collection: "all",
        categories: "All",
        tags: "All",
        subType: "all",
        type: "all",
        mobile: "all",
        rewarded: "all",
        amount: String(options.amount ?? FEED_DEFAULT_AMOUNT.gamedistribution),
        page,
        format: "json",
      });
      return `https://catalog.api.gamedistribution.com/api/v2.0/rss/All/?${query}`;
    }
    case "gamepix": {
      const sid = options.publisherId?.trim();
      if (!sid) throw new Invalid("GamePix needs a publisher id (its sid) for the feed's address");
      const query = new URLSearchParams({
        sid,
        pagination: String(options.amount ?? FEED_DEFAULT_AMOUNT.gamepix),
        page,
      });
      return `https://feeds.gamepix.com/v2/json?${query}`;
    }
    case "gamemonetize": {
      const query = new URLSearchParams({
        format: "0",
        num: String(options.amount ?? FEED_DEFAULT_AMOUNT.gamemonetize),
        page,
      });
      return `https://gamemonetize.com/feed.php?${query}`;
    }
    case "json":
      throw new Invalid("A JSON feed has no default address: give its url");
  }
}

/** D111: a GameDistribution game is told the page that hosts it; other distributors' addresses are used as given. */
export function embedUrlFor(kind: FeedKind, item: Pick<FeedItem, "embedUrl">, pageUrl: string): string {
  if (kind !== "gamedistribution") return item.embedUrl;
  try {
    const url = new URL(item.embedUrl);
    url.searchParams.set("gd_sdk_referrer_url", pageUrl);
    return url.toString();
  } catch {
    return item.embedUrl;
  }
}

/** D113: the source answered nothing valid, or at least half its items failed, where the last run had items. */
export function formatChanged(run: { parsed: number; invalid: number; lastRunItems: number }): boolean {
  if (run.lastRunItems <= 0) return false;
  return run.parsed === 0 || run.invalid >= (run.parsed + run.invalid) / 2;
}

export function parseFeedPage(kind: FeedKind, body: string, options: FeedPageOptions): FeedPage {
  if (body.length > FEED_PAGE_MAX_CHARS)
    throw new FeedPageRefused(`The feed's answer is larger than ${FEED_PAGE_MAX_CHARS / 1024 / 1024} MB`);
  let page: unknown;
  try {
    page = JSON.parse(body);
  } catch {
    throw new FeedPageRefused("The feed's answer is not JSON");
  }
  const format = formatOf(kind, options);
  const list = format.list(page);
  if (!Array.isArray(list)) throw new FeedPageRefused("The feed's answer has no list of items");

  const result: FeedPage = { items: [], raw: [], invalid: [], received: list.length, next: null };
  const seen = new Set<string>();
  list.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) {
      result.invalid.push({ index, reason: "The item is not an object" });
      return;
    }
    const parsed = feedItemSchema.safeParse(format.item(entry));
    if (!parsed.success) {
      result.invalid.push({ index, reason: parsed.error.issues[0]?.message ?? "The item is not valid" });
      return;
    }
    const item = parsed.data;
    if (seen.has(item.externalId)) {
      result.invalid.push({ index, reason: `The id ${item.externalId} is on this page twice` });
      return;
    }
    seen.add(item.externalId);
    result.items.push(item);
    result.raw.push(entry);
  });
  result.next = format.next(page, list.length);
  return result;
}

type Entry = Record<string, unknown>;

/** What feedItemSchema checks: each field read from the entry, cleaned but not yet bounded. */
type Candidate = Partial<Record<keyof FeedItem, unknown>>;

type Format = {
  list: (page: unknown) => unknown;
  item: (entry: Entry) => Candidate;
  next: (page: unknown, received: number) => FeedPage["next"];
};

function formatOf(kind: FeedKind, options: FeedPageOptions): Format {
  const byPage = (_page: unknown, received: number) => nextByAmount(received, options);
  switch (kind) {
    case "gamedistribution":
      return { list: (page) => page, item: gameDistributionItem, next: byPage };
    case "gamepix":
      return {
        list: (page) => (isRecord(page) ? own(page, "items") : undefined),
        item: gamePixItem,
        next: (page) => nextByUrl(isRecord(page) ? own(page, "next_url") : undefined, options),
      };
    case "gamemonetize":
      return {
        list: (page) => (isRecord(page) ? own(page, "games") : page),
        item: gameMonetizeItem,
        next: byPage,
      };
    case "json": {
      const checked = jsonFeedMappingSchema.safeParse(options.mapping);
      if (!checked.success)
        throw new FeedPageRefused(
          options.mapping === undefined
            ? "A JSON feed needs a mapping"
            : `The JSON feed's mapping is not valid: ${checked.error.issues[0]?.message}`,
        );
      const mapping = checked.data;
      const nextPath = mapping.nextUrl;
      return {
        list: (page) => (mapping.items ? readPath(page, mapping.items) : page),
        item: (entry) => mappedItem(entry, mapping),
        next: nextPath === undefined ? byPage : (page) => nextByUrl(readPath(page, nextPath), options),
      };
    }
  }
}

function gameDistributionItem(entry: Entry): Candidate {
  const v1 = own(entry, "md5") !== undefined || (own(entry, "Md5") === undefined && own(entry, "title") !== undefined);
  if (v1)
    return {
      externalId: id(own(entry, "md5")),
      title: text(own(entry, "title")),
      description: text(own(entry, "description")),
      instructions: text(own(entry, "instructions")),
      embedUrl: address(own(entry, "url")),
      imageUrl: pickCover(names(own(entry, "assetList"))),
      categories: labels(own(entry, "categoryList")),
      tags: labels(own(entry, "tagList")),
      mobile: flag(own(entry, "mobile")),
      width: size(own(entry, "width")),
      height: size(own(entry, "height")),
    };
  return {
    externalId: id(own(entry, "Md5")),
    title: text(own(entry, "Title")),
    description: text(own(entry, "Description")),
    instructions: text(own(entry, "Instructions")),
    embedUrl: address(own(entry, "Url")),
    imageUrl: pickCover(names(own(entry, "Asset"))),
    categories: labels(own(entry, "Category")),
    tags: labels(own(entry, "Tag")),
    mobile: flag(own(entry, "Mobile")),
    width: size(own(entry, "Width")),
    height: size(own(entry, "Height")),
  };
}

function gamePixItem(entry: Entry): Candidate {
  return {
    externalId: id(own(entry, "id")),
    title: text(own(entry, "title")),
    description: text(own(entry, "description")),
    instructions: text(own(entry, "instructions")),
    embedUrl: address(own(entry, "url")),
    imageUrl: pickCover([own(entry, "banner_image"), own(entry, "image")]),
    categories: labels(own(entry, "category")),
    tags: labels(own(entry, "tags")),
    mobile: null,
    width: size(own(entry, "width")),
    height: size(own(entry, "height")),
    publishedAt: isoDate(own(entry, "date_published")),
  };
}

function gameMonetizeItem(entry: Entry): Candidate {
  return {
    externalId: id(own(entry, "id")),
    title: text(own(entry, "title")),
    description: text(own(entry, "description")),
    instructions: text(own(entry, "instructions")),
    embedUrl: address(own(entry, "url")),
    imageUrl: pickCover([own(entry, "thumb")]),
    categories: labels(own(entry, "category")),
    tags: labels(own(entry, "tags")),
    mobile: null,
    width: size(own(entry, "width")),
    height: size(own(entry, "height")),
  };
}

function mappedItem(entry: Entry, mapping: JsonFeedMapping): Candidate {
  const field = (name: keyof JsonFeedMapping["fields"]) => {
    const path = mapping.fields[name];
    return path === undefined ? undefined : readPath(entry, path);
  };
  const image = field("imageUrl");
  return {
    externalId: id(field("externalId")),
    title: text(field("title")),
    description: text(field("description")),
    instructions: text(field("instructions")),
    embedUrl: address(field("embedUrl")),
    imageUrl: pickCover(Array.isArray(image) ? names(image) : [image]),
    categories: labels(field("categories")),
    tags: labels(field("tags")),
    mobile: flag(field("mobile")),
    width: size(field("width")),
    height: size(field("height")),
    publishedAt: isoDate(field("publishedAt")),
  };
}

function nextByAmount(received: number, options: FeedPageOptions): FeedPage["next"] {
  const amount = options.amount;
  if (amount === undefined || !Number.isSafeInteger(amount) || amount < 1 || received < amount) return null;
  const page = Number.isSafeInteger(options.page) && (options.page ?? 0) >= 1 ? (options.page as number) : 1;
  return { page: page + 1 };
}

function nextByUrl(value: unknown, options: FeedPageOptions): FeedPage["next"] {
  if (typeof value !== "string" || value.length > FEED_ITEM_LIMITS.url) return null;
  let url: string;
  try {
    url = new URL(value.trim(), options.url).toString();
  } catch {
    return null;
  }
  if (!isHttpUrl(url)) return null;
  if (options.url !== undefined && sameAddress(url, options.url)) return null;
  return { url };
}

function sameAddress(a: string, b: string): boolean {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return false;
  }
}

// --- reading values ---

function isRecord(value: unknown): value is Entry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A key of the object itself: "constructor" or "__proto__" never reach the prototype. */
function own(value: Entry, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The value at a mapping path (FEED_PATH_PATTERN) such as `media.images[0].url`, or undefined. */
function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (key !== undefined) current = isRecord(current) ? own(current, key) : undefined;
    else current = Array.isArray(current) ? current[Number(index)] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function id(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

function text(value: unknown): string {
  if (typeof value === "string") return plainText(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function address(value: unknown): string | undefined {
  return typeof value === "string" ? value.trim() : undefined;
}

/** A list of names: an array of strings or of `{name}`, or one comma-separated string. */
function labels(value: unknown): string[] {
  const parts = typeof value === "string" ? value.split(",") : names(value);
  const out: string[] = [];
  for (const part of parts) {
    if (typeof part !== "string") continue;
    const label = plainText(part);
    if (label !== "" && !out.includes(label)) out.push(label);
  }
  return out;
}

/** The entries of an array of strings or of `{name}` objects. */
function names(value: unknown): unknown[] {
  if (!Array.isArray(value)) return [];
  return value.map((v: unknown) => (isRecord(v) ? own(v, "name") : v));
}

function flag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return null;
}

/** Pixels: missing, empty or 0 is unknown (null); anything else goes to the schema, NaN when it is not a number. */
function size(value: unknown): number | null {
  if (value === undefined || value === null || value === 0) return null;
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const v = value.trim();
  if (v === "" || v === "0") return null;
  return /^-?\d{1,9}(\.\d{1,9})?$/.test(v) ? Number(v) : Number.NaN;
}

function isoDate(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 64) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

// --- covers ---

const SIZE_SUFFIX = /(?:^|[-_/.])(\d{2,5})x(\d{2,5})\.(?:jpe?g|png|webp|gif|avif)$/i;
const CARD = { width: 512, height: 384 };

/** The best card cover of some image addresses, by the WxH size in their names; null when none is http(s). */
export function pickCover(candidates: unknown[]): string | null {
  const ranked = candidates
    .filter((c): c is string => typeof c === "string" && c.length <= FEED_ITEM_LIMITS.url && isHttpUrl(c.trim()))
    .map((c, order) => ({ url: c.trim(), order, rank: coverRank(c.trim()) }));
  ranked.sort((a, b) => compareRanks(a.rank, b.rank) || a.order - b.order);
  return ranked[0]?.url ?? null;
}

/** Lower is better: the tier, then within it the aspect's distance from a card's, then the area. */
type CoverRank = [tier: number, aspect: number, area: number];

function compareRanks(a: CoverRank, b: CoverRank): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function coverRank(url: string): CoverRank {
  const match = SIZE_SUFFIX.exec(new URL(url).pathname);
  if (!match) return [5, 0, 0];
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width === CARD.width && height === CARD.height) return [0, 0, 0];
  const covers = width >= CARD.width && height >= CARD.height;
  const area = width * height;
  const aspect = Math.abs(width / height - CARD.width / CARD.height);
  // Among those that cover a card, the nearest 4:3 then the smallest; among smaller ones, the largest.
  if (width > height) return covers ? [1, aspect, area] : [3, 0, -area];
  if (width === height) return covers ? [2, 0, area] : [4, 0, -area];
  return [6, 0, -area];
}

// --- plain text ---

/** Tags whose place reads as a break between words; other tags (b, i, span …) vanish without a space. */
const BREAKING_TAGS = new Set(
  "p br div li ul ol h1 h2 h3 h4 h5 h6 tr td th table blockquote hr section article header footer pre dd dt dl".split(
    " ",
  ),
);
const DROPPED_WITH_CONTENT = new Set(["script", "style"]);

/**
 * A feed's HTML or text as plain text: tags stripped (script and style with their content), entities decoded,
 * white space and control characters collapsed to single spaces, trimmed. Linear in the input, whatever it holds.
 */
export function plainText(html: string): string {
  const lower = html.toLowerCase();
  let out = "";
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 40));
    const gt = tag ? html.indexOf(">", lt) : -1;
    if (!tag || gt < 0) {
      out += "<";
      i = lt + 1;
      continue;
    }
    const name = tag[2].toLowerCase();
    i = gt + 1;
    if (tag[1] === "" && DROPPED_WITH_CONTENT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      const closeEnd = close < 0 ? -1 : html.indexOf(">", close);
      i = closeEnd < 0 ? html.length : closeEnd + 1;
      out += " ";
      continue;
    }
    if (BREAKING_TAGS.has(name)) out += " ";
  }
  return decodeEntities(out)
    .replace(/[\s\p{Cc}\u200b\ufeff]+/gu, " ")
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
};

function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,8})|#(\d{1,8})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g,
    (all, hex, dec, named) => {
      if (named !== undefined) return Object.hasOwn(NAMED_ENTITIES, named) ? NAMED_ENTITIES[named] : all;
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : all;
    },
  );
}
