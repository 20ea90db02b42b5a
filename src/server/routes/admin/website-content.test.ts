import { expect, it } from "vitest";
import { asAdmin, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin website content (D40)",
  (t) => {
    const { req } = asAdmin(t);
    const publicContent = async () =>
      (await t().app.inject({ method: "GET", url: "/api/content" })).json() as Array<{
        section: string;
        key: string;
        value: string;
      }>;

    it("lists the seeded items (the D40 keys)", async () => {
      const res = await req("GET", "/api/admin/website-content");
      expect(res.statusCode).toBe(200);
      const keys = res.json().map((i: { section: string; key: string }) => `${i.section}.${i.key}`);
      expect(keys).toEqual(expect.arrayContaining(["site.name", "site.tagline", "home.hero_title"]));
    });

    it("creates (201, valueType defaults to text), and the public GET /api/content shows it; a duplicate (section, key) is 409", async () => {
      const res = await req("POST", "/api/admin/website-content", {
        section: "home",
        key: "promo",
        value: "Double points weekend!",
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        section: "home",
        key: "promo",
        value: "Double points weekend!",
        valueType: "text",
      });
      expect((await publicContent()).find((i) => i.key === "promo")?.value).toBe("Double points weekend!");
      const dup = await req("POST", "/api/admin/website-content", { section: "home", key: "promo", value: "again" });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe("Content with this section and key already exists");
    });

    it("uses the spec's messages: 'Section is required', 'Key is required', 'Value is required'", async () => {
      const cases: Array<[object, string]> = [
        [{ key: "k", value: "v" }, "Section is required"],
        [{ section: " ", key: "k", value: "v" }, "Section is required"],
        [{ section: "s", value: "v" }, "Key is required"],
        [{ section: "s", key: "k" }, "Value is required"],
        [{ section: "s", key: "k", value: "   " }, "Value is required"],
      ];
      for (const [body, message] of cases) {
        const res = await req("POST", "/api/admin/website-content", body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(
        (await req("POST", "/api/admin/website-content", { section: "s", key: "k", value: "v", valueType: "script" }))
          .statusCode,
      ).toBe(400);
      expect(
        (await req("POST", "/api/admin/website-content", { section: "a.b", key: "k", value: "v" })).statusCode,
      ).toBe(400);
    });

    it("sanitises html on write: <script> and onerror= are removed", async () => {
      const res = await req("POST", "/api/admin/website-content", {
        section: "pages",
        key: "about",
        valueType: "html",
        value:
          '<h2>About</h2><p>We love games<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      });
      expect(res.statusCode, res.body).toBe(201);
      const value = res.json().value as string;
      expect(value).toContain("<h2>About</h2><p>We love games</p>");
      expect(value).not.toMatch(/script|onerror|javascript|<img/i);
      const pub = (await publicContent()).find((i) => i.section === "pages" && i.key === "about")!;
      expect(pub.value).toBe(value);
    });

    it("image values must be an /uploads/ path or an http(s) URL; link values http(s) or a site path", async () => {
      expect(
        (
          await req("POST", "/api/admin/website-content", {
            section: "home",
            key: "hero_image",
            value: "/uploads/images/abc.webp",
            valueType: "image",
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await req("POST", "/api/admin/website-content", {
            section: "home",
            key: "hero_image2",
            value: "https://cdn.example.com/a.png",
            valueType: "image",
          })
        ).statusCode,
      ).toBe(201);
      for (const value of ["javascript:alert(1)", "/etc/passwd", "/uploads/../secret", "data:image/png;base64,AA"]) {
        const res = await req("POST", "/api/admin/website-content", {
          section: "home",
          key: "bad_image",
          value,
          valueType: "image",
        });
        expect(res.statusCode, value).toBe(400);
      }
      expect(
        (
          await req("POST", "/api/admin/website-content", {
            section: "footer",
            key: "link1",
            value: "/games?sort=popular",
            valueType: "link",
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await req("POST", "/api/admin/website-content", {
            section: "footer",
            key: "link2",
            value: "https://example.com",
            valueType: "link",
          })
        ).statusCode,
      ).toBe(201);
      for (const value of ["javascript:alert(1)", "//evil.example", "/\\evil.example", "mailto:x@example.com"]) {
        const res = await req("POST", "/api/admin/website-content", {
          section: "footer",
          key: "bad_link",
          value,
          valueType: "link",
        });
        expect(res.statusCode, value).toBe(400);
      }
    });

    it("edits value and type (section and key are read-only) and the public site changes; delete removes it", async () => {
      const items = (await req("GET", "/api/admin/website-content")).json() as Array<{
        id: number;
        section: string;
        key: string;
        updatedAt: string;
      }>;
      const tagline = items.find((i) => i.section === "site" && i.key === "tagline")!;
      const res = await req("PATCH", `/api/admin/website-content/${tagline.id}`, {
        value: "Play more, worry less",
        section: "hacked",
        key: "hacked",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: tagline.id,
        section: "site",
        key: "tagline",
        value: "Play more, worry less",
        valueType: "text",
      });
      expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(tagline.updatedAt).getTime());
      expect((await publicContent()).find((i) => i.section === "site" && i.key === "tagline")?.value).toBe(
        "Play more, worry less",
      );

      const html = await req("PATCH", `/api/admin/website-content/${tagline.id}`, {
        value: "<b>Bold</b><script>x()</script>",
        valueType: "html",
      });
      expect(html.json()).toMatchObject({ value: "<b>Bold</b>", valueType: "html" });
      // Switching the type re-checks the stored value.
      expect((await req("PATCH", `/api/admin/website-content/${tagline.id}`, { valueType: "image" })).statusCode).toBe(
        400,
      );
      expect((await req("PATCH", `/api/admin/website-content/${tagline.id}`, { value: "" })).statusCode).toBe(400);
      expect((await req("PATCH", "/api/admin/website-content/999999", { value: "x" })).statusCode).toBe(404);

      const created = (
        await req("POST", "/api/admin/website-content", { section: "temp", key: "gone", value: "bye" })
      ).json();
      expect((await req("DELETE", `/api/admin/website-content/${created.id}`)).statusCode).toBe(204);
      expect((await publicContent()).some((i) => i.section === "temp")).toBe(false);
      expect((await req("DELETE", `/api/admin/website-content/${created.id}`)).statusCode).toBe(404);
      expect((await req("DELETE", "/api/admin/website-content/abc")).statusCode).toBe(400);
    });
  },
  { demo: false },
);
