import crypto from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { otpChallengesTable, sessionsTable, usersTable } from "../db/schema";
import { sessionsChanged } from "./session-cache";

/** The sign-in code policy (D42). */
export const OTP_POLICY = {
  /** digits in a code */
  length: 6,
  /** a code is valid for 10 minutes */
  ttlMs: 10 * 60 * 1000,
  /** 5 tries (wrong or right) per challenge; after 5 wrong ones the challenge is dead */
  maxAttempts: 5,
  /** D107: at most 5 requests per address and client (or known device) per hour (429 past it) */
  requestsPerWindow: 5,
  /** D107: at most 10 codes mailed per address per hour to clients that are not its known devices (no mail past it) */
  mailsPerWindow: 10,
  windowMs: 60 * 60 * 1000,
} as const;

/**
 * D107: the code of a challenge, derived from its id with the site's secret (`codeKey`, SecretBox.keyFor), so that the
 * same code can be mailed again to the client that asked for it while only its hash is stored. HMAC-SHA256 is a
 * pseudo-random function and the id 192 random bits: the code is as unpredictable as a random one (48 bits reduced
 * modulo 10^6, a bias below 10^-8).
 */
export function otpCodeFor(codeKey: Buffer, challengeId: string): string {
  const mac = crypto.createHmac("sha256", codeKey).update(`staff sign-in code:${challengeId}`).digest();
  return String(mac.readUIntBE(0, 6) % 10 ** OTP_POLICY.length).padStart(OTP_POLICY.length, "0");
}

/** A fresh 6-digit code from the CSPRNG (crypto.randomInt is uniform, no modulo bias), for codes never mailed twice. */
export function generateOtpCode(): string {
  return String(crypto.randomInt(0, 10 ** OTP_POLICY.length)).padStart(OTP_POLICY.length, "0");
}

/** An opaque challenge id (the `otpSecret` of the API): 192 random bits, unrelated to the code. */
export function generateChallengeId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** The stored form of a code: HMAC-SHA256 keyed with the challenge id, so equal codes never hash alike. */
export function hashOtpCode(challengeId: string, code: string): string {
  return crypto.createHmac("sha256", challengeId).update(code).digest("hex");
}

function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, "hex");
  const bb = Buffer.from(b, "hex");
  return ab.length === bb.length && ab.length > 0 && crypto.timingSafeEqual(ab, bb);
}

/** The id of the account holding the address, whatever its role (D107: a known device is checked against it). */
export async function accountIdOfEmail(db: Db, email: string): Promise<number | undefined> {
  const [user] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(sql`lower(${usersTable.email}) = ${email}`);
  return user?.id;
}

/**
 * Who may receive a code (D41): an address listed in ADMIN_EMAILS, or an existing user who
 * already has the admin role (e.g. promoted in /cms/users), or the moderator role. Disabled accounts never may.
 */
export async function mayReceiveAdminCode(db: Db, adminEmails: string[], email: string): Promise<boolean> {
  const [user] = await db
    .select({ role: usersTable.role, disabledAt: usersTable.disabledAt })
    .from(usersTable)
    .where(sql`lower(${usersTable.email}) = ${email}`);
  if (user?.disabledAt) return false;
  if (adminEmails.includes(email)) return true;
  return user?.role === "admin" || user?.role === "moderator";
}

export type OtpRequest = {
  email: string;
  /** `ip:{address}`, or `device:{id}` for a known device of the address's account */
  clientKey: string;
  /** false past the address's mail cap: the challenge looks the same but no code of it ever signs in */
  usable: boolean;
  codeKey: Buffer;
};

/**
 * Creates a challenge for any address (so that the answer looks the same for everyone) and returns its id and,
 * when usable, the plain code, which the caller mails only to staff.
 *
 * D107: while the same client has a live challenge for the address (not used, not expired, tries left, its code not
 * yet passed), a new request returns it with the same code, expiry and tries (asking again buys nothing). Another
 * client's challenge is never touched, so nobody can void a code mailed to someone else.
 */
