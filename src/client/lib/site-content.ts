import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ContentItem } from "@contract/content";
import { CONTENT_DEFAULTS } from "@contract/content-constants";
import { getJson } from "./api-client";
import { contentKeys } from "./query-keys";

/**
 * D40: website content the public site reads (site.name, site.tagline, home.hero_title …),
 * falling back to CONTENT_DEFAULTS. Shared by the layout, page titles and several screens (lib/).
 */
export type PublicContentItem = Pick<ContentItem, "section" | "key" | "value" | "valueType">;

export async function getContent(): Promise<Record<string, string>> {
  const items = await getJson<PublicContentItem[]>("/api/content");
  const map: Record<string, string> = {};
  for (const item of items) map[`${item.section}.${item.key}`] = item.value;
  return map;
}

export const contentQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.all,
    queryFn: getContent,
  });

/** Returns a getter: `content("site.name")`. Missing or failed content uses the defaults. */
export function useContent(): (key: string) => string {
  const { data } = useQuery(contentQueryOptions());
  return useCallback(
    (key: string) => {
      const value = data?.[key];
      return value !== undefined && value !== "" ? value : (CONTENT_DEFAULTS[key] ?? "");
    },
    [data],
  );
}
