import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContentItem } from "@contract/content";
import { getJson } from "./api-client";
import { contentKeys } from "./query-keys";

/**
 * D40: website content items with their value type, for content that is more than a string
 * (static pages' bodies, which may be html). Its key sits under contentKeys.all, so whatever
 * invalidates site content invalidates this too.
 */
export type ContentEntry = Pick<ContentItem, "section" | "key" | "value" | "valueType">;

export async function getContentItems(): Promise<Record<string, ContentEntry>> {
  const items = await getJson<ContentEntry[]>("/api/content");
  const map: Record<string, ContentEntry> = {};
  // Only the fields the screens read: the map is part of a server-rendered page's state (D70).
  for (const { section, key, value, valueType } of items) map[`${section}.${key}`] = { section, key, value, valueType };
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
