import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";
import { FORM_SUBMISSIONS_PER_HOUR } from "../rate-limit-table";

describeEachDatabase(
  "contact form API",
  (t) => {
    it("limits each form to a few valid submissions per address and hour: 429 with Retry-After, nothing stored (issue 8)", async () => {
      const remoteAddress = "10.66.0.1";
      const send = (url: string, payload: Record<string, string>, from = remoteAddress) =>
        t().app.inject({ method: "POST", url, remoteAddress: from, payload });
      const contact = (i: number) => ({ name: "Spammer", email: "spam@example.com", message: `hello ${i}` });
      for (let i = 0; i < FORM_SUBMISSIONS_PER_HOUR; i++)
        expect((await send("/api/contact", contact(i))).statusCode).toBe(201);
      // An invalid one is refused for what it is and not counted against anyone.
      expect((await send("/api/contact", { name: "", email: "x", message: "" })).statusCode).toBe(400);
      const refused = await send("/api/contact", contact(99));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json().message).toBe("Too many submissions from this address. Please try again later.");
      const stored = await t().database.db.execute(
        sql`select count(*)::int as n from contact_messages where message = 'hello 99'`,
      );
      expect((stored.rows[0] as { n: number }).n).toBe(0);
      // Other forms and other addresses have counters of their own.
      expect((await send("/api/newsletter", { email: "limit@example.com" })).statusCode).toBe(201);
      expect((await send("/api/contact", contact(100), "10.66.0.2")).statusCode).toBe(201);
    });
  },
  { demo: false },
);
