import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { adSettingsSchema, adStatsRowSchema, houseAdSchema } from "@contract/admin/ads";

const adsOverviewSchema = z.object({
  settings: adSettingsSchema,
  houseAds: z.array(houseAdSchema),
  stats: z.array(adStatsRowSchema),
});
export type AdsOverview = z.infer<typeof adsOverviewSchema>;
const adsKey = () => [...adminKeys.settings(), "ads"] as const;

/** GET /api/admin/ads → Settings → Ads, the house ads and the last 30 days' counts (D152, D153). */
export function useAdsOverview() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adsKey(),
    queryFn: ({ signal }) => getJson("/api/admin/ads", { schema: adsOverviewSchema, signal }),
    enabled: isAdmin,
  });
}

function useAdsMutation<T>(run: (input: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ queryKey: adsKey() }),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

export const useSaveAdSettings = () =>
  useAdsMutation((body: Partial<AdsOverview["settings"]>) => apiRequest("PATCH", "/api/admin/ads/settings", body));

/** POST /api/admin/ads/house (multipart: `media` and the fields). */
export const useUploadHouseAd = () =>
  useAdsMutation((form: FormData) => apiRequest("POST", "/api/admin/ads/house", form));

export const useDeleteHouseAd = () =>
  useAdsMutation((id: number) => apiRequest("DELETE", `/api/admin/ads/house/${id}`));
