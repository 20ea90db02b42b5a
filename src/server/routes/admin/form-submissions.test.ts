import { describe, expect, it } from "vitest";
import { asAdmin, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin messages (D51, D53)",
  (t) => {
    const { req } = asAdmin(t, { username: "chief" });

    describe("messages", () => {
      it("returns contact messages, newsletter subscriptions and advertiser enquiries, latest first", async () => {
        await t().app.inject({
          method: "POST",
          url: "/api/contact",
          payload: { name: "Ann", email: "ann@example.com", message: "First" },
        });
        await new Promise((r) => setTimeout(r, 5));
        await t().app.inject({
          method: "POST",
          url: "/api/contact",
          payload: { name: "Bob", email: "bob@example.com", subject: "Hi", message: "Second" },
        });
        await t().app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "news@example.com" } });
        await t().app.inject({
          method: "POST",
          url: "/api/advertise",
          payload: { companyName: "Ads Inc", email: "ads@example.com", budget: "$1k" },
        });
        const res = await req("GET", "/api/admin/messages");
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.contactMessages.map((m: { name: string }) => m.name)).toEqual(["Bob", "Ann"]);
        expect(body.contactMessages[0]).toMatchObject({
          email: "bob@example.com",
          subject: "Hi",
          message: "Second",
          handledAt: null,
        });
        expect(body.newsletterSubscriptions).toEqual([expect.objectContaining({ email: "news@example.com" })]);
        expect(body.advertiserEnquiries).toEqual([
          expect.objectContaining({ companyName: "Ads Inc", budget: "$1k", website: null }),
        ]);
      });
    });
  },
  { demo: false },
);
