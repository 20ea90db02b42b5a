import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api-client";
import type { CreatorApplication, CreatorApplicationForm } from "@contract/studio";

/** D130: the player's request to become a creator (Settings). */

const applicationKey = ["settings", "creator-application"] as const;

export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: applicationKey,
    queryFn: ({ signal }) =>
      getJson<{ application: CreatorApplication | null }>("/api/me/creator-application", { signal }),
    meta: { clientOnly: true },
    enabled,
  });
}

export function useApplyToCreate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (form: CreatorApplicationForm) =>
      (await (await apiRequest("POST", "/api/me/creator-application", form)).json()) as CreatorApplication,
    onSuccess: (application) => qc.setQueryData(applicationKey, { application }),
  });
}
