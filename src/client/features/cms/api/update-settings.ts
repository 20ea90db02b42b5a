import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminSettingsSchema, type AdminSettings, type AdminSettingsPatch } from "@contract/admin";
import { apiRequest } from "@/lib/api-client";
import { adminKeys, recheckSessionOn, refetchAfterContentChange } from "./keys";

/** PATCH /api/admin/settings {site: {name: "…", tagline: "…"}}: sets site.* text items (D47). */
export async function updateSettings(body: AdminSettingsPatch): Promise<AdminSettings> {
  const res = await apiRequest("PATCH", "/api/admin/settings", body);
  return adminSettingsSchema.parse(await res.json());
}

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      qc.setQueryData(adminKeys.settings(), data);
      return refetchAfterContentChange(qc);
    },
    onError: (err) => recheckSessionOn(qc, err),
  });
}
