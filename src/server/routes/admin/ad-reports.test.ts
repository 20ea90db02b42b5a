import { expect, it } from "vitest";
import { playStartedAgo } from "../../../test/ads";
import { insertGame } from "../../../test/factories";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { adStatsDailyTable } from "../../db/schema";

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase("admin ad reports API (D154)", (t) => {
  const { req } = asAdmin(t);
  const seed = (rows: Array<{ day: string; placement: string; gameId: number; event: string; count: number }>) =>
    t()
      .database.db.insert(adStatsDailyTable)
      .values(rows as Array<typeof adStatsDailyTable.$inferInsert>);

  it("adds up the counted days by day, placement and game over 30 or 90 days", async () => {
    const alpha = await insertGame(t(), { title: "Alpha Run" });
    const beta = await insertGame(t(), { title: "Beta Blocks" });
    await seed([
      { day: daysAgo(1), placement: "preroll", gameId: alpha.id, event: "impression", count: 5 },
      { day: daysAgo(1), placement: "preroll", gameId: alpha.id, event: "dismissal", count: 2 },
      { day: daysAgo(1), placement: "preroll", gameId: alpha.id, event: "click", count: 1 },
      { day: daysAgo(1), placement: "reward", gameId: beta.id, event: "impression", count: 3 },
      { day: daysAgo(1), placement: "reward", gameId: beta.id, event: "reward", count: 3 },
      { day: daysAgo(2), placement: "next", gameId: beta.id, event: "no_fill", count: 4 },
      { day: daysAgo(2), placement: "display", gameId: alpha.id, event: "impression", count: 7 },
      // outside 30 days, inside 90
      { day: daysAgo(45), placement: "preroll", gameId: alpha.id, event: "impression", count: 100 },
      // outside 90 days
      { day: daysAgo(120), placement: "preroll", gameId: alpha.id, event: "impression", count: 1000 },
    ]);

    const res = await req("GET", "/api/admin/ads/reports");
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.from).toBe(daysAgo(29));
    expect(report.to).toBe(daysAgo(0));
    expect(report.totals).toEqual({ impressions: 15, noFills: 4, dismissals: 2, rewards: 3, clicks: 1 });
    expect(report.days).toHaveLength(30);
    expect(report.days[0].day).toBe(daysAgo(29));
    expect(report.days.at(-1)).toEqual({
      day: daysAgo(0),
      impressions: 0,
      noFills: 0,
      dismissals: 0,
      rewards: 0,
      clicks: 0,
    });
    expect(report.days.find((d: { day: string }) => d.day === daysAgo(1))).toEqual({
      day: daysAgo(1),
      impressions: 8,
      noFills: 0,
      dismissals: 2,
      rewards: 3,
      clicks: 1,
    });
    expect(report.byPlacement).toEqual([
      { placement: "display", impressions: 7, noFills: 0, dismissals: 0, rewards: 0, clicks: 0 },
      { placement: "preroll", impressions: 5, noFills: 0, dismissals: 2, rewards: 0, clicks: 1 },
      { placement: "reward", impressions: 3, noFills: 0, dismissals: 0, rewards: 3, clicks: 0 },
      { placement: "next", impressions: 0, noFills: 4, dismissals: 0, rewards: 0, clicks: 0 },
    ]);
    expect(report.byGame).toEqual([
      { gameId: alpha.id, gameTitle: "Alpha Run", impressions: 12, noFills: 0, dismissals: 2, rewards: 0, clicks: 1 },
      { gameId: beta.id, gameTitle: "Beta Blocks", impressions: 3, noFills: 4, dismissals: 0, rewards: 3, clicks: 0 },
    ]);
    expect(report.rows).toHaveLength(4);
    expect(report.rows[0]).toMatchObject({ day: daysAgo(2), placement: "display", gameTitle: "Alpha Run" });

    const ninety = (await req("GET", "/api/admin/ads/reports?days=90")).json();
    expect(ninety.days).toHaveLength(90);
    expect(ninety.totals.impressions).toBe(115);
    expect(ninety.byGame[0]).toMatchObject({ gameId: alpha.id, impressions: 112 });
  });

  it("counts what a game page reports for its play, under the play's game", async () => {
    const game = await insertGame(t(), { title: "Counted Today" });
    const other = await insertGame(t());
    const play = await playStartedAgo(t, game.id, 600);
    const event = (gameId: number, body: object) =>
      t().app.inject({ method: "POST", url: `/api/games/${gameId}/ads/events`, payload: { playId: play.id, ...body } });
    expect((await event(game.id, { placement: "pause", event: "click" })).statusCode).toBe(204);
    expect((await event(game.id, { placement: "pause", event: "dismissal" })).statusCode).toBe(204);
    // a frame that names another game is not counted: the play is this game's
    expect((await event(other.id, { placement: "pause", event: "click" })).statusCode).toBe(404);
    const report = (await req("GET", "/api/admin/ads/reports")).json();
    const today = report.rows.filter((r: { gameId: number }) => r.gameId === game.id || r.gameId === other.id);
    expect(today).toEqual([
      {
        day: daysAgo(0),
        placement: "pause",
        gameId: game.id,
        gameTitle: "Counted Today",
        impressions: 0,
        noFills: 0,
        dismissals: 1,
        rewards: 0,
        clicks: 1,
      },
    ]);
  });

  it("refuses a range it does not offer", async () => {
    const res = await req("GET", "/api/admin/ads/reports?days=365");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("days must be one of 30, 90");
  });

  it("is for admins only, by the admin guard", async () => {
    const entry = t().app.adminRouteTable.find((r) => r.method === "GET" && r.url === "/api/admin/ads/reports");
    expect(entry).toEqual({ method: "GET", url: "/api/admin/ads/reports", guarded: true, moderators: false });
    const player = await createUserWithSession(t());
    const asPlayer = await t().app.inject({ method: "GET", url: "/api/admin/ads/reports", cookies: player.cookies });
    expect(asPlayer.statusCode).toBe(403);
    const signedOut = await t().app.inject({ method: "GET", url: "/api/admin/ads/reports" });
    expect(signedOut.statusCode).toBe(401);
  });
});
