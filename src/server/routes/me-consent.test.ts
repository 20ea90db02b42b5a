import { expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";

// D150: the cookie choice on the account (GET/PUT /api/me/consent).
describeEachDatabase(
  "account consent API",
  (t) => {
    it("answers no choice until one is stored, then the stored one with the server's time", async () => {
      const { cookies } = await createUserWithSession(t());
      const before = await t().app.inject({ method: "GET", url: "/api/me/consent", cookies });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ choice: null, decidedAt: null });

      const start = Date.now();
      const put = await t().app.inject({
        method: "PUT",
        url: "/api/me/consent",
        cookies,
        payload: { statistics: true, advertising: false },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().choice).toEqual({ statistics: true, advertising: false });
      expect(Date.parse(put.json().decidedAt)).toBeGreaterThanOrEqual(start - 1000);

      const after = await t().app.inject({ method: "GET", url: "/api/me/consent", cookies });
      expect(after.json()).toEqual(put.json());
      expect(after.headers["cache-control"]).toBe("no-store");
    });

    it("answers a signed-out read or write with 204 and keeps nothing (a page that signed out meanwhile)", async () => {
      const read = await t().app.inject({ method: "GET", url: "/api/me/consent" });
      expect(read.statusCode).toBe(204);
      expect(read.body).toBe("");
      expect(read.headers["cache-control"]).toBe("no-store");
      const { cookies } = await createUserWithSession(t());
      const write = await t().app.inject({
        method: "PUT",
        url: "/api/me/consent",
        payload: { statistics: true, advertising: true },
      });
      expect(write.statusCode).toBe(204);
      expect(write.body).toBe("");
      const mine = await t().app.inject({ method: "GET", url: "/api/me/consent", cookies });
      expect(mine.json()).toEqual({ choice: null, decidedAt: null });
    });

    it("the latest choice replaces the earlier one", async () => {
      const { cookies } = await createUserWithSession(t());
      const first = await t().app.inject({
        method: "PUT",
        url: "/api/me/consent",
        cookies,
        payload: { statistics: true, advertising: true },
      });
      const second = await t().app.inject({
        method: "PUT",
        url: "/api/me/consent",
        cookies,
        payload: { statistics: false, advertising: false },
      });
      expect(second.json().choice).toEqual({ statistics: false, advertising: false });
      expect(Date.parse(second.json().decidedAt)).toBeGreaterThanOrEqual(Date.parse(first.json().decidedAt));
      const read = await t().app.inject({ method: "GET", url: "/api/me/consent", cookies });
      expect(read.json().choice).toEqual({ statistics: false, advertising: false });
    });

    it("is each player's own: one player's choice is not another's", async () => {
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      await t().app.inject({
        method: "PUT",
        url: "/api/me/consent",
        cookies: a.cookies,
        payload: { statistics: true, advertising: true },
      });
      const other = await t().app.inject({ method: "GET", url: "/api/me/consent", cookies: b.cookies });
      expect(other.json()).toEqual({ choice: null, decidedAt: null });
    });

    it("refuses a body that is not both purposes as booleans, and stores nothing", async () => {
      const { cookies } = await createUserWithSession(t());
      for (const payload of [
        { statistics: true },
        { statistics: "yes", advertising: false },
        { statistics: true, advertising: true, necessary: false },
        { statistics: true, advertising: true, userId: 1 },
      ]) {
        const res = await t().app.inject({ method: "PUT", url: "/api/me/consent", cookies, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const read = await t().app.inject({ method: "GET", url: "/api/me/consent", cookies });
      expect(read.json()).toEqual({ choice: null, decidedAt: null });
    });
  },
  { demo: false },
);
