import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { adsTxtSchema } from "@contract/admin/ads-txt";

const adsTxtKey = () => [...adminKeys.settings(), "ads-txt"] as const;

/** GET /api/admin/ads/ads-txt (D154). */
export function useAdsTxt() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adsTxtKey(),
    queryFn: ({ signal }) => getJson("/api/admin/ads/ads-txt", { schema: adsTxtSchema, signal }),
    enabled: isAdmin,
  });
}

/** PUT /api/admin/ads/ads-txt: the whole text (empty: no ads.txt). */
export function useSaveAdsTxt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest("PUT", "/api/admin/ads/ads-txt", { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adsTxtKey() }),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
