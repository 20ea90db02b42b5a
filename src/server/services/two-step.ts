import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { RECOVERY_CODE_COUNT, TOTP_POLICY, TWO_STEP_TEXTS } from "../../contract/two-step-constants";
import type { Db } from "../db/client";
import { staffRecoveryCodesTable, staffTwoStepTable } from "../db/schema";
import { Conflict, Forbidden, Invalid } from "../errors";
import { communitySettings } from "./community-settings";
import { hashPassword, verifyPassword } from "./passwords";
import type { SecretBox } from "./secret-box";
import { sessionsChanged } from "./session-cache";
import type { SessionUser } from "./sessions";

/**
 * Staff two-step sign-in (TOTP, RFC 6238, with single-use recovery codes). No HTTP types.
 *
 * Contract:
 * - `startTwoStep` makes a new secret for a staff member without an enabled authenticator (replacing one that
 *   waits for confirmation) and returns it with its otpauth:// URI and a QR code; it is the only time the secret
 *   leaves the server. `confirmTwoStep` enables it with a first right code and returns the 10 recovery codes,
 *   shown once (each kept as scrypt with a salt of its own, ADR 020).
 * - `checkSecondFactor` accepts a current TOTP (±1 step) of a step after the last one accepted (a code is never
 *   accepted twice: the step is moved forward in one atomic statement) or an unused recovery code (marked used
 *   in one atomic statement). `disableTwoStep` needs the same.
 * - `twoStepRequiredForStaff` is the CMS Settings switch (off unless set to "true"). `mustEnrolTwoStep`: an admin
 *   without two-step sign-in, always, and a moderator without it while the switch is on, may use nothing but
 *   the set-up; `assertStaffMayAct` refuses the staff powers outside /api/admin the same way.
 * - `upgradeRecoveryCodeHashes` rewraps recovery codes still kept as bare SHA-256 as scrypt of that
 *   digest, so they keep working once each.
 * - The secret is stored sealed by `box` (AES-256-GCM, services/secret-box.ts); one that cannot be opened (a lost
 *   key file) accepts no code, so only a recovery code (or an operator's reset) helps.
 */

function totpFor(secret: string, label = "staff", issuer = "Arcadium"): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: TOTP_POLICY.algorithm,
    digits: TOTP_POLICY.digits,
    period: TOTP_POLICY.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a time falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_POLICY.periodSeconds);
}

/** The step a code belongs to (within ±window of `now`), or undefined when it is no current code. */
function matchingStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_POLICY.window });
  return delta === null ? undefined : totpStep(now) + delta;
}

/** A recovery code as typed ("abcd-efgh-ij", "ABCD EFGH IJ") in its stored form. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

/**
 * ADR 020: scrypt at this cost (16 MiB, a few tens of ms) with a salt per code. A code carries about 49 bits, so a
 * copy of the table is not worth guessing at; a try checks at most the user's 10 unused codes.
 */
export const RECOVERY_CODE_LOG_N = 14;
/** A digest kept before ADR 020 (bare SHA-256 of the code), wrapped by `upgradeRecoveryCodeHashes`. */
const WRAPPED_SHA256 = "sha256+";

