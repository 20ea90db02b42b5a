import { describe, expect, it } from "vitest";
import { frameUrlFor } from "./game-catalogue";
import { likePattern } from "./like-pattern";

describe("frameUrlFor (D20)", () => {
  it("uses the external URL when there is one", () => {
    expect(frameUrlFor({ id: 3, externalUrl: "https://games.example/x/" }, "http://127.0.0.1:5001")).toBe(
      "https://games.example/x/",
    );
  });
  it("points at the games origin otherwise", () => {
    expect(frameUrlFor({ id: 3, externalUrl: null }, "http://127.0.0.1:5001")).toBe(
      "http://127.0.0.1:5001/game-frame/3/",
    );
  });
  it("points at the game's own origin when GAMES_URL has {id} (D79)", () => {
    expect(frameUrlFor({ id: 3, externalUrl: null }, "https://g{id}.games.example.net")).toBe(
      "https://g3.games.example.net/game-frame/3/",
    );
    expect(frameUrlFor({ id: 12, externalUrl: null }, "http://g{id}.localhost:5001")).toBe(
      "http://g12.localhost:5001/game-frame/12/",
    );
    expect(frameUrlFor({ id: 3, externalUrl: "https://games.example/x/" }, "http://g{id}.localhost:5001")).toBe(
      "https://games.example/x/",
    );
  });
});

describe("likePattern", () => {
  it("escapes LIKE wildcards and backslashes", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likePattern("snake")).toBe("%snake%");
  });
});
