/** Theme preference (spec §2 Theme): light, dark or system; starts light; kept in localStorage. */
export type Theme = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

/** Also read by /theme-init.js (public/) before the first paint. */
export const THEME_STORAGE_KEY = "arcadium-theme";
export const DEFAULT_THEME: Theme = "light";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark" || value === "system";
}

export function readStoredTheme(): Theme {
  try {
    const v = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(v) ? v : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable (private mode, quota): the choice lasts for this page only
  }
}

export function systemPrefersDark(): boolean {
  return (
    typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches
  );
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === "system") return prefersDark ? "dark" : "light";
  return theme;
}

export function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

/** Calls back when the device preference changes; returns an unsubscribe function. */
export function watchSystemTheme(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const mql = window.matchMedia(DARK_QUERY);
  const listener = (e: MediaQueryListEvent) => onChange(e.matches);
  mql.addEventListener("change", listener);
  return () => mql.removeEventListener("change", listener);
}
