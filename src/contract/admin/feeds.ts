import { z } from "zod";
import { FEED_ITEM_STATUSES, FEED_KINDS, FEED_RUN_STATES, FEED_SCHEDULES } from "../feeds-constants";
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

/** D111: what is approved without a person, and how many approved items publish a day (none: at once). */
export const feedRulesSchema = z.object({
  autoApprove: z
    .object({
      mobile: z.literal(true).optional(),
      requireTags: labels("required tag", 20).optional(),
      excludeTags: labels("excluded tag", 20).optional(),
    })
    .optional(),
  publishPerDay: z
    .number({ error: "Publish per day is not a whole number" })
    .int("Publish per day is not a whole number")
    .min(1, "Publish per day is at least 1")
    .max(10_000, "Publish per day is at most 10,000")
    .optional(),
});
export type FeedRules = z.infer<typeof feedRulesSchema>;

/** D110: the distributor's category names → our category ids. */
export const feedCategoryMapSchema = z
  .record(
    z.string().min(1).max(L.label, `A category name is longer than ${L.label} characters`),
    z.number().int().positive(),
  )
  .refine((map) => Object.keys(map).length <= 500, "More than 500 categories mapped");
export type FeedCategoryMap = z.infer<typeof feedCategoryMapSchema>;

const feedName = z
  .string({ error: "Please enter a name" })
  .trim()
  .min(1, "Please enter a name")
  .max(80, "The name is longer than 80 characters");
const publisherId = z.string().trim().max(100, "The publisher id is longer than 100 characters");

export const feedCreateSchema = z
  .object({
    kind: z.enum(FEED_KINDS, { error: `The kind is one of ${FEED_KINDS.join(", ")}` }),
    name: feedName,
    url: httpUrl("The feed's address").optional(),
    publisherId: publisherId.optional(),
    mapping: jsonFeedMappingSchema.optional(),
    categoryMap: feedCategoryMapSchema.optional(),
    schedule: z.enum(FEED_SCHEDULES).default("off"),
    rules: feedRulesSchema.optional(),
    carriesAds: z.boolean().optional(),
  })
  .superRefine((feed, ctx) => {
    if (feed.kind === "json" && !feed.url) ctx.addIssue({ code: "custom", message: "A JSON feed needs its address" });
    if (feed.kind === "json" && !feed.mapping)
      ctx.addIssue({ code: "custom", message: "A JSON feed needs a mapping of its fields" });
    if (feed.kind === "gamepix" && !feed.publisherId && !feed.url)
      ctx.addIssue({ code: "custom", message: "GamePix needs a publisher id (its sid) for the feed's address" });
  });
export type FeedCreate = z.infer<typeof feedCreateSchema>;

export const feedPatchSchema = z.object({
  name: feedName.optional(),
  url: httpUrl("The feed's address").nullable().optional(),
  publisherId: publisherId.nullable().optional(),
  mapping: jsonFeedMappingSchema.optional(),
  categoryMap: feedCategoryMapSchema.optional(),
  schedule: z.enum(FEED_SCHEDULES).optional(),
  rules: feedRulesSchema.optional(),
  carriesAds: z.boolean().optional(),
  paused: z.boolean().optional(),
});
export type FeedPatch = z.infer<typeof feedPatchSchema>;

export const feedIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const feedRunViewSchema = z.object({
  id: z.number(),
  state: z.enum(FEED_RUN_STATES),
  pages: z.number(),
  newItems: z.number(),
  updatedItems: z.number(),
  goneItems: z.number(),
  invalidItems: z.number(),
  seenItems: z.number(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FeedRunView = z.infer<typeof feedRunViewSchema>;

export const feedViewSchema = z.object({
  id: z.number(),
  kind: z.enum(FEED_KINDS),
  name: z.string(),
  /** as the admin gave it; null: the distributor's public address */
  url: z.string().nullable(),
  publisherId: z.string().nullable(),
  mapping: jsonFeedMappingSchema.nullable(),
  categoryMap: z.record(z.string(), z.number()),
  schedule: z.enum(FEED_SCHEDULES),
  rules: feedRulesSchema,
  carriesAds: z.boolean(),
  paused: z.boolean(),
  /** D113: "This feed's format changed" is shown while set */
  formatChangedAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  createdAt: z.string(),
  /** items by status (an object of the five statuses, which the response serialiser compiles, not a record) */
  items: z.object({
    new: z.number(),
    approved: z.number(),
    published: z.number(),
    rejected: z.number(),
    gone: z.number(),
  }) satisfies z.ZodType<Record<(typeof FEED_ITEM_STATUSES)[number], number>>,
  lastRun: feedRunViewSchema.nullable(),
});
export type FeedView = z.infer<typeof feedViewSchema>;

export const feedDetailSchema = feedViewSchema.extend({
  runs: z.array(feedRunViewSchema),
  /** the distributor's categories the feed's items carry, with how many items and our category suggested by name */
  categories: z.array(z.object({ name: z.string(), items: z.number(), suggestedCategoryId: z.number().nullable() })),
});
export type FeedDetail = z.infer<typeof feedDetailSchema>;

export const feedSyncStartedSchema = z.object({ jobId: z.number() });

const flag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

export const feedItemsQuerySchema = z.object({
  feedId: z.coerce.number().int().positive().optional(),
  status: z.enum(FEED_ITEM_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  tag: z.string().trim().min(1).max(L.label).optional(),
  category: z.string().trim().min(1).max(L.label).optional(),
  mobile: flag,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type FeedItemsQuery = z.infer<typeof feedItemsQuerySchema>;

export const feedItemViewSchema = z.object({
  id: z.number(),
  feedId: z.number(),
  feedName: z.string(),
  externalId: z.string(),
  status: z.enum(FEED_ITEM_STATUSES),
  title: z.string(),
  description: z.string(),
  /** the address the game's frame loads */
  embedUrl: z.string(),
  /** D112: our copy of the cover; null until fetched */
  coverUrl: z.string().nullable(),
  coverError: z.string().nullable(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  mobile: z.boolean().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  gameId: z.number().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type FeedItemView = z.infer<typeof feedItemViewSchema>;

export const feedItemsPageSchema = z.object({ items: z.array(feedItemViewSchema) });

export const feedItemIdsSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, "Choose at least one item").max(500, "At most 500 items at a time"),
});
export const feedItemsApprovedSchema = z.object({ approved: z.number(), published: z.number() });
export const feedItemsRejectedSchema = z.object({ rejected: z.number() });

/** D113: covers this many of their 64 difference-hash bits apart or fewer look alike. */
export const ALIKE_COVER_BITS = 10;

/** D113: a suggested duplicate: two items of different feeds whose titles read the same. */
export const feedDuplicateSchema = z.object({
  /** the two items, the older first */
  items: z.array(feedItemViewSchema).length(2),
  /** how many of the covers' 64 hash bits differ (10 or fewer: alike); null until both covers are fetched */
  coverDistance: z.number().nullable(),
});
export type FeedDuplicate = z.infer<typeof feedDuplicateSchema>;
export const feedDuplicatesPageSchema = z.object({ pairs: z.array(feedDuplicateSchema) });
export const feedDuplicatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(2000).default(0),
});
export const feedDuplicateMergeSchema = z.object({
  keepId: z.number().int().positive(),
  otherId: z.number().int().positive(),
});
export const feedDuplicateKeepApartSchema = z.object({
  ids: z.tuple([z.number().int().positive(), z.number().int().positive()]),
});
