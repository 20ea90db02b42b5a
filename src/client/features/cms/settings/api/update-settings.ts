import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { adminKeys, recheckSessionOn, refetchAfterContentChange } from "@/features/cms/shared/api/keys";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { adminSettingsSchema, type AdminSettings, type AdminSettingsPatch } from "@contract/admin/settings";

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

/** A settings card's save failure: the server's refusal of the value (400) belongs by the field; anything else is a toast like the other forms'. */
export function settingsSaveError(setFieldError: (message: string) => void) {
  return (err: unknown) =>
    err instanceof ApiError && err.status === 400
      ? setFieldError(err.serverMessage)
      : toast({ title: "Error", description: `Failed to save settings: ${errorMessage(err)}`, variant: "destructive" });
}
