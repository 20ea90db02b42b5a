import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson } from "@/lib/api-client";
import { adminCreatorApplicationListSchema } from "@contract/studio";

/** GET /api/admin/creator-applications (D130): pending first (oldest first), then the last decided. */
export function useCreatorApplications() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.creatorApplications(),
    queryFn: ({ signal }) =>
      getJson("/api/admin/creator-applications", { schema: adminCreatorApplicationListSchema, signal }),
    enabled: isAdmin,
  });
}

/** Approve or decline (with an optional reason the player reads); the user list's roles change too. */
export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; approve: boolean; reason?: string }) => {
      const url = `/api/admin/creator-applications/${input.id}/${input.approve ? "approve" : "decline"}`;
      await apiRequest("POST", url, input.approve ? {} : { reason: input.reason ?? "" });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.usersAll() }),
  });
}
