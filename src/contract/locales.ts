/**
 * The site's languages and their addresses (D140, D141), shared by the server (pages, sitemaps) and the client
 * (links, the switcher). Plain values: no zod, so every page may load it.
 *
 * English keeps the unprefixed paths; every other language serves the same page under its prefix: `/de/`,
 * `/de/games`, `/pt-br/game/12`.
 */

export const LOCALES = ["en", "de", "fr", "es", "pt-br", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

type LocaleInfo = {
  /** BCP 47 tag: `<html lang>`, `hreflang` and Intl */
  tag: string;
  dir: "ltr" | "rtl";
  /** the language's name in itself, for the switcher */
  name: string;
};

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { tag: "en", dir: "ltr", name: "English" },
  de: { tag: "de", dir: "ltr", name: "Deutsch" },
  fr: { tag: "fr", dir: "ltr", name: "Français" },
  es: { tag: "es", dir: "ltr", name: "Español" },
  "pt-br": { tag: "pt-BR", dir: "ltr", name: "Português (Brasil)" },
  ar: { tag: "ar", dir: "rtl", name: "العربية" },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a path and the path without its prefix: `/de/games` → de, `/games`; `/de` and `/de/` → de, `/`.
 * `/en/…` is not a prefix (English has none), and prefixes are lower case only, so that each page has one address.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(?=\/|$)(.*)$/.exec(pathname);
  if (match && match[1] !== DEFAULT_LOCALE && isLocale(match[1])) return { locale: match[1], path: match[2] || "/" };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/** A site path (with its query and hash, if any) in a language: `/games?sort=new` in de → `/de/games?sort=new`. */
export function localePath(locale: Locale, path: string): string {
  const sitePath = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return sitePath;
  return sitePath === "/" || /^\/[?#]/.test(sitePath) ? `/${locale}/${sitePath.slice(1)}` : `/${locale}${sitePath}`;
}

/** D141: a page's alternates, every language and then `x-default` (the English page), as paths. */
export function localeAlternates(path: string): Array<{ hreflang: string; path: string }> {
  return [
    ...LOCALES.map((locale) => ({ hreflang: LOCALE_INFO[locale].tag, path: localePath(locale, path) })),
    { hreflang: "x-default", path: localePath(DEFAULT_LOCALE, path) },
  ];
}
