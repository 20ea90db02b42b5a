import { queryOptions } from "@tanstack/react-query";
import type { AccountSettings } from "@contract/me";
import { getJson } from "./api-client";

/** The query key of the signed-in player's account settings (the settings feature's `settingsKeys.settings()`). */
export const ACCOUNT_SETTINGS_KEY = ["me", "settings"] as const;

/** GET /api/me/settings (D87): privacy, presence and notification choices, the email and its state, a pending deletion. */
export function getAccountSettings(signal?: AbortSignal) {
  return getJson<AccountSettings>("/api/me/settings", { signal });
}

/** Shared by Settings and the game page (which hands a game the player's name only when the profile is public). */
export const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_SETTINGS_KEY,
    queryFn: ({ signal }) => getAccountSettings(signal),
    // D70: personal data is asked for in the browser only.
    meta: { clientOnly: true },
  });
