import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_SIGN_UP_EXPIRED } from "../../contract/auth-constants";
import {
  FILTER_BLOCK_SETTING,
  INVITE_CODE_REQUIRED,
  INVITE_CODE_SETTING,
  INVITE_CODE_WRONG,
  REGISTRATION_SETTING,
} from "../../contract/community-constants";
import { buildTestApp, createUserWithSession, testDatabaseKinds, type TestApp } from "../../test/test-app";
import { auditLogTable, usersTable } from "../db/schema";

/**
 * D15: the whole Google sign-in redirect flow against a local OpenID provider (oidc-provider)
 * started by the test. The provider signs in a fixed account without a form.
 */
const PUBLIC_URL = "http://localhost:5000";

/** The provider signs in `account` as it is at the time of each sign-in (a test may change it between them). */
async function startProvider(account: { sub: string; name: string; email: string }) {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "arcadium-test",
        client_secret: "arcadium-test-secret",
        redirect_uris: [`${PUBLIC_URL}/api/auth/google/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["test-cookie-key"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: account.email,
        email_verified: true,
        name: account.name,
        picture: "https://images.example/a.png",
      }),
    }),
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  });
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Follows the provider's redirects (keeping its cookies) until it sends the browser back to the site. */
async function followToSite(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin === PUBLIC_URL) return next;
    url = next.href;
  }
  throw new Error("too many redirects");
}

describe("Google sign-in (D15)", () => {
  let idp: Awaited<ReturnType<typeof startProvider>>;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startProvider({ sub: "google-sub-123", name: "Ada Lovelace", email: "ada@example.com" });
    t = await buildTestApp("pglite", {
      demo: false,
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: "arcadium-test",
        GOOGLE_CLIENT_SECRET: "arcadium-test-secret",
        OIDC_ISSUER: idp.issuer,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  async function begin(returnTo = "/game/3") {
    const start = await t.app.inject({
      method: "GET",
      url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("state")).toBeTruthy();
    expect(authUrl.searchParams.get("nonce")).toBeTruthy();
    const tx = start.cookies.find((c) => c.name === "oidc_tx")!;
    expect(tx.httpOnly).toBe(true);
    return { authUrl, tx: tx.value };
  }

  it("offers Google on /login only when configured", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/providers" })).json()).toEqual({ google: true });
  });

  it("runs the whole flow and ends signed in, with a username from the profile", async () => {
    const { authUrl, tx } = await begin();
    const back = await followToSite(authUrl.href);
    expect(back.pathname).toBe("/api/auth/google/callback");
    const done = await t.app.inject({ method: "GET", url: back.pathname + back.search, cookies: { oidc_tx: tx } });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/game/3");
    const sid = done.cookies.find((c) => c.name === "sid")!.value;
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).json();
    expect(me).toMatchObject({ username: "Ada_Lovelace", avatarUrl: "https://images.example/a.png", role: "player" });
    // The address Google verified is a verified one here (Settings shows it so; it signs in once a password is set)
    const settings = (await t.app.inject({ method: "GET", url: "/api/me/settings", cookies: { sid } })).json();
    expect(settings).toMatchObject({ email: "ada@example.com", emailVerified: true });

    // A second sign-in finds the same account by `sub`.
    const second = await begin("/");
    const back2 = await followToSite(second.authUrl.href);
    const done2 = await t.app.inject({
      method: "GET",
      url: back2.pathname + back2.search,
      cookies: { oidc_tx: second.tx },
    });
    const sid2 = done2.cookies.find((c) => c.name === "sid")!.value;
    expect(sid2).not.toBe(sid);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: sid2 } })).json().id).toBe(
      me.id,
    );
    // ADR 019: each sign-in is audit-logged with its method and address, and the browser is marked as a known device
    const signIns = await t.database.db
      .select({ after: auditLogTable.after, ip: auditLogTable.ip, targetId: auditLogTable.targetId })
      .from(auditLogTable)
      .where(and(eq(auditLogTable.action, "auth.signed_in"), eq(auditLogTable.actorId, me.id)));
    expect(signIns).toEqual([
      { after: { method: "google" }, ip: "127.0.0.1", targetId: String(me.id) },
      { after: { method: "google" }, ip: "127.0.0.1", targetId: String(me.id) },
    ]);
    expect(done2.cookies.find((c) => c.name === "known_device")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
    });
  });

  it("D105: a Google step-up marks the signed-in owner's own session (no new session); another account's session gets stepUp=failed", async () => {
    const fresh = await begin("/");
    const backFresh = await followToSite(fresh.authUrl.href);
    const done = await t.app.inject({
      method: "GET",
      url: backFresh.pathname + backFresh.search,
      cookies: { oidc_tx: fresh.tx },
    });
    const sid = done.cookies.find((c) => c.name === "sid")!.value;

    const start = await t.app.inject({
      method: "GET",
      url: "/api/auth/google?returnTo=%2Fsettings&stepUp=1",
      cookies: { sid },
    });
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.searchParams.get("max_age")).toBe("600");
    const tx = start.cookies.find((c) => c.name === "oidc_tx")!.value;
    const back = await followToSite(authUrl.href);
    const stepped = await t.app.inject({
      method: "GET",
      url: back.pathname + back.search,
      cookies: { oidc_tx: tx, sid },
    });
    expect(stepped.headers.location).toBe("/settings?stepUp=google");
    expect(stepped.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: "/api/me/step-up", cookies: { sid } })).json().steppedUp).toBe(
      true,
    );

    const stranger = await createUserWithSession(t);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/auth/google?returnTo=%2Fsettings&stepUp=1",
      cookies: stranger.cookies,
    });
    const tx2 = again.cookies.find((c) => c.name === "oidc_tx")!.value;
    const back2 = await followToSite(new URL(again.headers.location as string).href);
    const refused = await t.app.inject({
      method: "GET",
      url: back2.pathname + back2.search,
      cookies: { oidc_tx: tx2, ...stranger.cookies },
    });
    expect(refused.headers.location).toBe("/settings?stepUp=failed");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me/step-up", cookies: stranger.cookies })).json().steppedUp,
    ).toBe(false);
  });

  it("refuses a tampered state", async () => {
    const { authUrl, tx } = await begin();
    const back = await followToSite(authUrl.href);
    back.searchParams.set("state", "tampered-state");
    const done = await t.app.inject({ method: "GET", url: back.pathname + back.search, cookies: { oidc_tx: tx } });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/login?error=google_failed");
    expect(done.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("refuses a callback without its transaction cookie (login CSRF)", async () => {
    const { authUrl } = await begin();
    const back = await followToSite(authUrl.href);
    const done = await t.app.inject({ method: "GET", url: back.pathname + back.search });
    expect(done.headers.location).toBe("/login?error=google_failed");
    expect(done.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });
});

describe("Google sign-in unconfigured (D15)", () => {
  it("redirects to /login with a visible error and hides the button", async () => {
    const t = await buildTestApp("pglite", { seed: false });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?error=google_unavailable");
      expect((await t.app.inject({ method: "GET", url: "/api/auth/providers" })).json()).toEqual({ google: false });
    } finally {
      await t.close();
    }
  });
});

/**
 * A first Google sign-in on an invite-only site (D98) does not create an account silently; the player is
 * sent to /login's invite step and the account is made once they give the code. Existing accounts sign in as before.
 * A username derived from the Google name never carries a blocked word.
 */
for (const kind of testDatabaseKinds()) {
  describe(`Google sign-up on an invite-only site, and the word filter (issue 17, D98) [${kind}]`, () => {
    const account = { sub: "google-sub-invite-1", name: "Grace Hopper", email: "grace@example.com" };
    let idp: Awaited<ReturnType<typeof startProvider>>;
    let t: TestApp;
    let admin: Awaited<ReturnType<typeof createUserWithSession>>;
    beforeAll(async () => {
      idp = await startProvider(account);
      t = await buildTestApp(kind, {
        demo: false,
        env: {
          PUBLIC_URL,
          GOOGLE_CLIENT_ID: "arcadium-test",
          GOOGLE_CLIENT_SECRET: "arcadium-test-secret",
          OIDC_ISSUER: idp.issuer,
        },
      });
      admin = await createUserWithSession(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
      await idp?.close();
    });

    async function setSite(site: Record<string, string>) {
      const res = await t.app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        cookies: admin.cookies,
        payload: { site },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    /** A whole Google sign-in as `account`; the callback's answer. */
    async function googleSignIn(returnTo = "/game/3") {
      const start = await t.app.inject({
        method: "GET",
        url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`,
      });
      const tx = start.cookies.find((c) => c.name === "oidc_tx")!.value;
      const back = await followToSite(start.headers.location as string);
      return t.app.inject({ method: "GET", url: back.pathname + back.search, cookies: { oidc_tx: tx } });
    }
    const userBySub = async (sub: string) =>
      (await t.database.db.select().from(usersTable).where(eq(usersTable.googleSub, sub)))[0];

    it("sends a new player to the invite step instead of creating an account, and creates it with the right code", async () => {
      await setSite({ [REGISTRATION_SETTING]: "invite", [INVITE_CODE_SETTING]: "Class-2026" });
      Object.assign(account, { sub: "google-sub-invite-1", name: "Grace Hopper", email: "grace@example.com" });

      const done = await googleSignIn("/game/3");
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe("/login?google=invite&returnTo=%2Fgame%2F3");
      expect(done.cookies.find((c) => c.name === "sid")).toBeUndefined();
      expect(await userBySub(account.sub)).toBeUndefined();
      const pending = done.cookies.find((c) => c.name === "google_signup")!;
      expect(pending.httpOnly).toBe(true);
      expect(pending.path).toBe("/api/auth/google");

      const signUp = (payload: object, cookies: Record<string, string> = { google_signup: pending.value }) =>
        t.app.inject({ method: "POST", url: "/api/auth/google/signup", cookies, payload });

      // no code, a wrong one: 400 with the registration form's messages, and still no account
      const missing = await signUp({ inviteCode: " " });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(INVITE_CODE_REQUIRED);
      const wrong = await signUp({ inviteCode: "class-2025" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(INVITE_CODE_WRONG);
      expect(await userBySub(account.sub)).toBeUndefined();

      // without the step's cookie, or with a forged one: nothing is created
      const noCookie = await signUp({ inviteCode: "class-2026" }, {});
      expect(noCookie.statusCode).toBe(400);
      expect(noCookie.json().message).toBe(GOOGLE_SIGN_UP_EXPIRED);
      const [body, mac] = pending.value.split(".");
      const forgedProfile = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      forgedProfile.profile.sub = "someone-else";
      const forged = `${Buffer.from(JSON.stringify(forgedProfile)).toString("base64url")}.${mac}`;
      const refused = await signUp({ inviteCode: "class-2026" }, { google_signup: forged });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(GOOGLE_SIGN_UP_EXPIRED);
      expect(await userBySub("someone-else")).toBeUndefined();

      // the right code (case and spaces ignored, as at registration): the account is made and signed in
      const right = await signUp({ inviteCode: " CLASS-2026 " });
      expect(right.statusCode, right.body).toBe(201);
      expect(right.json()).toMatchObject({ username: "Grace_Hopper", role: "player" });
      expect(right.cookies.find((c) => c.name === "google_signup")?.value).toBe("");
      const sid = right.cookies.find((c) => c.name === "sid")!.value;
      expect((await t.app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid } })).json().username).toBe(
        "Grace_Hopper",
      );

      // the next Google sign-in of that account goes straight through
      const again = await googleSignIn("/");
      expect(again.headers.location).toBe("/");
      expect(again.cookies.find((c) => c.name === "sid")).toBeDefined();
    });

    it("keeps signing in a Google account made before registration became invite-only", async () => {
      await setSite({ [REGISTRATION_SETTING]: "open" });
      Object.assign(account, { sub: "google-sub-early", name: "Early Bird", email: "early@example.com" });
      const first = await googleSignIn("/");
      expect(first.cookies.find((c) => c.name === "sid")).toBeDefined();
      await setSite({ [REGISTRATION_SETTING]: "invite", [INVITE_CODE_SETTING]: "Class-2026" });
      const later = await googleSignIn("/game/3");
      expect(later.headers.location).toBe("/game/3");
      expect(later.cookies.find((c) => c.name === "sid")).toBeDefined();
      expect(later.cookies.find((c) => c.name === "google_signup")).toBeUndefined();
    });

    it("says registration is closed on an invite-only site without a code", async () => {
      await setSite({ [REGISTRATION_SETTING]: "invite", [INVITE_CODE_SETTING]: "" });
      Object.assign(account, { sub: "google-sub-closed", name: "Closed Door", email: "closed@example.com" });
      const done = await googleSignIn("/");
      expect(done.headers.location).toBe("/login?error=registration_closed");
      expect(done.cookies.find((c) => c.name === "sid")).toBeUndefined();
      expect(await userBySub(account.sub)).toBeUndefined();
    });

    it("never derives a username with a blocked word (D98): a neutral name instead", async () => {
      await setSite({ [REGISTRATION_SETTING]: "open", [FILTER_BLOCK_SETTING]: "rude" });
      for (const [i, name] of ["Rude Dude", "RudeDude", "Rüde Person", "R.U.D.E Ok"].entries()) {
        Object.assign(account, { sub: `google-sub-filter-${i}`, name, email: `filter${i}@example.com` });
        const done = await googleSignIn("/");
        expect(
          done.cookies.find((c) => c.name === "sid"),
          name,
        ).toBeDefined();
        const user = await userBySub(account.sub);
        expect(user.username, name).not.toMatch(/r_?u_?d_?e/i);
        expect(user.username, name).toMatch(/^player\d{4,}$/);
      }
      // a clean name is kept
      Object.assign(account, { sub: "google-sub-filter-clean", name: "Kind Person", email: "kind@example.com" });
      await googleSignIn("/");
      expect((await userBySub(account.sub)).username).toBe("Kind_Person");
    });
  });
}
