import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { gameAdsSchema } from "@contract/admin/game-ads";

const gameAdsKey = (gameId: number) => [...adminKeys.all, "games", gameId, "ads"] as const;

/** GET /api/admin/games/{id}/ads (D153): whether the game may show ads. */
export function useGameAds(gameId: number) {
  return useQuery({
    queryKey: gameAdsKey(gameId),
    queryFn: ({ signal }) => getJson(`/api/admin/games/${gameId}/ads`, { schema: gameAdsSchema, signal }),
  });
}

/** PUT /api/admin/games/{id}/ads; Settings → Ads' list of games without ads follows. */
export function useSetGameAds(gameId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (adsOn: boolean) => {
      await apiRequest("PUT", `/api/admin/games/${gameId}/ads`, { adsOn });
      return adsOn;
    },
    onSuccess: (adsOn) => {
      qc.setQueryData(gameAdsKey(gameId), { adsOn });
      void qc.invalidateQueries({ queryKey: [...adminKeys.settings(), "ads"] });
    },
    onError: (err) => recheckSessionOn(qc, err),
  });
}
