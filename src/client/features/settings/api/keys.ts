/** Query keys of the settings feature (ARCHITECTURE habit 5). */
export const settingsKeys = {
  all: ["me"] as const,
  settings: () => [...settingsKeys.all, "settings"] as const,
  sessions: () => [...settingsKeys.all, "sessions"] as const,
  stepUp: () => [...settingsKeys.all, "step-up"] as const,
};
