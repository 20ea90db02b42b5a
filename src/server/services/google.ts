import * as client from "openid-client";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { usersTable } from "../db/schema";
import { communitySettings } from "./community-settings";

/** D15: OpenID Connect authorization-code flow with PKCE against OIDC_ISSUER (Google by default). */
let discovered: { key: string; config: Promise<client.Configuration> } | null = null;

export function googleConfigured(config: Config): boolean {
  return Boolean(config.google);
}

export async function oidcConfiguration(config: Config): Promise<client.Configuration> {
  const g = config.google!;
  const key = `${g.issuer}|${g.clientId}`;
  if (!discovered || discovered.key !== key) {
    const issuer = new URL(g.issuer);
    // Plain http is only ever accepted for a local issuer (tests and development).
    const local = issuer.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
    const promise = client.discovery(issuer, g.clientId, g.clientSecret, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined);
    discovered = { key, config: promise };
    promise.catch(() => {
      if (discovered?.config === promise) discovered = null;
    });
  }
  return discovered.config;
}

export function redirectUri(config: Config): string {
  return `${config.publicUrl}/api/auth/google/callback`;
}

export type OidcTransaction = { state: string; nonce: string; verifier: string; returnTo: string };

export async function startGoogleSignIn(config: Config, returnTo: string): Promise<{ url: string; tx: OidcTransaction }> {
  const cfg = await oidcConfiguration(config);
  const verifier = client.randomPKCECodeVerifier();
  const tx: OidcTransaction = { state: client.randomState(), nonce: client.randomNonce(), verifier, returnTo };
  const url = client.buildAuthorizationUrl(cfg, {
    redirect_uri: redirectUri(config),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: tx.state,
    nonce: tx.nonce,
  });
  return { url: url.href, tx };
}

export type GoogleProfile = { sub: string; email: string | null; emailVerified: boolean; name: string | null; picture: string | null };

export async function finishGoogleSignIn(config: Config, callbackUrl: URL, tx: OidcTransaction): Promise<GoogleProfile> {
  const cfg = await oidcConfiguration(config);
  const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
    pkceCodeVerifier: tx.verifier,
    expectedState: tx.state,
    expectedNonce: tx.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error("no subject in the ID token");
  const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);
  const picture = str(claims.picture);
  return {
    sub: claims.sub,
    email: str(claims.email),
    emailVerified: claims.email_verified === true,
    name: str(claims.name) ?? str(claims.given_name),
    picture: picture && /^https:\/\//.test(picture) ? picture : null,
  };
}

/** A username that fits D11 (3–20 of letters, digits, _) and is free, derived from the profile. */
export async function deriveUsername(db: Db, profile: GoogleProfile): Promise<string> {
  const source = profile.name ?? profile.email?.split("@")[0] ?? "player";
  let base = source
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 16);
  if (base.length < 3) base = `player${base}`.slice(0, 16);
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? base : `${base.slice(0, 20 - String(i + 1).length)}${i + 1}`;
    const [taken] = await db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(sql`lower(${usersTable.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
  return `player_${Math.floor(Math.random() * 1e9)}`.slice(0, 20);
}

/** D15: the user is found by the provider's `sub`, or created. Accounts are never linked by email alone. */
export async function findOrCreateGoogleUser(db: Db, profile: GoogleProfile) {
  const [existing] = await db.select().from(usersTable).where(eq(usersTable.googleSub, profile.sub));
  if (existing) return existing;
  let email = profile.email && profile.emailVerified ? profile.email : null;
  if (email) {
    const [taken] = await db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(sql`lower(${usersTable.email}) = lower(${email})`);
    if (taken) email = null;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await deriveUsername(db, profile);
    try {
      // D98: the site's default profile visibility (private in school mode)
      const profileVisibility = (await communitySettings(db)).defaultProfileVisibility;
      const [user] = await db
        .insert(usersTable)
        .values({ username, email, googleSub: profile.sub, avatarUrl: profile.picture, role: "player", profileVisibility })
        .returning();
      return user;
    } catch (err) {
      if (attempt === 2) throw err;
      const [raced] = await db.select().from(usersTable).where(eq(usersTable.googleSub, profile.sub));
      if (raced) return raced;
    }
  }
  throw new Error("unreachable");
}
