import type { RouteOptions } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { newGame, play, type Player } from "../../test/scores";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../test/test-app";

/**
 * D100 access matrix for the player features (friends and blocks, notifications, My Games, settings, direct
 * messages). The routes are discovered from the app itself (buildApp's onRoute); every
 * one under the player prefixes must be classified below, so that a new route cannot slip in unguarded.
 */

/** Where the player features live: every route here is in PLAYER_ROUTES (or the test fails). */
function isPlayerUrl(url: string): boolean {
  const prefixes = [
    "/api/friends",
    "/api/blocks",
    "/api/notifications",
    "/api/messages",
    "/api/me",
    "/api/favorites",
    "/api/presence",
    "/api/reports",
  ];
  return prefixes.some((p) => url === p || url.startsWith(`${p}/`)) || url.startsWith("/api/games/:id/plays/");
}

/**
 * Every player route and who may call it. "session": 401 without one, before any validation.
 * "anyone": deliberately open, with the reason.
 */
const PLAYER_ROUTES: Record<string, "session" | { anyone: string }> = {
  "GET /api/friends": "session",
  "GET /api/friends/:userId": "session",
  "POST /api/friends/:userId": "session",
  "DELETE /api/friends/:userId": "session",
  "POST /api/blocks/:userId": "session",
  "DELETE /api/blocks/:userId": "session",
  "POST /api/presence": "session",
  "PUT /api/presence/room": "session",
  "GET /api/notifications": "session",
  "POST /api/notifications/read": "session",
  "GET /api/messages": "session",
  "GET /api/messages/unread": "session",
  "GET /api/messages/:userId": "session",
  "POST /api/messages/:userId": "session",
  // D97: reporting a direct message (or anything else) needs a session
  "POST /api/reports": "session",
  "GET /api/me/settings": "session",
  "PATCH /api/me/settings": "session",
  "GET /api/me/sessions": "session",
  "DELETE /api/me/sessions/others": "session",
  "DELETE /api/me/sessions/:id": "session",
  "POST /api/me/password": "session",
  "GET /api/me/step-up": "session",
  "POST /api/me/step-up": "session",
  "POST /api/me/step-up/code": "session",
  "POST /api/me/email": "session",
  "POST /api/me/email/verify": "session",
  "POST /api/me/avatar": "session",
  "DELETE /api/me/avatar": "session",
  "GET /api/me/export": "session",
  "DELETE /api/me": "session",
  "POST /api/me/delete/cancel": "session",
  "GET /api/me/consent": {
    anyone: "D150: a page's background read of the account's cookie choice; signed out it answers 204, nothing to sync",
  },
  "PUT /api/me/consent": {
    anyone: "D150: a page's background save of the cookie choice; signed out it answers 204 and keeps nothing",
  },
  "GET /api/me/creator-application": "session",
  "POST /api/me/creator-application": "session",
  "GET /api/me/games": "session",
  "PUT /api/favorites/:id": "session",
  "DELETE /api/favorites/:id": "session",
  "GET /api/favorites/ids": "session",
  "POST /api/games/:id/plays/:playId/gameplay": "session",
  "POST /api/games/:id/plays/:playId/started": {
    anyone: "issue 14 item 7: start-up timing of any play, signed in or not; answers the same either way",
  },
};

/** The routes the app registered, as "METHOD /url" (HEAD is Fastify's copy of a GET). */
function collector() {
  const routes = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.add(`${method} ${route.url}`);
  };
  return { routes, onRoute };
}

const discovered = collector();

/** Parameters filled in: a plausible id, and a malformed one (which must still be 401, not 400). */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value);
/** A body no route accepts. */
const INVALID_BODY = {
  nonsense: true,
  ids: "all",
  state: 42,
  body: 7,
  password: 1,
  profileVisibility: "everyone",
  gameId: "x",
};

async function befriend(t: TestApp, a: Player, b: Player) {
  expect(
    (await t.app.inject({ method: "POST", url: `/api/friends/${b.user.id}`, cookies: a.cookies })).statusCode,
  ).toBe(201);
  expect(
    (await t.app.inject({ method: "POST", url: `/api/friends/${a.user.id}`, cookies: b.cookies })).statusCode,
  ).toBe(200);
}

