import { useQuery } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { getJson } from "@/lib/api-client";
import { numbersResponseSchema } from "@contract/numbers";

/** D134: GET /api/numbers/site, the whole site per day for 90 days and today, with players online now. */
export function useSiteNumbers() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: [...adminKeys.all, "numbers", "site"],
    queryFn: ({ signal }) => getJson("/api/numbers/site", { schema: numbersResponseSchema, signal }),
    enabled: isAdmin,
    // players online now changes by the minute
    refetchInterval: 60_000,
  });
}

/** D134: GET /api/numbers/games/{id}, one game per day for 90 days and today. */
export function useGameNumbers(gameId: number) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: [...adminKeys.all, "numbers", "game", gameId],
    queryFn: ({ signal }) => getJson(`/api/numbers/games/${gameId}`, { schema: numbersResponseSchema, signal }),
    enabled: isAdmin && Number.isInteger(gameId) && gameId > 0,
  });
}
