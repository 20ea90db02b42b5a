import { queryOptions, useQuery } from "@tanstack/react-query";
import { gameListSchema } from "@contract/games";
import { getJson } from "@/lib/api-client";
import { useIsAdmin } from "./get-admin-user";
import { adminKeys } from "./keys";

/** GET /api/admin/games: every game (the table filters by title on the client). */
export const adminGamesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.games(),
    queryFn: ({ signal }) => getJson("/api/admin/games", { schema: gameListSchema, signal }),
  });

export function useAdminGames() {
  const isAdmin = useIsAdmin();
  return useQuery({ ...adminGamesQueryOptions(), enabled: isAdmin });
}
