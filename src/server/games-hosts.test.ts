import { describe, expect, it } from "vitest";
import {
  gameIdOfHost,
  gamesOrigin,
  gamesOriginSource,
  hostnameOfHostHeader,
  isGamesOrigin,
  isPerGameOrigins,
  parseGamesUrlTemplate,
  sharedRegistrableDomain,
} from "./games-hosts";

describe("games origins (D2, D79)", () => {
  const single = "http://127.0.0.1:5001";
  const local = "http://g{id}.localhost:5001";
  const prod = "https://g{id}.games.example.net";

  it("single-origin mode: one origin for every game, no host tied to a game", () => {
    expect(isPerGameOrigins(single)).toBe(false);
    expect(gamesOrigin(single, 5)).toBe(single);
    expect(gamesOrigin(single, 6)).toBe(single);
    expect(gamesOriginSource(single)).toBe(single);
    expect(gameIdOfHost(single, "127.0.0.1")).toBeUndefined();
    expect(isGamesOrigin(single, "http://127.0.0.1:5001")).toBe(true);
    expect(isGamesOrigin(single, "http://127.0.0.1:5002")).toBe(false);
    expect(isGamesOrigin(single, "http://localhost:5001")).toBe(false);
  });

  it("per-game mode: each id its own origin, and a wildcard CSP source that covers them", () => {
    expect(isPerGameOrigins(local)).toBe(true);
    expect(gamesOrigin(local, 5)).toBe("http://g5.localhost:5001");
    expect(gamesOrigin(prod, 1234)).toBe("https://g1234.games.example.net");
    expect(gamesOriginSource(local)).toBe("http://*.localhost:5001");
    expect(gamesOriginSource(prod)).toBe("https://*.games.example.net");
    expect(gamesOriginSource("http://{id}.play.example:8080")).toBe("http://*.play.example:8080");
  });

  it("reads a game's id back from its host name, only in its canonical spelling", () => {
    expect(gameIdOfHost(local, "g5.localhost")).toBe("5");
    expect(gameIdOfHost(local, "G12.LOCALHOST")).toBe("12");
    expect(gameIdOfHost(prod, "g7.games.example.net.")).toBe("7");
    for (const host of [
      "localhost",
      "g.localhost",
      "g05.localhost",
      "g0.localhost",
      "x.g5.localhost",
      "g5.localhost.evil.net",
      "g5a.localhost",
      "gg5.localhost",
      "127.0.0.1",
    ]) {
      expect(gameIdOfHost(local, host), host).toBeUndefined();
    }
    expect(gameIdOfHost(prod, "g5.games-example.net")).toBeUndefined();
  });

  it("reads the host name of a Host header", () => {
    expect(hostnameOfHostHeader("G5.Localhost:5001")).toBe("g5.localhost");
    expect(hostnameOfHostHeader("g5.games.example.net.")).toBe("g5.games.example.net");
    expect(hostnameOfHostHeader("g5.games.example.net")).toBe("g5.games.example.net");
    expect(hostnameOfHostHeader(undefined)).toBe("");
  });

  it("tells game origins from others, scheme and port included", () => {
    expect(isGamesOrigin(local, "http://g5.localhost:5001")).toBe(true);
    expect(isGamesOrigin(local, "http://g5.localhost:5000")).toBe(false);
    expect(isGamesOrigin(local, "https://g5.localhost:5001")).toBe(false);
    expect(isGamesOrigin(local, "http://localhost:5001")).toBe(false);
    expect(isGamesOrigin(prod, "https://g9.games.example.net")).toBe(true);
    expect(isGamesOrigin(prod, "https://www.games.example.net")).toBe(false);
    expect(isGamesOrigin(prod, "not a url")).toBe(false);
  });

  it("accepts a template with {id} once in the host name's first label and normalises it", () => {
    expect(parseGamesUrlTemplate("http://g{id}.localhost:5001")).toEqual({
      ok: true,
      gamesUrl: "http://g{id}.localhost:5001",
    });
    expect(parseGamesUrlTemplate("https://G{id}.Games.Example.net:443")).toEqual({
      ok: true,
      gamesUrl: "https://g{id}.games.example.net",
    });
    expect(parseGamesUrlTemplate("https://{id}.games.example.net")).toEqual({
      ok: true,
      gamesUrl: "https://{id}.games.example.net",
    });
    expect(parseGamesUrlTemplate("https://game-{id}-x.example.net")).toEqual({
      ok: true,
      gamesUrl: "https://game-{id}-x.example.net",
    });
  });

  it.each([
    ["http://g{id}{id}.localhost:5001", /exactly once/],
    ["http://g{ID}.localhost:5001", /exactly once/],
    ["http://g{id}.{x}.localhost:5001", /no placeholder but \{id\}/],
    ["http://games.g{id}.example.net", /first label/],
    ["http://games.example.net:5001/{id}", /first label/],
    ["http://games.example.net/?id={id}", /first label/],
    ["http://g{id}.example.net/games", /without a path/],
    ["http://g{id}.example.net/?x=1", /without a path/],
    ["http://g{id}.example.net/#x", /without a path/],
    ["http://user:pw@g{id}.example.net", /user name/],
    ["http://g{id}:5001", /domain after/],
    ["ftp://g{id}.example.net", /http/],
    ["http://g_{id}.example.net", /letters, digits/],
    ["g{id}.example.net", /not a URL/],
  ])("refuses %s", (raw, pattern) => {
    const result = parseGamesUrlTemplate(raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(pattern);
  });
});

describe("sharedRegistrableDomain (issue 17: a warning at start)", () => {
  it("finds the registrable domain the site and the games share, and nothing for separate domains, IPs or localhost", () => {
    expect(sharedRegistrableDomain("https://www.example.com", "https://games.example.com")).toBe("example.com");
    expect(sharedRegistrableDomain("https://example.com", "https://g{id}.example.com")).toBe("example.com");
    expect(sharedRegistrableDomain("https://arcade.school.co.uk", "https://games.school.co.uk")).toBe("school.co.uk");
    expect(sharedRegistrableDomain("https://a.co.uk", "https://b.co.uk")).toBeUndefined();
    expect(sharedRegistrableDomain("https://arcadium.example", "https://arcadium-games.example")).toBeUndefined();
    expect(sharedRegistrableDomain("http://localhost:5000", "http://127.0.0.1:5001")).toBeUndefined();
    expect(sharedRegistrableDomain("http://localhost:5000", "http://localhost:5001")).toBeUndefined();
  });
});
