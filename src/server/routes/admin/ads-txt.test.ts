import { expect, it } from "vitest";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";

const ADS_TXT = "# sellers\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\ncontact=ads@example.com\n";

describeEachDatabase("admin ads.txt API (D154)", (t) => {
  const { req } = asAdmin(t);
  const fetchFrom = (origin: "site" | "games") =>
    (origin === "site" ? t().app : t().gamesApp).inject({ method: "GET", url: "/ads.txt" });

  it("refuses a bad line with its number and why, and keeps what was saved", async () => {
    await req("PUT", "/api/admin/ads/ads-txt", { body: ADS_TXT });
    const bad = await req("PUT", "/api/admin/ads/ads-txt", {
      body: "google.com, pub-1, DIRECT\ngoogle.com, pub-1, OWNER",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Line 2: The third field is DIRECT or RESELLER, not "OWNER"');
    const huge = await req("PUT", "/api/admin/ads/ads-txt", { body: "#".repeat(70_000) });
    expect(huge.statusCode).toBe(400);
    expect((await fetchFrom("games")).body).toBe(ADS_TXT);
    await req("PUT", "/api/admin/ads/ads-txt", { body: "" });
  });

  it("is edited by admins only, by the admin guard", async () => {
    for (const method of ["GET", "PUT"]) {
      const entry = t().app.adminRouteTable.find((r) => r.method === method && r.url === "/api/admin/ads/ads-txt");
      expect(entry, method).toMatchObject({ guarded: true, moderators: false });
    }
    const player = await createUserWithSession(t());
    const put = { method: "PUT" as const, url: "/api/admin/ads/ads-txt", payload: { body: ADS_TXT } };
    expect((await t().app.inject({ ...put, cookies: player.cookies })).statusCode).toBe(403);
    expect((await t().app.inject(put)).statusCode).toBe(401);
    expect((await fetchFrom("site")).statusCode).toBe(404);
  });
});
