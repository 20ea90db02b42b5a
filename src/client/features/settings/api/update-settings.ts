import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { AccountSettings, AccountSettingsPatch } from "@contract/me";
import { settingsKeys } from "./keys";

/** PATCH /api/me/settings with any subset of profileVisibility, presenceEnabled, notificationPrefs (D87). */
export async function updateAccountSettings(patch: AccountSettingsPatch): Promise<AccountSettings> {
  return (await apiRequest("PATCH", "/api/me/settings", patch)).json() as Promise<AccountSettings>;
}

export function useUpdateAccountSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAccountSettings,
    onSuccess: (settings) => qc.setQueryData(settingsKeys.settings(), settings),
  });
}
