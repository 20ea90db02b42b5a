import { expect, it } from "vitest";
import { asAdmin, describeEachDatabase } from "../../test/test-app";

const ADS_TXT = "# sellers\ngoogle.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\ncontact=ads@example.com\n";

describeEachDatabase("ads.txt (D154)", (t) => {
  const { req } = asAdmin(t);
  const fetchFrom = (origin: "site" | "games") =>
    (origin === "site" ? t().app : t().gamesApp).inject({ method: "GET", url: "/ads.txt" });

  it("is 404 on both origins while empty", async () => {
    expect((await req("GET", "/api/admin/ads/ads-txt")).json()).toEqual({ body: "", updatedAt: null });
    for (const origin of ["site", "games"] as const) expect((await fetchFrom(origin)).statusCode, origin).toBe(404);
  });

  it("is saved in Settings and served as text/plain on the site and the games origin", async () => {
    const saved = await req("PUT", "/api/admin/ads/ads-txt", { body: ADS_TXT.replace(/\n/g, "  \r\n") + "\r\n\r\n" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().body).toBe(ADS_TXT);
    expect((await req("GET", "/api/admin/ads/ads-txt")).json().body).toBe(ADS_TXT);
    for (const origin of ["site", "games"] as const) {
      const res = await fetchFrom(origin);
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers["content-type"], origin).toBe("text/plain; charset=utf-8");
      expect(res.body, origin).toBe(ADS_TXT);
    }
    // emptied, it is gone again
    expect((await req("PUT", "/api/admin/ads/ads-txt", { body: "" })).statusCode).toBe(200);
    for (const origin of ["site", "games"] as const) expect((await fetchFrom(origin)).statusCode, origin).toBe(404);
  });
});
