import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/test-app";

describeEachDatabase(
  "content API",
  (t) => {
    it("GET /api/content returns the site content with its defaults (D40)", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/content" });
      expect(res.statusCode).toBe(200);
      const items = res.json() as Array<{ section: string; key: string; value: string; valueType: string }>;
      expect(items.find((i) => i.section === "site" && i.key === "name")?.value).toBe("Arcadium");
      expect(items.find((i) => i.section === "site" && i.key === "tagline")?.value).toBe("Play, Chat, Compete");
    });
  },
  { demo: false },
);
