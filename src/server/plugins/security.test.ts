import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/test-app";

describe("security headers (issue 8)", () => {
  it("the site sends a strict CSP and the other headers", async () => {
    const t = await buildTestApp("pglite", { seed: false });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/content" });
      const csp = String(res.headers["content-security-policy"]);
      const directives = Object.fromEntries(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives["script-src"]).toEqual(["'self'"]);
      expect(directives["object-src"]).toEqual(["'none'"]);
      expect(directives["base-uri"]).toEqual(["'none'"]);
      expect(directives["frame-ancestors"]).toEqual(["'none'"]);
      expect(directives["frame-src"]).toEqual([t.config.gamesUrl, "https:"]);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["permissions-policy"]).toContain("camera=()");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      // No HSTS over plain http.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("adds HSTS when the site is served over https", async () => {
    const t = await buildTestApp("pglite", { seed: false, env: { PUBLIC_URL: "https://play.example.com", GAMES_URL: "https://games.example.net" } });
    try {
      const res = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await t.close();
    }
  });

  it("the games origin has its own policy and never sets cookies (D2)", async () => {
    const t = await buildTestApp("pglite", { seed: false });
    try {
      const res = await t.gamesApp.inject({ method: "GET", url: "/sdk/v1.js", cookies: { sid: "x" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-security-policy"]).toBe(`frame-ancestors ${t.config.publicUrl}`);
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["set-cookie"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("uploads are served as inert files", async () => {
    const t = await buildTestApp("pglite", { seed: true, demo: false });
    try {
      const res = await t.app.inject({ method: "GET", url: "/uploads/categories/action.svg" });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["content-security-policy"])).toContain("sandbox");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    } finally {
      await t.close();
    }
  });
});
