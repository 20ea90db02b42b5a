import { expect, it } from "vitest";
import { describeEachDatabase } from "../test-app";

/**
 * On https the session cookie is `__Host-sid`: Secure, Path=/ and no Domain, so a page on a
 * sibling subdomain (a game's origin under the same registrable domain, D79) cannot set a session cookie the site
 * would accept (session fixation). A plain `sid` sent to an https site is ignored. On http (development, tests) the
 * name stays `sid`, which browsers would refuse with the prefix.
 */
describeEachDatabase(
  "the session cookie on https (issue 17)",
  (t) => {
    it("registration sets __Host-sid (Secure, Path=/, no Domain); that cookie signs in, a plain sid does not", async () => {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { username: "hostcookie", password: "a-long-enough-password" },
      });
      expect(res.statusCode, res.body).toBe(201);
      const setCookie = String(res.headers["set-cookie"]);
      expect(setCookie).toMatch(/^__Host-sid=[^;]+;/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).not.toMatch(/Domain=/i);
      const token = /^__Host-sid=([^;]+)/.exec(setCookie)![1]!;
      const me = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { "__Host-sid": token } });
      expect(me.json()).toMatchObject({ username: "hostcookie" });
      const plain = await t().app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: token } });
      expect(plain.statusCode).toBe(401);
      const out = await t().app.inject({ method: "POST", url: "/api/auth/logout", cookies: { "__Host-sid": token } });
      expect(out.statusCode).toBeLessThan(400);
      expect(String(out.headers["set-cookie"])).toMatch(/^__Host-sid=;/);
    });
  },
  {
    demo: false,
    seed: false,
    env: { PUBLIC_URL: "https://arcadium.example", GAMES_URL: "https://games.arcadium-cdn.example" },
  },
);
