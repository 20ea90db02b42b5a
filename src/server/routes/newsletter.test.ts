import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";

describeEachDatabase(
  "newsletter API (D53)",
  (t) => {
    it("stores newsletter sign-ups idempotently and validates the email (D53)", async () => {
      const first = await t().app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email: "Fan@Example.com" },
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().message).toBe("Thanks for subscribing!");
      const again = await t().app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email: "fan@example.com" },
      });
      expect(again.statusCode).toBe(200);
      const bad = await t().app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "not-an-email" } });
      expect(bad.statusCode).toBe(400);
    });
  },
  { demo: false },
);
