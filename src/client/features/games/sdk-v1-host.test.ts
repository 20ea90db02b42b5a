import { describe, expect, it } from "vitest";
import { frameOrigin, isTrustedGameMessage, parseSdkMessage } from "./sdk-v1-host";

describe("parseSdkMessage (D22 envelope)", () => {
  it("reads the four message types", () => {
    expect(parseSdkMessage({ v: 1, type: "gameplay.start", payload: {} })).toEqual({ type: "gameplay.start" });
    expect(parseSdkMessage({ v: 1, type: "gameplay.stop" })).toEqual({ type: "gameplay.stop" });
    expect(parseSdkMessage({ v: 1, type: "loading.progress", payload: { progress: 0.5 } })).toEqual({
      type: "loading.progress",
      progress: 0.5,
    });
    expect(parseSdkMessage({ v: 1, type: "score.submit", payload: { score: 0, won: false } })).toEqual({
      type: "score.submit",
      score: 0,
      won: false,
    });
    expect(parseSdkMessage({ v: 1, type: "score.submit", payload: { score: 1_000_000_000, won: null } })).toEqual({
      type: "score.submit",
      score: 1_000_000_000,
      won: null,
    });
    expect(parseSdkMessage({ v: 1, type: "score.submit", payload: { score: 3 } })).toEqual({
      type: "score.submit",
      score: 3,
      won: null,
    });
  });

  it.each([
    ["not an object", "hello"],
    ["an array", [1, "score.submit"]],
    ["another version", { v: "1", type: "gameplay.start" }],
    ["an unknown type", { v: 1, type: "score.set", payload: { score: 1 } }],
    ["a negative score", { v: 1, type: "score.submit", payload: { score: -5 } }],
    ["a fraction", { v: 1, type: "score.submit", payload: { score: 2.5 } }],
    ["a string score", { v: 1, type: "score.submit", payload: { score: "9" } }],
    ["a huge score", { v: 1, type: "score.submit", payload: { score: 1e12 } }],
    ["Infinity", { v: 1, type: "score.submit", payload: { score: Infinity } }],
    ["a non-boolean won", { v: 1, type: "score.submit", payload: { score: 1, won: 1 } }],
    ["no payload for a score", { v: 1, type: "score.submit" }],
    ["a payload that is not an object", { v: 1, type: "gameplay.start", payload: "x" }],
    ["progress above 1", { v: 1, type: "loading.progress", payload: { progress: 2 } }],
  ])("refuses %s", (_what, data) => {
    expect(parseSdkMessage(data)).toBeNull();
  });
});

describe("parseSdkMessage: a game's uncaught error (D134)", () => {
  it("reads its message, cut to the length the server keeps, and ignores one without a message", () => {
    expect(parseSdkMessage({ v: 1, type: "error", payload: { message: "boom" } })).toEqual({
      type: "error",
      message: "boom",
    });
    expect(parseSdkMessage({ v: 1, type: "error", payload: { message: "x".repeat(500) } })).toEqual({
      type: "error",
      message: "x".repeat(300),
    });
    expect(parseSdkMessage({ v: 1, type: "error", payload: { message: "  " } })).toBeNull();
    expect(parseSdkMessage({ v: 1, type: "error", payload: { message: 5 } })).toBeNull();
  });
});

describe("isTrustedGameMessage", () => {
  const frameWindow = {} as Window;
  const game = { frameUrl: "http://127.0.0.1:5001/game-frame/3/", externalUrl: null };
  it("needs the frame's own window and the games origin", () => {
    expect(isTrustedGameMessage({ source: frameWindow, origin: "http://127.0.0.1:5001" }, frameWindow, game)).toBe(
      true,
    );
    expect(isTrustedGameMessage({ source: window, origin: "http://127.0.0.1:5001" }, frameWindow, game)).toBe(false);
    expect(isTrustedGameMessage({ source: frameWindow, origin: "http://localhost:5001" }, frameWindow, game)).toBe(
      false,
    );
    expect(isTrustedGameMessage({ source: frameWindow, origin: "http://127.0.0.1:5001" }, null, game)).toBe(false);
  });
  it("never trusts an external game", () => {
    const external = { frameUrl: "https://x.example/play", externalUrl: "https://x.example/play" };
    expect(isTrustedGameMessage({ source: frameWindow, origin: "https://x.example" }, frameWindow, external)).toBe(
      false,
    );
  });
  it("frameOrigin", () => {
    expect(frameOrigin("http://127.0.0.1:5001/game-frame/3/")).toBe("http://127.0.0.1:5001");
    expect(frameOrigin("data:text/html,hi")).toBeNull();
  });
});
