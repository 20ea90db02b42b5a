import { describe, expect, it } from "vitest";
import { SCRIPT_URL_MESSAGE } from "../../../contract/consent-constants";
import { SEASON_LENGTH_MESSAGE } from "../../../contract/leaderboard-constants";
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
        const res = await req("PATCH", "/api/admin/settings", {
          site: { name: "Playland", contact_email: "hello@playland.example" },
        });
        expect(res.statusCode, res.body).toBe(200);
        const byKey = Object.fromEntries(
          res.json().content.map((i: { key: string; value: string }) => [i.key, i.value]),
        );
        expect(byKey).toMatchObject({ name: "Playland", contact_email: "hello@playland.example" });
        const pub = (await t().app.inject({ method: "GET", url: "/api/content" })).json() as Array<{
          section: string;
          key: string;
          value: string;
        }>;
        expect(pub.find((i) => i.section === "site" && i.key === "name")?.value).toBe("Playland");
        expect((await req("PATCH", "/api/admin/settings", { site: { name: " " } })).statusCode).toBe(400);
        expect((await req("PATCH", "/api/admin/settings", { site: { "bad.key": "x" } })).statusCode).toBe(400);
      });
    });

    describe("consent tool and statistics script (D150)", () => {
      const page = async () => {
        const res = await t().app.inject({ method: "GET", url: "/cookie-policy" });
        return String(res.headers["content-security-policy"]);
      };
      const directive = (policy: string, name: string) =>
        policy
          .split(";")
          .map((p) => p.trim())
          .find((p) => p.startsWith(`${name} `));

      it("refuses an address that is not https (or this computer's), and keeps the stored one", async () => {
        const good = await req("PATCH", "/api/admin/settings", {
          site: { consent_tool_url: "https://cmp.example/stub.js" },
        });
        expect(good.statusCode, good.body).toBe(200);
        for (const bad of [
          "http://cmp.example/stub.js",
          "javascript:alert(1)",
          "cmp.js",
          "https://u:p@cmp.example/x.js",
        ]) {
          for (const key of ["consent_tool_url", "statistics_script_url"]) {
            const res = await req("PATCH", "/api/admin/settings", { site: { [key]: bad } });
            expect(res.statusCode, `${key}=${bad}`).toBe(400);
            expect(res.json().errors).toContainEqual({ path: `body.site.${key}`, message: SCRIPT_URL_MESSAGE });
          }
        }
        const stored = (await req("GET", "/api/admin/settings")).json().content;
        expect(stored.find((i: { key: string }) => i.key === "consent_tool_url").value).toBe(
          "https://cmp.example/stub.js",
        );
        expect((await req("PATCH", "/api/admin/settings", { site: { consent_tool_url: "" } })).statusCode).toBe(200);
      });

      it("a page's CSP names the consent tool's and the statistics script's origins only while they are set", async () => {
        const before = await page();
        expect(directive(before, "script-src")).toBeDefined();
        expect(before).not.toContain("cmp.example");

        expect(
          (
            await req("PATCH", "/api/admin/settings", {
              site: {
                consent_tool_url: "https://cmp.example/v2/stub.js",
                statistics_script_url: "http://127.0.0.1:9/s.js",
              },
            })
          ).statusCode,
        ).toBe(200);
        const set = await page();
        expect(directive(set, "script-src")).toBe(
          `${directive(before, "script-src")} https://cmp.example http://127.0.0.1:9`,
        );
        expect(directive(set, "connect-src")).toBe(
          `${directive(before, "connect-src")} https://cmp.example http://127.0.0.1:9`,
        );
        // nothing else changes: frames, images, defaults
        expect(directive(set, "frame-src")).toBe(directive(before, "frame-src"));
        expect(directive(set, "default-src")).toBe(directive(before, "default-src"));
        // an API answer keeps its own policy
        const api = await t().app.inject({ method: "GET", url: "/api/content" });
        expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

        expect(
          (await req("PATCH", "/api/admin/settings", { site: { consent_tool_url: "", statistics_script_url: "" } }))
            .statusCode,
        ).toBe(200);
        expect(await page()).toBe(before);
      });
    });

    describe("season length (D91)", () => {
      type Season = { id: number; startsAt: string; endsAt: string | null; current: boolean };
      const open = async (): Promise<Season> => {
        const res = await t().app.inject({ method: "GET", url: "/api/seasons" });
        expect(res.statusCode).toBe(200);
        return (res.json() as Season[]).find((s) => s.current)!;
      };
      const setLength = (value: string) => req("PATCH", "/api/admin/settings", { site: { season_length: value } });
      const DAY = 24 * 60 * 60 * 1000;

      it("a value other than week, month or none is 400 naming the rule, and the open season keeps its end", async () => {
        const before = await open();
        for (const bad of ["fortnight", "weekly", "7"]) {
          const res = await setLength(bad);
          expect(res.statusCode, bad).toBe(400);
          expect(res.json().message).toBe(SEASON_LENGTH_MESSAGE);
          expect(res.json().errors).toContainEqual({ path: "body.site.season_length", message: SEASON_LENGTH_MESSAGE });
        }
        expect((await setLength(" ")).statusCode).toBe(400); // blank, as any setting
        expect(await open()).toEqual(before);
      });

      it("'month' moves the open season's end to the 1st of next month 00:00 UTC; 'none' makes it endless; 'week' next Monday", async () => {
        const weekly = await open();
        // the default (weekly): the season ends on a Monday at 00:00 UTC, within a week
        const weekEnd = new Date(weekly.endsAt!);
        expect([weekEnd.getUTCDay(), weekEnd.getUTCHours(), weekEnd.getUTCMinutes(), weekEnd.getUTCSeconds()]).toEqual([
          1, 0, 0, 0,
        ]);
        expect(weekEnd.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);

        expect((await setLength("month")).statusCode).toBe(200);
        const now = new Date();
        const monthly = await open();
        expect(monthly.id).toBe(weekly.id); // the same season, rescheduled: not a new one
        expect(monthly.startsAt).toBe(weekly.startsAt);
        expect(monthly.endsAt).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());

        expect((await setLength("none")).statusCode).toBe(200);
        const endless = await open();
        expect(endless).toMatchObject({ id: weekly.id, startsAt: weekly.startsAt, endsAt: null });

        expect((await setLength(" Week ")).statusCode).toBe(200); // read as the setting is: trimmed, any case
        expect((await open()).endsAt).toBe(weekly.endsAt);
      });

      it("the same item edited in Website Content (create, edit, delete) reschedules the open season too", async () => {
        const weekly = await open();
        const items = (await req("GET", "/api/admin/website-content")).json() as Array<{
          id: number;
          section: string;
          key: string;
        }>;
        const existing = items.find((i) => i.section === "site" && i.key === "season_length");
        if (existing) expect((await req("DELETE", `/api/admin/website-content/${existing.id}`)).statusCode).toBe(204);
        const created = await req("POST", "/api/admin/website-content", {
          section: "site",
          key: "season_length",
          value: "none",
          valueType: "text",
        });
        expect(created.statusCode, created.body).toBe(201);
        expect((await open()).endsAt).toBeNull();
        const edited = await req("PATCH", `/api/admin/website-content/${created.json().id}`, { value: "month" });
        expect(edited.statusCode, edited.body).toBe(200);
        const now = new Date();
        expect((await open()).endsAt).toBe(
          new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
        );
        // deleted: the default length (a week) again
        expect((await req("DELETE", `/api/admin/website-content/${created.json().id}`)).statusCode).toBe(204);
        expect(await open()).toEqual(weekly);
      });
    });
  },
  // a built page of its own: the policy's document rules apply to HTML, and dist/ may not be built yet
  {
    demo: false,
    clientFiles: {
      "index.html": '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    },
  },
);
