import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { advertiserEnquiriesTable } from "../db/schema";
import { FORM_SUBMISSIONS_PER_HOUR } from "../rate-limit-table";

describeEachDatabase(
  "advertise form API (D53)",
  (t) => {
    const send = (payload: Record<string, string>, remoteAddress = "10.77.0.1") =>
      t().app.inject({ method: "POST", url: "/api/advertise", remoteAddress, payload });
    const stored = async () => t().database.db.select().from(advertiserEnquiriesTable);

    it("stores a valid enquiry with its optional fields and thanks the sender", async () => {
      const res = await send({
        companyName: "  Ads Inc ",
        email: "ads@example.com",
        website: "https://ads.example",
        budget: "$1k",
        goals: "Reach players",
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: "Thanks! Our team will contact you within 2 business days." });
      expect(await stored()).toEqual([
        expect.objectContaining({
          companyName: "Ads Inc",
          email: "ads@example.com",
          website: "https://ads.example",
          budget: "$1k",
          goals: "Reach players",
        }),
      ]);
    });

    it("refuses a missing company name or a bad email with field errors, storing nothing (D60)", async () => {
      const before = (await stored()).length;
      const res = await send({ companyName: " ", email: "not-an-email" });
      expect(res.statusCode).toBe(400);
      const paths = (res.json().errors as Array<{ path: string; message: string }>).map((e) => [e.path, e.message]);
      expect(paths).toEqual(
        expect.arrayContaining([
          ["companyName", "Company name is required"],
          ["email", "Please enter a valid email address"],
        ]),
      );
      expect((await stored()).length).toBe(before);
    });

    it("limits enquiries per address and hour (429 with Retry-After); another address is not affected", async () => {
      const from = "10.77.0.2";
      for (let i = 0; i < FORM_SUBMISSIONS_PER_HOUR; i++)
        expect((await send({ companyName: `Co ${i}`, email: "co@example.com" }, from)).statusCode).toBe(201);
      const refused = await send({ companyName: "One too many", email: "co@example.com" }, from);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await stored()).some((row) => row.companyName === "One too many")).toBe(false);
      expect((await send({ companyName: "Elsewhere", email: "co@example.com" }, "10.77.0.3")).statusCode).toBe(201);
    });
  },
  { demo: false },
);