function sha256Hex(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

export function hashRecoveryCode(code: string, logN: number = RECOVERY_CODE_LOG_N): Promise<string> {
  return hashPassword(normaliseRecoveryCode(code), logN);
}

/** Whether `code` is the one stored as `stored` (scrypt, scrypt of a SHA-256 digest, or a bare digest not yet wrapped). */
export async function recoveryCodeMatches(code: string, stored: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (stored.startsWith(WRAPPED_SHA256))
    return verifyPassword(sha256Hex(normalised), stored.slice(WRAPPED_SHA256.length));
  if (/^[0-9a-f]{64}$/.test(stored))
    return crypto.timingSafeEqual(Buffer.from(sha256Hex(normalised)), Buffer.from(stored));
  return verifyPassword(normalised, stored);
}

/**
 * ADR 020: recovery codes kept as bare SHA-256 become scrypt of that digest (a salt each), in place: the codes
 * themselves are not known, and each still works once. Run at start-up; returns how many were rewrapped.
 */
export async function upgradeRecoveryCodeHashes(db: Db): Promise<number> {
  const legacy = await db
    .select({ id: staffRecoveryCodesTable.id, codeHash: staffRecoveryCodesTable.codeHash })
    .from(staffRecoveryCodesTable)
    .where(sql`${staffRecoveryCodesTable.codeHash} ~ '^[0-9a-f]{64}$'`);
  let upgraded = 0;
  for (const row of legacy) {
    const wrapped = WRAPPED_SHA256 + (await hashPassword(row.codeHash, RECOVERY_CODE_LOG_N));
    const [done] = await db
      .update(staffRecoveryCodesTable)
      .set({ codeHash: wrapped })
      .where(and(eq(staffRecoveryCodesTable.id, row.id), eq(staffRecoveryCodesTable.codeHash, row.codeHash)))
      .returning({ id: staffRecoveryCodesTable.id });
    if (done) upgraded++;
  }
  return upgraded;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i

/** 10 random characters (about 49 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

export type TwoStepStatus = { enabled: boolean; recoveryCodesLeft: number };

export async function twoStepStatus(db: Db, userId: number): Promise<TwoStepStatus> {
  const [row] = await db
    .select({ enabledAt: staffTwoStepTable.enabledAt })
    .from(staffTwoStepTable)
    .where(eq(staffTwoStepTable.userId, userId));
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodesTable)
    .where(and(eq(staffRecoveryCodesTable.userId, userId), isNull(staffRecoveryCodesTable.usedAt)));
  return { enabled: true, recoveryCodesLeft: Number(n) };
}

export async function twoStepEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: staffTwoStepTable.userId })
    .from(staffTwoStepTable)
    .where(and(eq(staffTwoStepTable.userId, userId), isNotNull(staffTwoStepTable.enabledAt)));
  return Boolean(row);
}

/** The CMS Settings switch "Require two-step sign-in for all staff" (cached with the community settings). */
export async function twoStepRequiredForStaff(db: Db): Promise<boolean> {
  return (await communitySettings(db)).staffTwoStepRequired;
}

/** Whether two-step sign-in is required of this staff member: of every admin, of a moderator by the switch. */
export async function twoStepRequiredOf(db: Db, role: SessionUser["role"]): Promise<boolean> {
  return role === "admin" || (role === "moderator" && (await twoStepRequiredForStaff(db)));
}

/** A staff member who must set up two-step sign-in before anything else (D106, the Settings switch). */
export async function mustEnrolTwoStep(db: Db, user: Pick<SessionUser, "role" | "twoStep">): Promise<boolean> {
  return !user.twoStep && (await twoStepRequiredOf(db, user.role));
}

/** 403 for a staff power (outside /api/admin too) used by a staff member who must set up two-step sign-in first. */
export async function assertStaffMayAct(db: Db, user: Pick<SessionUser, "role" | "twoStep">): Promise<void> {
  if (await mustEnrolTwoStep(db, user)) throw new Forbidden(TWO_STEP_TEXTS.enrolRequired);
}

export type TwoStepSetup = { secret: string; otpauthUrl: string; qrCode: string };

/** A new secret waiting for its first code; 409 when two-step sign-in is already on. */
export async function startTwoStep(
  db: Db,
  box: SecretBox,
  userId: number,
  account: string,
  issuer: string,
  now = new Date(),
): Promise<TwoStepSetup> {
  if (await twoStepEnabled(db, userId)) throw new Conflict(TWO_STEP_TEXTS.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await box.seal(secret);
  await db
    .insert(staffTwoStepTable)
    .values({ userId, secret: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: staffTwoStepTable.userId,
      set: { secret: sealed, createdAt: now, lastStep: null },
      where: isNull(staffTwoStepTable.enabledAt),
    });
  const otpauthUrl = totpFor(secret, account, issuer).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** Enables the waiting authenticator with its first right code; returns the recovery codes (shown once). */
export async function confirmTwoStep(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  now = new Date(),
  recoveryCodeHashCost: number = RECOVERY_CODE_LOG_N,
): Promise<string[]> {
  const [row] = await db.select().from(staffTwoStepTable).where(eq(staffTwoStepTable.userId, userId));
  if (row?.enabledAt) throw new Conflict(TWO_STEP_TEXTS.alreadyEnabled);
  const secret = row ? await box.open(row.secret) : undefined;
  if (!row || !secret) throw new Invalid(TWO_STEP_TEXTS.notStarted);
  const step = matchingStep(secret, code.trim(), now);
  if (step === undefined) throw new Invalid(TWO_STEP_TEXTS.confirmWrong);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashRecoveryCode(c, recoveryCodeHashCost)));
  const enabled = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(staffTwoStepTable)
      .set({ enabledAt: now, lastStep: step })
      .where(
        and(
          eq(staffTwoStepTable.userId, userId),
          eq(staffTwoStepTable.secret, row.secret),
          isNull(staffTwoStepTable.enabledAt),
        ),
      )
      .returning({ userId: staffTwoStepTable.userId });
    if (!done) return false;
    await tx.delete(staffRecoveryCodesTable).where(eq(staffRecoveryCodesTable.userId, userId));
    await tx.insert(staffRecoveryCodesTable).values(hashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
  if (!enabled) throw new Conflict(TWO_STEP_TEXTS.alreadyEnabled);
  // the cached sessions of this user carry `twoStep` (other processes hear it from the table's trigger)
  sessionsChanged(db, { userIds: [userId] });
  return codes;
}

export type SecondFactorResult = { ok: true; method: "totp" | "recovery" } | { ok: false };

/** A current, not yet used TOTP or an unused recovery code of an enabled authenticator (each accepted once). */
export async function checkSecondFactor(
  db: Db,
  box: SecretBox,
  userId: number,
  input: string,
  now = new Date(),
): Promise<SecondFactorResult> {
  const code = input.trim();
  if (!code || code.length > 40) return { ok: false };
  const [row] = await db
    .select({ secret: staffTwoStepTable.secret })
    .from(staffTwoStepTable)
    .where(and(eq(staffTwoStepTable.userId, userId), isNotNull(staffTwoStepTable.enabledAt)));
  if (!row) return { ok: false };
  if (/^\d{6}$/.test(code)) {
    const secret = await box.open(row.secret);
    const step = secret === undefined ? undefined : matchingStep(secret, code, now);
    if (step === undefined) return { ok: false };
    // No replay: the step moves forward only past the last one accepted, in one statement (parallel tries of one code: one wins).
    const [moved] = await db
      .update(staffTwoStepTable)
      .set({ lastStep: step })
      .where(
        and(
          eq(staffTwoStepTable.userId, userId),
          or(isNull(staffTwoStepTable.lastStep), lt(staffTwoStepTable.lastStep, step)),
        ),
      )
      .returning({ userId: staffTwoStepTable.userId });
    return moved ? { ok: true, method: "totp" } : { ok: false };
  }
  const unused = await db
    .select({ id: staffRecoveryCodesTable.id, codeHash: staffRecoveryCodesTable.codeHash })
    .from(staffRecoveryCodesTable)
    .where(and(eq(staffRecoveryCodesTable.userId, userId), isNull(staffRecoveryCodesTable.usedAt)));
  for (const row of unused) {
    if (!(await recoveryCodeMatches(code, row.codeHash))) continue;
    // single use: marked in one statement (parallel tries of one code: one wins)
    const [used] = await db
      .update(staffRecoveryCodesTable)
      .set({ usedAt: now })
      .where(and(eq(staffRecoveryCodesTable.id, row.id), isNull(staffRecoveryCodesTable.usedAt)))
      .returning({ id: staffRecoveryCodesTable.id });
    return used ? { ok: true, method: "recovery" } : { ok: false };
  }
  return { ok: false };
}

/** Turns two-step sign-in off with a current code (or a recovery code); 400 with a clear message otherwise. */
export async function disableTwoStep(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  now = new Date(),
): Promise<void> {
  if (!(await twoStepEnabled(db, userId))) throw new Invalid(TWO_STEP_TEXTS.notEnabled);
  const result = await checkSecondFactor(db, box, userId, code, now);
  if (!result.ok) throw new Invalid(TWO_STEP_TEXTS.disableWrong);
  await db.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodesTable).where(eq(staffRecoveryCodesTable.userId, userId));
    await tx.delete(staffTwoStepTable).where(eq(staffTwoStepTable.userId, userId));
  });
  sessionsChanged(db, { userIds: [userId] });
}
