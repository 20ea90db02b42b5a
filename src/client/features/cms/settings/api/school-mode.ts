import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys, recheckSessionOn, refetchAfterContentChange } from "@/features/cms/shared/api/keys";
import { apiRequest } from "@/lib/api-client";
import { schoolModeResultSchema } from "@contract/admin/settings";
import type { SchoolModeResult } from "@contract/community-constants";

/** POST /api/admin/settings/school-mode (D98): chat and messages off, invite-only registration, every profile private. */
export async function applySchoolMode(): Promise<SchoolModeResult> {
  const res = await apiRequest("POST", "/api/admin/settings/school-mode");
  return schoolModeResultSchema.parse(await res.json());
}

export function useSchoolMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applySchoolMode,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: adminKeys.settings() });
      return refetchAfterContentChange(qc);
    },
    onError: (err) => recheckSessionOn(qc, err),
  });
}
