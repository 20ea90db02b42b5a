import { ACCOUNT_SETTINGS_KEY } from "@/lib/account-settings";

export const settingsKeys = {
  all: ["me"] as const,
  settings: () => ACCOUNT_SETTINGS_KEY,
  sessions: () => [...settingsKeys.all, "sessions"] as const,
};
