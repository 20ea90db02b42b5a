import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { contentItemSchema } from "@contract/content";
import { getJson } from "./api-client";
import { contentKeys } from "./query-keys";

/**
 * D40: website content items with their value type, for content that is more than a string
 * (static pages' bodies, which may be html). Its key sits under contentKeys.all, so whatever
 * invalidates site content invalidates this too.
 */
const itemsSchema = z.array(contentItemSchema.pick({ section: true, key: true, value: true, valueType: true }));
export type ContentEntry = z.infer<typeof itemsSchema>[number];

export async function getContentItems(): Promise<Record<string, ContentEntry>> {
  const items = await getJson("/api/content", { schema: itemsSchema });
  const map: Record<string, ContentEntry> = {};
  for (const item of items) map[`${item.section}.${item.key}`] = item;
  return map;
}

export const contentItemsQueryOptions = () =>
  queryOptions({
    queryKey: [...contentKeys.all, "items"] as const,
    queryFn: getContentItems,
  });

/**
 * One content item by `section.key`: `undefined` while loading, `null` when the site has none (or
 * content could not be read: the caller's built-in default applies).
 */
export function useContentEntry(key: string): ContentEntry | null | undefined {
  const { data, isPending, isError } = useQuery(contentItemsQueryOptions());
  if (isError) return null;
  if (isPending) return undefined;
  const entry = data[key];
  return entry && entry.value.trim() !== "" ? entry : null;
}
