import { describe, expect, it } from "vitest";
import { isLocale, LOCALE_INFO, LOCALES, localeAlternates, localePath, splitLocalePath } from "./locales";

describe("the site's languages and their paths (D140, D141)", () => {
  it("reads a language's prefix off a path, and English off a path without one", () => {
    expect(splitLocalePath("/de/games")).toEqual({ locale: "de", path: "/games" });
    expect(splitLocalePath("/pt-br/game/12")).toEqual({ locale: "pt-br", path: "/game/12" });
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/fr/")).toEqual({ locale: "fr", path: "/" });
    expect(splitLocalePath("/games")).toEqual({ locale: "en", path: "/games" });
    expect(splitLocalePath("/")).toEqual({ locale: "en", path: "/" });
  });

  it("takes only the exact lower-case prefixes of the other languages", () => {
    // English has no prefix; a look-alike segment is an ordinary path (a page that may not exist)
    for (const path of ["/en/games", "/DE/games", "/pt-BR/games", "/it/games", "/design", "/de-at/games", "/esx"])
      expect(splitLocalePath(path)).toEqual({ locale: "en", path });
  });

  it("writes a path in a language, keeping its query and hash", () => {
    expect(localePath("en", "/games?sort=new")).toBe("/games?sort=new");
    expect(localePath("de", "/games?sort=new")).toBe("/de/games?sort=new");
    expect(localePath("de", "/")).toBe("/de/");
    expect(localePath("es", "/?q=1")).toBe("/es/?q=1");
    expect(localePath("pt-br", "/game/12#reviews")).toBe("/pt-br/game/12#reviews");
    expect(localePath("ar", "leaderboard")).toBe("/ar/leaderboard");
  });

  it("a path written in a language reads back as the same language and path", () => {
    for (const locale of LOCALES)
      for (const path of ["/", "/games", "/game/12", "/category/action", "/profile/3"])
        expect(splitLocalePath(localePath(locale, path))).toEqual({ locale, path });
  });

  it("lists every language's address and x-default as a page's alternates", () => {
    expect(localeAlternates("/games")).toEqual([
      { hreflang: "en", path: "/games" },
      { hreflang: "de", path: "/de/games" },
      { hreflang: "fr", path: "/fr/games" },
      { hreflang: "es", path: "/es/games" },
      { hreflang: "pt-BR", path: "/pt-br/games" },
      { hreflang: "ar", path: "/ar/games" },
      { hreflang: "x-default", path: "/games" },
    ]);
  });

  it("knows Arabic runs right to left and the others left to right", () => {
    expect(LOCALES.filter((l) => LOCALE_INFO[l].dir === "rtl")).toEqual(["ar"]);
    expect(isLocale("pt-br")).toBe(true);
    expect(isLocale("pt-BR")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
