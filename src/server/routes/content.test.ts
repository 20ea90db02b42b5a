import { sql } from "drizzle-orm";
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

    it("html content is sanitised again when read, whatever the database holds (D40; the browser renders it as it comes)", async () => {
      // Written past the API's check, as SQL or an older release could have.
      await t().database.db.execute(
        sql`insert into website_content (section, key, value, value_type) values ('pages', 'raw_html', ${'<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a></p><img src=x onerror=alert(1)>'}, 'html')`,
      );
      const res = await t().app.inject({ method: "GET", url: "/api/content" });
      const item = (res.json() as Array<{ key: string; value: string }>).find((i) => i.key === "raw_html");
      expect(item?.value).toContain("Hi");
      expect(item?.value).toContain("link");
      for (const bad of ["onclick", "<script", "alert(1)", "javascript:", "<img", "onerror"])
        expect(item?.value).not.toContain(bad);
    });
  },
  { demo: false },
);
