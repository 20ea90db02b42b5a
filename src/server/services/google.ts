import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import * as client from "openid-client";
import { GOOGLE_SIGN_UP_TTL_MS } from "../../contract/auth-constants";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { usersTable } from "../db/schema";
import { communitySettings, usernamePassesFilter } from "./community-settings";

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
    const promise = client.discovery(
      issuer,
      g.clientId,
      g.clientSecret,
      undefined,
      local ? { execute: [client.allowInsecureRequests] } : undefined,
    );
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

/** `stepUp` (D105): the sign-in confirms the signed-in owner of an account, and must be fresh (max_age). */
export type OidcTransaction = { state: string; nonce: string; verifier: string; returnTo: string; stepUp?: boolean };

/** D105: how old Google's own sign-in may be for a step-up (the provider asks again when it is older). */
const STEP_UP_MAX_AGE_SECONDS = 600;

export async function startGoogleSignIn(
  config: Config,
  returnTo: string,
  opts: { stepUp?: boolean } = {},
): Promise<{ url: string; tx: OidcTransaction }> {
  const cfg = await oidcConfiguration(config);
  const verifier = client.randomPKCECodeVerifier();
  const tx: OidcTransaction = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    returnTo,
    ...(opts.stepUp ? { stepUp: true } : {}),
  };
  const url = client.buildAuthorizationUrl(cfg, {
    redirect_uri: redirectUri(config),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: tx.state,
    nonce: tx.nonce,
    ...(opts.stepUp ? { max_age: String(STEP_UP_MAX_AGE_SECONDS) } : {}),
  });
  return { url: url.href, tx };
}

export type GoogleProfile = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

export async function finishGoogleSignIn(
  config: Config,
  callbackUrl: URL,
  tx: OidcTransaction,
): Promise<GoogleProfile> {
  const cfg = await oidcConfiguration(config);
  const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
    pkceCodeVerifier: tx.verifier,
    expectedState: tx.state,
    expectedNonce: tx.nonce,
    idTokenExpected: true,
    // D105: a step-up's ID token must say when the person signed in to Google, within max_age
    ...(tx.stepUp ? { maxAge: STEP_UP_MAX_AGE_SECONDS } : {}),
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

/** A neutral name (D98's fallback when a derived one holds a blocked word): "player" and 4 or more digits. */
function neutralUsername(digits = 4): string {
  return `player${crypto.randomInt(10 ** (digits - 1), 10 ** digits)}`;
}

/**
 * A username that fits D11 (3–20 of letters, digits, _) and is free, derived from the profile. It never holds
 * a word of the block list (every candidate is checked as a typed name would be); a name that would falls back to
 * a neutral "player1234".
 */
export async function deriveUsername(db: Db, profile: GoogleProfile): Promise<string> {
  const { filter } = await communitySettings(db);
  const source = profile.name ?? profile.email?.split("@")[0] ?? "player";
  let base = source
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "") // accents dropped ("Rüde" is "Rude", not "Ru_de")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 16);
  if (base.length < 3) base = `player${base}`.slice(0, 16);
  let neutral = !usernamePassesFilter(filter, base);
  if (neutral) base = neutralUsername();
  for (let i = 0; i < 50; i++) {
    // neutral names try other digits; others get a number added ("Ada_Lovelace2")
    const candidate =
      i === 0
        ? base
        : neutral
          ? neutralUsername(i < 25 ? 4 : 6)
          : `${base.slice(0, 20 - String(i + 1).length)}${i + 1}`;
    if (!usernamePassesFilter(filter, candidate)) {
      if (!neutral) {
        neutral = true;
        base = neutralUsername();
      }
      continue;
    }
    const [taken] = await db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(sql`lower(${usersTable.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
  return neutralUsername(9);
}

/** D15: the account signed in with this Google `sub`, if any. */
export async function findGoogleUser(db: Db, sub: string) {
  const [user] = await db.select().from(usersTable).where(eq(usersTable.googleSub, sub));
  return user;
}

/**
 * D98: a first Google sign-in on an invite-only site waits for the invite code. The verified profile is kept
 * in the browser meanwhile, sealed with an HMAC keyed by a key derived from the Google client secret (only this server
 * knows it) and valid GOOGLE_SIGN_UP_TTL_MS: `sealPendingSignUp` makes the value, `openPendingSignUp` gives the
 * profile back, or null when it is missing, altered or expired.
 */
function pendingSignUpKey(config: Config): Buffer {
  return Buffer.from(
    crypto.hkdfSync("sha256", config.google!.clientSecret, "arcadium", "google sign-up awaiting an invite code", 32),
  );
}

export function sealPendingSignUp(config: Config, profile: GoogleProfile, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ profile, expiresAt: now + GOOGLE_SIGN_UP_TTL_MS })).toString("base64url");
  const mac = crypto.createHmac("sha256", pendingSignUpKey(config)).update(body).digest("base64url");
  return `${body}.${mac}`;
}

export function openPendingSignUp(config: Config, value: string | undefined, now = Date.now()): GoogleProfile | null {
  if (!config.google || !value || value.length > 4096) return null;
  const [body, mac, extra] = value.split(".");
  if (!body || !mac || extra !== undefined) return null;
  const expected = crypto.createHmac("sha256", pendingSignUpKey(config)).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const { profile, expiresAt } = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as {
      profile: GoogleProfile;
      expiresAt: number;
    };
    if (typeof expiresAt !== "number" || now > expiresAt || typeof profile?.sub !== "string" || !profile.sub)
      return null;
    return profile;
  } catch {
    return null;
  }
}

/**
 * D15: the user is found by the provider's `sub`, or created. Accounts are never linked by email alone. The
 * caller decides whether a new account may be made (googleSignUpGate: the invite code of an invite-only site).
 */
export async function findOrCreateGoogleUser(db: Db, profile: GoogleProfile) {
  const existing = await findGoogleUser(db, profile.sub);
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
        // An address Google says is verified is one (only such an address is kept, above)
        .values({
          username,
          email,
          emailVerifiedAt: email ? new Date() : null,
          googleSub: profile.sub,
          avatarUrl: profile.picture,
          role: "player",
          profileVisibility,
        })
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
