import { z } from "zod";
import { FEED_KINDS } from "../feeds-constants";
import { isHttpUrl } from "./fields";

/**
 * D110: the distributors' feeds. The kinds of source, one game of a feed as every kind is normalised to, and the
 * mapping a `json` source takes. Parsing lives in services/feed-formats.ts.
 */

export { FEED_KINDS };
export type FeedKind = (typeof FEED_KINDS)[number];

/** A feed item's text bounds: the title, description and instructions are those of a game, so a valid item publishes. */
export const FEED_ITEM_LIMITS = {
  externalId: 200,
  title: 100,
  description: 5000,
  instructions: 2000,
  url: 2000,
  label: 60,
  categories: 20,
  tags: 100,
  /** a game's frame is at most this many pixels wide or high */
  size: 10_000,
} as const;

const L = FEED_ITEM_LIMITS;

const httpUrl = (what: string) =>
  z
    .string()
    .max(L.url, `${what} is longer than ${L.url} characters`)
    .refine(isHttpUrl, `${what} is not an http(s) address`);

const labels = (what: string, max: number) =>
  z
    .array(z.string().min(1).max(L.label, `A ${what} is longer than ${L.label} characters`))
    .max(max, `More than ${max} ${what}s`);

const frameSize = (what: string) =>
  z
    .number({ error: `${what} is not a whole number of pixels` })
    .int(`${what} is not a whole number of pixels`)
    .min(1, `${what} is not a positive number of pixels`)
    .max(L.size, `${what} is more than ${L.size} pixels`)
    .nullable();

/** One game of a feed, whatever the distributor's shape. Text is plain: no tags, entities decoded, spaces collapsed. */
export const feedItemSchema = z.object({
  externalId: z
    .string({ error: "The item has no id" })
    .min(1, "The item has no id")
    .max(L.externalId, `The id is longer than ${L.externalId} characters`),
  title: z
    .string({ error: "The item has no title" })
    .min(1, "The item has no title")
    .max(L.title, `The title is longer than ${L.title} characters`),
  description: z.string().max(L.description, `The description is longer than ${L.description} characters`),
  instructions: z.string().max(L.instructions, `The instructions are longer than ${L.instructions} characters`),
  embedUrl: z.string({ error: "The item has no game address" }).pipe(httpUrl("The game address")),
  imageUrl: httpUrl("The cover address").nullable(),
  categories: labels("category", L.categories),
  tags: labels("tag", L.tags),
  mobile: z.boolean().nullable(),
  width: frameSize("The width"),
  height: frameSize("The height"),
  /** ISO 8601, when the source says when the game was published */
  publishedAt: z.string().optional(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** The fields of a FeedItem a `json` source maps, and those it must map. */
export const FEED_MAPPED_FIELDS = [
  "externalId",
  "title",
  "description",
  "instructions",
  "embedUrl",
  "imageUrl",
  "categories",
  "tags",
  "mobile",
  "width",
  "height",
  "publishedAt",
] as const;
export type FeedMappedField = (typeof FEED_MAPPED_FIELDS)[number];

/** A path into a JSON value: names joined by dots, each optionally followed by indexes, e.g. `media.images[0].url`. */
export const FEED_PATH_PATTERN = /^[\w$-]+(\[\d{1,4}\])*(\.[\w$-]+(\[\d{1,4}\])*)*$/;
const PATH_MESSAGE = "A path is names joined by dots, with [n] for an index (e.g. media.images[0].url)";

const feedPath = z.string().trim().max(200, "A path is at most 200 characters").regex(FEED_PATH_PATTERN, PATH_MESSAGE);

/**
 * A `json` source's mapping: where the items are in a page (no path: the page is the list), where each of our fields
 * is in an item, and where the next page's address is, if the source gives one.
 */
export const jsonFeedMappingSchema = z.object({
  items: feedPath.optional(),
  fields: z.object({
    externalId: feedPath,
    title: feedPath,
    embedUrl: feedPath,
    description: feedPath.optional(),
    instructions: feedPath.optional(),
    imageUrl: feedPath.optional(),
    categories: feedPath.optional(),
    tags: feedPath.optional(),
    mobile: feedPath.optional(),
    width: feedPath.optional(),
    height: feedPath.optional(),
    publishedAt: feedPath.optional(),
  }) satisfies z.ZodType<Partial<Record<FeedMappedField, string>>>,
  nextUrl: feedPath.optional(),
});
export type JsonFeedMapping = z.infer<typeof jsonFeedMappingSchema>;
