import {
  FEED_MAPPED_FIELDS,
  type FeedCreate,
  type FeedKind,
  type FeedMappedField,
  type FeedPatch,
  type FeedView,
  type JsonFeedMapping,
} from "@contract/admin/feeds";
import type { FeedSchedule } from "@contract/feeds-constants";

/** The add and edit dialogs' fields, as typed: every path and address a string, empty when not given. */
export type FeedForm = {
  kind: FeedKind;
  name: string;
  url: string;
  publisherId: string;
  schedule: FeedSchedule;
  carriesAds: boolean;
  paused: boolean;
  itemsPath: string;
  nextUrlPath: string;
  fields: Record<FeedMappedField, string>;
};

/** The fields a JSON feed must map (jsonFeedMappingSchema), first in the editor. */
export const REQUIRED_MAPPED_FIELDS = ["externalId", "title", "embedUrl"] as const satisfies FeedMappedField[];

export const MAPPED_FIELD_LABELS: Record<FeedMappedField, string> = {
  externalId: "Id",
  title: "Title",
  embedUrl: "Game address",
  description: "Description",
  instructions: "Instructions",
  imageUrl: "Cover image",
  categories: "Categories",
  tags: "Tags",
  mobile: "Mobile",
  width: "Width",
  height: "Height",
  publishedAt: "Published on",
};

const noPaths = () => Object.fromEntries(FEED_MAPPED_FIELDS.map((f) => [f, ""])) as Record<FeedMappedField, string>;

/** D115: the distributors' games carry their own ads, a JSON feed's are taken not to until the admin says. */
export const carriesAdsByDefault = (kind: FeedKind) => kind !== "json";

export const EMPTY_FEED_FORM: FeedForm = {
  kind: "gamedistribution",
  name: "",
  url: "",
  publisherId: "",
  schedule: "off",
  carriesAds: true,
  paused: false,
  itemsPath: "",
  nextUrlPath: "",
  fields: noPaths(),
};

/** The edit dialog's fields for a feed. */
export function feedFormOf(feed: FeedView): FeedForm {
  const fields = noPaths();
  for (const [field, path] of Object.entries(feed.mapping?.fields ?? {})) fields[field as FeedMappedField] = path ?? "";
  return {
    kind: feed.kind,
    name: feed.name,
    url: feed.url ?? "",
    publisherId: feed.publisherId ?? "",
    schedule: feed.schedule,
    carriesAds: feed.carriesAds,
    paused: feed.paused,
    itemsPath: feed.mapping?.items ?? "",
    nextUrlPath: feed.mapping?.nextUrl ?? "",
    fields,
  };
}

export type FeedFormField = "name" | "url" | "publisherId" | FeedMappedField;
export type FeedFormError = { field: FeedFormField; message: string };

/** What the server would refuse anyway, said before sending: one message at a time, in the form's order. */
export function validateFeedForm(form: FeedForm): FeedFormError | null {
  if (!form.name.trim()) return { field: "name", message: "Please enter a name" };
  if (form.kind === "json" && !form.url.trim()) return { field: "url", message: "A JSON feed needs its address" };
  if (form.kind === "gamepix" && !form.publisherId.trim() && !form.url.trim())
    return { field: "publisherId", message: "GamePix needs a publisher id, or the feed's address" };
  if (form.kind === "json") {
    for (const field of REQUIRED_MAPPED_FIELDS) {
      if (!form.fields[field].trim())
        return { field, message: `Give the path of the ${MAPPED_FIELD_LABELS[field].toLowerCase()} in an item` };
    }
  }
  return null;
}

/** A JSON feed's mapping from the form: only the paths given. */
export function mappingOf(form: FeedForm): JsonFeedMapping {
  const fields = Object.fromEntries(
    FEED_MAPPED_FIELDS.map((f) => [f, form.fields[f].trim()]).filter(([, path]) => path !== ""),
  ) as JsonFeedMapping["fields"];
  return {
    ...(form.itemsPath.trim() ? { items: form.itemsPath.trim() } : {}),
    fields,
    ...(form.nextUrlPath.trim() ? { nextUrl: form.nextUrlPath.trim() } : {}),
  };
}

/** POST /api/admin/feeds's body: an empty address is the distributor's own, a publisher id only for GamePix. */
export function createPayload(form: FeedForm): FeedCreate {
  return {
    kind: form.kind,
    name: form.name.trim(),
    url: form.url.trim() || undefined,
    publisherId: form.kind === "gamepix" ? form.publisherId.trim() || undefined : undefined,
    schedule: form.schedule,
    carriesAds: form.carriesAds,
    mapping: form.kind === "json" ? mappingOf(form) : undefined,
  };
}

/** PATCH /api/admin/feeds/{id}'s body: an address or publisher id emptied goes back to none (null). */
export function patchPayload(form: FeedForm): FeedPatch {
  return {
    name: form.name.trim(),
    url: form.url.trim() || null,
    publisherId: form.kind === "gamepix" ? form.publisherId.trim() || null : undefined,
    schedule: form.schedule,
    carriesAds: form.carriesAds,
    paused: form.paused,
    mapping: form.kind === "json" ? mappingOf(form) : undefined,
  };
}
