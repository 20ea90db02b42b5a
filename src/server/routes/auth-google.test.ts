import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Provider from "oidc-provider";
import { buildTestApp, type TestApp } from "../../test/test-app";

/**
 * D15: the whole Google sign-in redirect flow against a local OpenID provider (oidc-provider)
 * started by the test. The provider signs in a fixed account without a form.
 */
const PUBLIC_URL = "http://localhost:5000";

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
      claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name, picture: "https://images.example/a.png" }),
    }),
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
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
    const res = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
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
      env: { PUBLIC_URL, GOOGLE_CLIENT_ID: "arcadium-test", GOOGLE_CLIENT_SECRET: "arcadium-test-secret", OIDC_ISSUER: idp.issuer },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  async function begin(returnTo = "/game/3") {
    const start = await t.app.inject({ method: "GET", url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}` });
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

    // A second sign-in finds the same account by `sub`.
    const second = await begin("/");
    const back2 = await followToSite(second.authUrl.href);
    const done2 = await t.app.inject({ method: "GET", url: back2.pathname + back2.search, cookies: { oidc_tx: second.tx } });
    const sid2 = done2.cookies.find((c) => c.name === "sid")!.value;
    expect(sid2).not.toBe(sid);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", cookies: { sid: sid2 } })).json().id).toBe(me.id);
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
