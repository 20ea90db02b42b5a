import { expect, it } from "vitest";
import { describeEachDatabase } from "../test-app";

/**
 * Fastify's `trustProxy: true` takes the client address from the LEFT-most X-Forwarded-For entry, which the client
 * writes itself (nginx's $proxy_add_x_forwarded_for appends to it), so every per-address limit could be chosen by the
 * client; config.ts refuses TRUST_PROXY=true for that reason. With the proxy's address (TRUST_PROXY=127.0.0.1) the client address is the right-most entry
 * that proxy did not add, and a client reaching the port directly is counted by its own address whatever it sends.
 */
const register = (
  t: () => import("../test-app").TestApp,
  username: string,
  remoteAddress: string,
  forwardedFor: string,
) =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { username, password: "long-enough-pass" },
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
  });

describeEachDatabase(
  "TRUST_PROXY=127.0.0.1: a forged left-most X-Forwarded-For does not change the per-address limit key (issue 17)",
  (t) => {
    it("behind the proxy, the entry the proxy added is the address the registration limit counts", async () => {
      const codes: number[] = [];
      // What nginx forwards when the client sent "X-Forwarded-For: 198.51.100.{i}" itself.
      for (let i = 0; i < 3; i++)
        codes.push((await register(t, `forger_${i}`, "127.0.0.1", `198.51.100.${i}, 203.0.113.9`)).statusCode);
      expect(codes).toEqual([201, 201, 429]);
      // Another real client behind the proxy is counted apart.
      expect((await register(t, "honest_one", "127.0.0.1", "203.0.113.10")).statusCode).toBe(201);
    });

    it("a client reaching the port directly is counted by its own address, whatever X-Forwarded-For it sends", async () => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await register(t, `direct_${i}`, "192.0.2.50", `198.51.100.${i + 10}`)).statusCode);
      expect(codes).toEqual([201, 201, 429]);
    });
  },
  { demo: false, env: { TRUST_PROXY: "127.0.0.1", REGISTRATIONS_PER_HOUR: "2" } },
);
