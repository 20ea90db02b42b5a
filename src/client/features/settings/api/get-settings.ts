import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AccountSettings } from "@contract/me";
import { getJson } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** GET /api/me/settings (D87, D100): privacy, presence and notification choices, the email and its state, a pending deletion. */
export function getAccountSettings(signal?: AbortSignal) {
  return getJson<AccountSettings>("/api/me/settings", { signal });
}

export const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.settings(),
    queryFn: ({ signal }) => getAccountSettings(signal),
    // D70: personal data is asked for in the browser only.
    meta: { clientOnly: true },
  });

export function useAccountSettings(enabled = true) {
  return useQuery({ ...accountSettingsQueryOptions(), enabled });
}