export async function createOtpChallenge(
  db: Db,
  { email, clientKey, usable, codeKey }: OtpRequest,
  now = new Date(),
): Promise<{ challengeId: string; code: string | undefined; expiresAt: Date; reused: boolean }> {
  // Housekeeping: challenges that ended more than a day ago are of no use to anyone.
  await db
    .delete(otpChallengesTable)
    .where(lt(otpChallengesTable.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  const [live] = await db
    .select({
      id: otpChallengesTable.id,
      codeHash: otpChallengesTable.codeHash,
      expiresAt: otpChallengesTable.expiresAt,
    })
    .from(otpChallengesTable)
    .where(
      and(
        eq(otpChallengesTable.email, email),
        eq(otpChallengesTable.clientKey, clientKey),
        isNull(otpChallengesTable.consumedAt),
        isNull(otpChallengesTable.emailVerifiedAt),
        gt(otpChallengesTable.expiresAt, now),
        lt(otpChallengesTable.attempts, OTP_POLICY.maxAttempts),
      ),
    )
    .orderBy(desc(otpChallengesTable.createdAt))
    .limit(1);
  if (live) {
    const code = usable ? otpCodeFor(codeKey, live.id) : undefined;
    // A challenge made past the cap becomes usable once this client may be mailed again.
    if (code && !live.codeHash)
      await db
        .update(otpChallengesTable)
        .set({ codeHash: hashOtpCode(live.id, code) })
        .where(eq(otpChallengesTable.id, live.id));
    return { challengeId: live.id, code, expiresAt: live.expiresAt, reused: true };
  }
  const challengeId = generateChallengeId();
  const code = usable ? otpCodeFor(codeKey, challengeId) : undefined;
  const expiresAt = new Date(now.getTime() + OTP_POLICY.ttlMs);
  // An empty hash matches no code (checkOtpCode): a challenge nobody was mailed cannot be guessed.
  const codeHash = code ? hashOtpCode(challengeId, code) : "";
  await db
    .insert(otpChallengesTable)
    .values({ id: challengeId, email, clientKey, codeHash, createdAt: now, expiresAt });
  return { challengeId, code, expiresAt, reused: false };
}

/**
 * Checks an emailed code. Every check first spends one try in a single atomic statement, so that parallel
 * guesses cannot exceed 5 per challenge. Returns true only for the right code of a live, unused challenge of that
 * email whose code has not been passed yet; the caller then ends it (`finishOtpChallenge`) or, for a staff member
 * with two-step sign-in, moves it on to the second factor (`awaitSecondFactor`).
 */
export async function checkOtpCode(
  db: Db,
  challengeId: string,
  email: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const spent = await spendTry(db, challengeId, email, "email code", now);
  if (!spent) return false;
  const candidate = /^\d{6}$/.test(code) ? hashOtpCode(challengeId, code) : "";
  return Boolean(candidate) && safeEqualHex(candidate, spent.codeHash);
}

/**
 * Spends one try of a live, unused challenge of that email, at the step named (its emailed code not passed yet, or
 * passed and waiting for the second factor): one atomic statement, at most OTP_POLICY.maxAttempts per step.
 */
async function spendTry(db: Db, challengeId: string, email: string, step: "email code" | "second factor", now: Date) {
  if (!challengeId || challengeId.length > 200) return undefined;
  const [spent] = await db
    .update(otpChallengesTable)
    .set({ attempts: sql`${otpChallengesTable.attempts} + 1` })
    .where(
      and(
        eq(otpChallengesTable.id, challengeId),
        eq(otpChallengesTable.email, email),
        isNull(otpChallengesTable.consumedAt),
        step === "email code"
          ? isNull(otpChallengesTable.emailVerifiedAt)
          : isNotNull(otpChallengesTable.emailVerifiedAt),
        gt(otpChallengesTable.expiresAt, now),
        lt(otpChallengesTable.attempts, OTP_POLICY.maxAttempts),
      ),
    )
    .returning({ codeHash: otpChallengesTable.codeHash });
  return spent;
}

/** Uses the challenge up (single use); false when someone else did first. */
export async function finishOtpChallenge(db: Db, challengeId: string, now = new Date()): Promise<boolean> {
  const [consumed] = await db
    .update(otpChallengesTable)
    .set({ consumedAt: now })
    .where(and(eq(otpChallengesTable.id, challengeId), isNull(otpChallengesTable.consumedAt)))
    .returning({ id: otpChallengesTable.id });
  return Boolean(consumed);
}

/** The emailed code was right; the challenge now waits for the second factor, with its tries counted afresh. */
export async function awaitSecondFactor(db: Db, challengeId: string, now = new Date()): Promise<boolean> {
  const [moved] = await db
    .update(otpChallengesTable)
    .set({ emailVerifiedAt: now, attempts: 0 })
    .where(
      and(
        eq(otpChallengesTable.id, challengeId),
        isNull(otpChallengesTable.consumedAt),
        isNull(otpChallengesTable.emailVerifiedAt),
      ),
    )
    .returning({ id: otpChallengesTable.id });
  return Boolean(moved);
}

/**
 * Spends one try of a challenge waiting for its second factor (atomic, 5 at most, like the emailed code).
 * True when the challenge of that email is live, its emailed code was passed, and a try was left.
 */
export async function spendSecondFactorTry(
  db: Db,
  challengeId: string,
  email: string,
  now = new Date(),
): Promise<boolean> {
  return Boolean(await spendTry(db, challengeId, email, "second factor", now));
}

/** Checks and uses up a code in one go (a sign-in without a second factor). */
export async function consumeOtpChallenge(
  db: Db,
  challengeId: string,
  email: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  return (await checkOtpCode(db, challengeId, email, code, now)) && (await finishOtpChallenge(db, challengeId, now));
}

/** A username from an email's local part: letters, digits and '_', 3–20 characters (D11). */
export function usernameBaseFromEmail(email: string): string {
  let base = (email.split("@")[0] ?? "")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 20);
  if (base.length < 3) base = `${base}${base ? "_" : ""}admin`.slice(0, 20);
  return base;
}

async function usernameTaken(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(sql`lower(${usersTable.username}) = ${name.toLowerCase()}`);
  return Boolean(row);
}

/**
 * After a right code: an ADMIN_EMAILS address gets its admin user (created on the first
 * sign-in, or an existing user with that email is made admin); any other address must already be
 * an enabled admin. Returns the user's id, or undefined when the address may not sign in.
 */
export async function resolveAdminUser(db: Db, adminEmails: string[], email: string): Promise<number | undefined> {
  const [existing] = await db
    .select({
      id: usersTable.id,
      role: usersTable.role,
      disabledAt: usersTable.disabledAt,
      emailVerifiedAt: usersTable.emailVerifiedAt,
    })
    .from(usersTable)
    .where(sql`lower(${usersTable.email}) = ${email}`);
  if (existing) {
    if (existing.disabledAt) return undefined;
    // The right emailed code proves the address (D87's verification, which email sign-in needs)
    const proven = { emailVerifiedAt: existing.emailVerifiedAt ?? new Date() };
    // D96: moderators sign in to the CMS the same way (their powers are MODERATOR_ROUTES, routes/admin/index.ts)
    if (existing.role === "admin" || existing.role === "moderator") {
      if (!existing.emailVerifiedAt) await db.update(usersTable).set(proven).where(eq(usersTable.id, existing.id));
      return existing.id;
    }
    if (!adminEmails.includes(email)) return undefined;
    // The account becomes an admin once the address is proven. An address that an account holds without its link
    // followed may have been registered by anyone, so a password set before this point
    // may be theirs: it is cleared, and sessions opened before must not carry the new role.
    await db.transaction(async (tx) => {
      await tx
        .update(usersTable)
        .set({ role: "admin", passwordHash: null, ...proven })
        .where(eq(usersTable.id, existing.id));
      await tx.delete(sessionsTable).where(eq(sessionsTable.userId, existing.id));
    });
    sessionsChanged(db, { userIds: [existing.id] });
    return existing.id;
  }
  if (!adminEmails.includes(email)) return undefined;
  const base = usernameBaseFromEmail(email);
  for (let i = 1; i <= 50; i++) {
    const suffix = i === 1 ? "" : String(i);
    const name = `${base.slice(0, 20 - suffix.length)}${suffix}`;
    if (await usernameTaken(db, name)) continue;
    try {
      const [created] = await db
        .insert(usersTable)
        .values({ username: name, email, role: "admin", emailVerifiedAt: new Date() })
        .returning({ id: usersTable.id });
      return created.id;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Someone took the name (or the email) at the same moment: look again.
      const [raced] = await db
        .select({ id: usersTable.id, role: usersTable.role })
        .from(usersTable)
        .where(sql`lower(${usersTable.email}) = ${email}`);
      if (raced) return raced.role === "admin" ? raced.id : resolveAdminUser(db, adminEmails, email);
    }
  }
  const fallback = `admin_${crypto.randomBytes(5).toString("hex")}`;
  const [created] = await db
    .insert(usersTable)
    .values({ username: fallback, email, role: "admin", emailVerifiedAt: new Date() })
    .returning({ id: usersTable.id });
  return created.id;
}

/**
 * D105: a code that confirms the owner of a signed-in account before a sensitive change, under `key` (the account's
 * step-up key, never an email address, so a staff sign-in challenge is never touched). The key's earlier live
 * challenges end: only the newest code mailed works. Limits on requests and tries are the caller's (rate-limit-table.ts).
 */
export async function startKeyedChallenge(
  db: Db,
  key: string,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  await db
    .update(otpChallengesTable)
    .set({ consumedAt: now })
    .where(and(eq(otpChallengesTable.email, key), isNull(otpChallengesTable.consumedAt)));
  const challengeId = generateChallengeId();
  const code = generateOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_POLICY.ttlMs);
  await db
    .insert(otpChallengesTable)
    .values({ id: challengeId, email: key, codeHash: hashOtpCode(challengeId, code), createdAt: now, expiresAt });
  return { code, expiresAt };
}

/** D105: checks (one try spent, like checkOtpCode) and uses up the live challenge of `key`; false for a wrong or no code. */
export async function consumeKeyedChallenge(db: Db, key: string, code: string, now = new Date()): Promise<boolean> {
  const [live] = await db
    .select({ id: otpChallengesTable.id })
    .from(otpChallengesTable)
    .where(
      and(
        eq(otpChallengesTable.email, key),
        isNull(otpChallengesTable.consumedAt),
        gt(otpChallengesTable.expiresAt, now),
      ),
    )
    .orderBy(desc(otpChallengesTable.createdAt))
    .limit(1);
  return Boolean(live) && (await consumeOtpChallenge(db, live.id, key, code, now));
}
