import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { API_CONTENT_SECURITY_POLICY, PAGE_ONLY_HEADERS, withSources } from "./security";

describe("security headers (issue 8)", () => {
  // The tests of the usual configuration only read, so they share one app (each app is a database copy and a build);
  // every app here has the plain seed (the uploads test serves a category's image), so the file needs one template.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp("pglite", { demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  // The page's strict CSP and the other document headers: app.test.ts (the SPA fallback).
  it("API responses, errors included, carry a short policy and none of the page-only headers (issue 12 item 6)", async () => {
    for (const url of ["/api/content", "/api/games/987654", "/api/nothing-here"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(String(res.headers["content-type"]), url).toMatch(/^application\/json/);
      expect(res.headers["content-security-policy"], url).toBe(API_CONTENT_SECURITY_POLICY);
      for (const name of PAGE_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      // No HSTS over plain http.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    // What is not a JSON answer of the API keeps the whole set (here the health check, outside /api).
    const other = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(other.headers["x-frame-options"]).toBe("DENY");
    expect(other.headers["permissions-policy"]).toContain("camera=()");
    expect(String(other.headers["content-security-policy"])).toContain("script-src 'self'");
  });

  it("adds HSTS when the site is served over https", async () => {
    const https = await buildTestApp("pglite", {
      demo: false,
      env: { PUBLIC_URL: "https://play.example.com", GAMES_URL: "https://games.example.net" },
    });
    try {
      const res = await https.app.inject({ method: "GET", url: "/healthz" });
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
  });

  it("the games origin has its own policy and never sets cookies (D2)", async () => {
    const res = await t.gamesApp.inject({ method: "GET", url: "/sdk/v1.js", cookies: { sid: "x" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(`frame-ancestors ${t.config.publicUrl}`);
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("uploads are served as inert files", async () => {
    const res = await t.app.inject({ method: "GET", url: "/uploads/categories/action.svg" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-security-policy"])).toContain("sandbox");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("withSources (D150)", () => {
  it("appends sources to the named directives only, once each, leaving the rest as it was", () => {
    const policy = "default-src 'self';script-src 'self' 'sha256-x';connect-src 'self' ws://h;frame-src https://g";
    expect(withSources(policy, ["script-src", "connect-src"], ["https://cmp.example", "'self'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x' https://cmp.example;connect-src 'self' ws://h https://cmp.example;frame-src https://g",
    );
    expect(withSources(policy, ["script-src"], ["'self'"])).toBe(policy);
  });
});
