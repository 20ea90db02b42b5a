import { describe, expect, it } from "vitest";
import { asAdmin, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "admin settings (D47)",
  (t) => {
    const { req } = asAdmin(t, { username: "chief" });

    describe("settings", () => {
      it("GET shows the site.* content and whether mail and Google are configured", async () => {
        const res = await req("GET", "/api/admin/settings");
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.mail).toEqual({ configured: false, from: "Arcadium <no-reply@localhost>" });
        expect(body.google).toEqual({ configured: false });
        expect(body.content.map((i: { key: string }) => i.key).sort()).toEqual(["name", "tagline"]);
        expect(body.content.every((i: { section: string }) => i.section === "site")).toBe(true);
      });

      it("PATCH sets site.* values (creating missing ones) and the public content follows", async () => {
        const res = await req("PATCH", "/api/admin/settings", { site: { name: "Playland", contact_email: "hello@playland.example" } });
        expect(res.statusCode, res.body).toBe(200);
        const byKey = Object.fromEntries(res.json().content.map((i: { key: string; value: string }) => [i.key, i.value]));
        expect(byKey).toMatchObject({ name: "Playland", contact_email: "hello@playland.example" });
        const pub = (await t().app.inject({ method: "GET", url: "/api/content" })).json() as Array<{ section: string; key: string; value: string }>;
        expect(pub.find((i) => i.section === "site" && i.key === "name")?.value).toBe("Playland");
        expect((await req("PATCH", "/api/admin/settings", { site: { name: " " } })).statusCode).toBe(400);
        expect((await req("PATCH", "/api/admin/settings", { site: { "bad.key": "x" } })).statusCode).toBe(400);
      });
    });
  },
  { demo: false },
);
