import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { apiRequest, withQuery } from "@/lib/api-client";
import { ADMIN_GAME_PAGE_SIZE, adminGameListSchema, type AdminGame } from "@contract/admin/games";

export type AdminGamePage = { games: AdminGame[]; total: number; offset: number };

/** GET /api/admin/games?search&limit&offset: a page of the CMS table, newest first; the count in X-Total-Count. */
export async function getAdminGames(search: string, offset: number, signal?: AbortSignal): Promise<AdminGamePage> {
  const res = await apiRequest(
    "GET",
    withQuery("/api/admin/games", { search, limit: ADMIN_GAME_PAGE_SIZE.default, offset }),
    undefined,
    { signal },
  );
  const games = adminGameListSchema.parse(await res.json());
  const header = res.headers.get("X-Total-Count");
  return { games, total: header === null ? offset + games.length : Number(header), offset };
}

export const adminGamesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.games(), { search }] as const,
    queryFn: ({ pageParam, signal }) => getAdminGames(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.games.length;
      return last.games.length > 0 && next < last.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });

/** The CMS games table: the games whose title contains `search` (all when empty), a page at a time. */
export function useAdminGames(search = "") {
  const isAdmin = useIsAdmin();
  return useInfiniteQuery({ ...adminGamesQueryOptions(search), enabled: isAdmin });
}
