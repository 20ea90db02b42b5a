import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import type { Season } from "@contract/leaderboard";

/** GET /api/seasons (newest first, the open one marked `current`): Settings shows when the open season ends (D91). */
export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.seasons(),
    queryFn: ({ signal }) => getJson<Season[]>("/api/seasons", { signal }),
  });

export function useCurrentSeason() {
  const isAdmin = useIsAdmin();
  return useQuery({
    ...seasonsQueryOptions(),
    enabled: isAdmin,
    select: (seasons) => seasons.find((s) => s.current) ?? null,
  });
}
