import { useQuery } from "@tanstack/react-query";
import { accountSettingsQueryOptions } from "@/lib/account-settings";

export { accountSettingsQueryOptions, getAccountSettings } from "@/lib/account-settings";

export function useAccountSettings(enabled = true) {
  return useQuery({ ...accountSettingsQueryOptions(), enabled });
}