describeEachDatabase(
  "player access matrix (D100: D84–D88)",
  (t) => {
    it("D100: every route under the player prefixes is classified, and the table lists no route that is gone", () => {
      const found = [...discovered.routes].filter((r) => isPlayerUrl(r.slice(r.indexOf(" ") + 1))).sort();
      expect(found.length).toBeGreaterThanOrEqual(30);
      const listed = Object.keys(PLAYER_ROUTES).sort();
      expect(
        found.filter((r) => !listed.includes(r)),
        "new routes: classify them in PLAYER_ROUTES",
      ).toEqual([]);
      expect(
        listed.filter((r) => !found.includes(r)),
        "routes in PLAYER_ROUTES that the app no longer has",
      ).toEqual([]);
    });

    it("D100: without a session every guarded route answers 401 {message}, before validation (malformed ids and bodies too)", async () => {
      const failures: string[] = [];
      for (const [route, who] of Object.entries(PLAYER_ROUTES)) {
        if (who !== "session") continue;
        const [method, url] = route.split(" ");
        for (const value of ["999999", "abc"]) {
          for (const payload of method === "GET" ? [undefined] : [undefined, INVALID_BODY]) {
            const res = await t().app.inject({
              method: method as "GET",
              url: fill(url, value) + (method === "GET" ? "?limit=nope&before=-1" : ""),
              ...(payload ? { payload } : {}),
            });
            if (res.statusCode !== 401 || res.json().message !== "Not signed in")
              failures.push(
                `${route} [${value}${payload ? ", invalid body" : ""}] → ${res.statusCode} ${res.body.slice(0, 100)}`,
              );
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it("D100: a signed-in player gets past the guard on every guarded route (no 401)", async () => {
      const p = await createUserWithSession(t());
      const failures: string[] = [];
      for (const [route, who] of Object.entries(PLAYER_ROUTES)) {
        if (who !== "session") continue;
        const [method, url] = route.split(" ");
        // DELETE /api/me would start the account's deletion: its refusal without step-up (403, D105) proves the guard let it through.
        const res = await t().app.inject({
          method: method as "GET",
          url: fill(url, "999999"),
          cookies: p.cookies,
          payload: method === "GET" ? undefined : {},
        });
        if (res.statusCode === 401 || res.statusCode >= 500)
          failures.push(`${route} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      expect(failures).toEqual([]);
    });

    describe3rdParty(t);
  },
  { demo: false, onRoute: discovered.onRoute },
);

/** A third player (signed in, neither friend nor owner) cannot read or change another pair's things. */
function describe3rdParty(t: () => TestApp) {
  let a: Player;
  let b: Player;
  let c: Player;
  let gameId: number;
  let playId: string;
  let notificationId: number;
  const SECRET = "a message between A and B only";

  beforeAll(async () => {
    a = await createUserWithSession(t());
    b = await createUserWithSession(t());
    c = await createUserWithSession(t());
    await befriend(t(), a, b);
    const sent = await t().app.inject({
      method: "POST",
      url: `/api/messages/${b.user.id}`,
      cookies: a.cookies,
      payload: { body: SECRET },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const list = (await t().app.inject({ method: "GET", url: "/api/notifications", cookies: a.cookies })).json();
    expect(list.items.length).toBeGreaterThan(0); // B accepted A's request: "friend_accepted"
    notificationId = list.items[0].id;
    gameId = (await newGame(t(), "Access Matrix Game")).id;
    expect(
      (await t().app.inject({ method: "PUT", url: `/api/favorites/${gameId}`, cookies: a.cookies })).statusCode,
    ).toBe(204);
    playId = await play(t(), gameId, a);
  });

  it("D88: C sees no trace of A and B's conversation and cannot read their thread", async () => {
    const convs = await t().app.inject({ method: "GET", url: "/api/messages", cookies: c.cookies });
    expect(convs.statusCode).toBe(200);
    expect(convs.json()).toEqual([]);
    for (const other of [a, b]) {
      const thread = await t().app.inject({ method: "GET", url: `/api/messages/${other.user.id}`, cookies: c.cookies });
      expect(thread.body).not.toContain(SECRET);
      const send = await t().app.inject({
        method: "POST",
        url: `/api/messages/${other.user.id}`,
        cookies: c.cookies,
        payload: { body: "hi" },
      });
      expect(send.statusCode).toBe(403);
    }
    expect((await t().app.inject({ method: "GET", url: "/api/messages/unread", cookies: c.cookies })).json()).toEqual({
      unread: 0,
    });
    // B still has it, unread.
    expect((await t().app.inject({ method: "GET", url: "/api/messages/unread", cookies: b.cookies })).json()).toEqual({
      unread: 1,
    });
  });

  it("D84: the friends list is only the session's own: C's is empty and C is no friend of A", async () => {
    const mine = (await t().app.inject({ method: "GET", url: "/api/friends", cookies: c.cookies })).json();
    expect(mine).toMatchObject({ friends: [], incoming: [], outgoing: [], blocked: [] });
    expect(
      (await t().app.inject({ method: "GET", url: `/api/friends/${a.user.id}`, cookies: c.cookies })).json(),
    ).toMatchObject({
      friends: false,
      presence: null,
    });
    // A friend list cannot be asked for by id (there is no such route): A's list is A's.
    const aList = (await t().app.inject({ method: "GET", url: "/api/friends", cookies: a.cookies })).json();
    expect(aList.friends.map((f: { id: number }) => f.id)).toEqual([b.user.id]);
  });

  it("D85: C cannot mark A's notifications read", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/notifications/read",
      cookies: c.cookies,
      payload: { ids: [notificationId] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 0 });
    const still = (await t().app.inject({ method: "GET", url: "/api/notifications", cookies: a.cookies })).json();
    expect(still.items.find((n: { id: number }) => n.id === notificationId)).toMatchObject({ readAt: null });
    expect(still.unread).toBeGreaterThan(0);
  });

  it("D86: C cannot remove A's favourite nor time A's play", async () => {
    expect(
      (await t().app.inject({ method: "DELETE", url: `/api/favorites/${gameId}`, cookies: c.cookies })).statusCode,
    ).toBe(204);
    expect((await t().app.inject({ method: "GET", url: "/api/favorites/ids", cookies: a.cookies })).json()).toEqual({
      ids: [gameId],
    });
    const timed = await t().app.inject({
      method: "POST",
      url: `/api/games/${gameId}/plays/${playId}/gameplay`,
      cookies: c.cookies,
      payload: { state: "start" },
    });
    expect(timed.statusCode).toBe(403);
    expect(timed.json()).toEqual({ message: "This play belongs to another player" });
    // A's own report is accepted.
    expect(
      (
        await t().app.inject({
          method: "POST",
          url: `/api/games/${gameId}/plays/${playId}/gameplay`,
          cookies: a.cookies,
          payload: { state: "start" },
        })
      ).statusCode,
    ).toBe(204);
  });
}
