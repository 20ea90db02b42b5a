import { describe, expect, it } from "vitest";
import { afterSignInPath, googleSignInUrl, loginErrorFromQuery } from "./return-to";

describe("afterSignInPath (D10: only same-site paths)", () => {
  it.each([
    ["/game/3", "/game/3"],
    ["/games?search=snake&sort=rating", "/games?search=snake&sort=rating"],
    ["/profile/7#stats", "/profile/7#stats"],
    // an encoded backslash stays part of the path (a browser does not read it as a slash)
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
  ])("keeps %s", (value, expected) => expect(afterSignInPath(value)).toBe(expected));

  it.each([
    [null],
    [undefined],
    [""],
    ["//evil.example/path"],
    ["/\\evil.example"],
    // browsers drop tabs and newlines and read a backslash as a slash
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example/x"],
    ["\\/evil.example"],
    ["/\t\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["game/3"],
    ["/login"],
    ["/login?tab=register"],
    ["/api/auth/logout"],
  ])("sends %s to '/'", (value) => expect(afterSignInPath(value)).toBe("/"));
});

describe("googleSignInUrl", () => {
  it("passes returnTo on", () => {
    expect(googleSignInUrl("/")).toBe("/api/auth/google");
    expect(googleSignInUrl("/game/3?x=1")).toBe("/api/auth/google?returnTo=%2Fgame%2F3%3Fx%3D1");
  });
});

describe("loginErrorFromQuery", () => {
  it("names the Google errors", () => {
    expect(loginErrorFromQuery("google_unavailable")).toBe("Google sign-in is not available on this site.");
    expect(loginErrorFromQuery("google_failed")).toBe("Google sign-in failed. Please try again.");
    expect(loginErrorFromQuery("account_disabled")).toMatch(/disabled/);
    expect(loginErrorFromQuery("something_else")).toBe("Sign-in failed. Please try again.");
    expect(loginErrorFromQuery(null)).toBeNull();
  });
});
