import { and, eq } from "drizzle-orm";
import {
  STEP_UP_REQUIRED_CODE,
  STEP_UP_TEXTS,
  STEP_UP_TTL_MS,
  type StepUpMethods,
} from "../../contract/step-up-constants";
import type { Db } from "../db/client";
import { sessionsTable, staffTwoStepTable, usersTable } from "../db/schema";
import { Forbidden, Invalid, NotFound } from "../errors";
import { stepUpCodeMail, type MailMessage } from "./mailer";
import { consumeKeyedChallenge, OTP_POLICY, startKeyedChallenge } from "./otp";
import { verifyPassword } from "./passwords";
import { hashToken, type SessionKind, type UserRole } from "./sessions";
import { assertStaffMayAct } from "./two-step";

/**
 * D105: proof that a signed-in session is the account's owner, and who may change a staff account's address.
 * No HTTP types (routes/me.ts and routes/auth-google.ts call it).
 *
 * Contract:
 * - A session holds proof for STEP_UP_TTL_MS (10 minutes) after it last gave one (`sessions.stepped_up_at`):
 *   the account's current password (`proveByPassword`), or, for an account without a password, the code mailed to its
 *   verified address (`sendStepUpCode`, then `proveByCode`), or a fresh Google sign-in of the account's own Google
 *   account (`markSteppedUp`, from the Google callback). The proof belongs to that one session, never to the account.
 * - `requireFreshProof` throws `StepUpRequired` (403, code "step_up_required") when the session has none.
 * - `assertMayChangeAddress`: a staff member's address changes only from a staff session; when they have
 *   two-step sign-in, from one opened with it (after it was enabled); never while they must still set it up (every
 *   admin, and moderators while the Settings switch requires it). Anyone else: any session.
 * - A wrong password or code throws Forbidden and changes nothing; the caller logs it and limits the tries.
 */

export class StepUpRequired extends Forbidden {
  override readonly code = STEP_UP_REQUIRED_CODE;
}

type SessionUserRef = { id: number; role: UserRole; sessionKind: SessionKind; twoStep: boolean };

async function loadAccount(db: Db, userId: number) {
  const [user] = await db
    .select({
      username: usersTable.username,
      email: usersTable.email,
      emailVerifiedAt: usersTable.emailVerifiedAt,
      passwordHash: usersTable.passwordHash,
      googleSub: usersTable.googleSub,
    })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  if (!user) throw new NotFound("User not found");
  return user;
}

/** The ways this account can prove it is the owner (the "Confirm it's you" dialog offers these). */
export async function stepUpMethods(db: Db, userId: number): Promise<StepUpMethods> {
  const user = await loadAccount(db, userId);
  return {
    password: Boolean(user.passwordHash),
    code: !user.passwordHash && Boolean(user.email && user.emailVerifiedAt),
    google: Boolean(user.googleSub),
  };
}

/** Records proof on the session of `token` (only a session of `userId`). */
async function markProof(db: Db, userId: number, token: string, now: Date): Promise<Date> {
  await db
    .update(sessionsTable)
    .set({ steppedUpAt: now })
    .where(and(eq(sessionsTable.tokenHash, hashToken(token)), eq(sessionsTable.userId, userId)));
  return new Date(now.getTime() + STEP_UP_TTL_MS);
}

/** The current password, right: the session holds proof until the returned time. Wrong: Forbidden. */
export async function proveByPassword(
  db: Db,
  opts: { userId: number; token: string; password: string; hashCost: number; now: Date },
): Promise<Date> {
  const user = await loadAccount(db, opts.userId);
  if (!user.passwordHash) throw new Invalid(STEP_UP_TEXTS.noPassword);
  if (!(await verifyPassword(opts.password, user.passwordHash, opts.hashCost)))
    throw new Forbidden(STEP_UP_TEXTS.wrongPassword);
  return markProof(db, opts.userId, opts.token, opts.now);
}

const codeKey = (userId: number) => `step-up:user:${userId}`;

/** A new code for an account without a password, to its verified address; returns the mail to send. */
export async function sendStepUpCode(
  db: Db,
  opts: { userId: number; siteName: string; now: Date },
): Promise<MailMessage> {
  const user = await loadAccount(db, opts.userId);
  if (user.passwordHash) throw new Invalid(STEP_UP_TEXTS.usePassword);
  if (!user.email || !user.emailVerifiedAt) throw new Invalid(STEP_UP_TEXTS.noVerifiedEmail);
  const { code } = await startKeyedChallenge(db, codeKey(opts.userId), opts.now);
  return stepUpCodeMail({
    to: user.email,
    username: user.username,
    code,
    siteName: opts.siteName,
    validMinutes: OTP_POLICY.ttlMs / 60_000,
  });
}

/** The mailed code, right and live: the session holds proof until the returned time. Wrong: Forbidden. */
export async function proveByCode(
  db: Db,
  opts: { userId: number; token: string; code: string; now: Date },
): Promise<Date> {
  if (!(await consumeKeyedChallenge(db, codeKey(opts.userId), opts.code, opts.now)))
    throw new Forbidden(STEP_UP_TEXTS.wrongCode);
  return markProof(db, opts.userId, opts.token, opts.now);
}

/** A fresh Google sign-in of the account's own Google account (the callback checked both). */
export async function markSteppedUp(db: Db, userId: number, token: string, now: Date): Promise<Date> {
  return markProof(db, userId, token, now);
}

/** Whether the session of `token` gave proof in the last 10 minutes. */
export async function hasFreshProof(db: Db, token: string | undefined, now: Date): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ steppedUpAt: sessionsTable.steppedUpAt })
    .from(sessionsTable)
    .where(eq(sessionsTable.tokenHash, hashToken(token)));
  const at = row?.steppedUpAt?.getTime();
  return at !== undefined && at <= now.getTime() && now.getTime() - at <= STEP_UP_TTL_MS;
}

export async function requireFreshProof(db: Db, token: string | undefined, now: Date): Promise<void> {
  if (!(await hasFreshProof(db, token, now))) throw new StepUpRequired(STEP_UP_TEXTS.required);
}

/** D106: whether this session may change its account's email address (see the contract above). */
export async function assertMayChangeAddress(db: Db, user: SessionUserRef, token: string | undefined): Promise<void> {
  await assertStaffSessionPastSecondFactor(db, user, token, {
    staffSession: STEP_UP_TEXTS.staffAddressNeedsStaffSession,
    secondFactor: STEP_UP_TEXTS.staffAddressNeedsSecondFactor,
  });
}

/** D106: a staff account is given up only from a staff session, as its address is: a password alone cannot take it away. */
export async function assertMayRequestDeletion(db: Db, user: SessionUserRef, token: string | undefined): Promise<void> {
  await assertStaffSessionPastSecondFactor(db, user, token, {
    staffSession: STEP_UP_TEXTS.staffDeletionNeedsStaffSession,
    secondFactor: STEP_UP_TEXTS.staffDeletionNeedsSecondFactor,
  });
}

async function assertStaffSessionPastSecondFactor(
  db: Db,
  user: SessionUserRef,
  token: string | undefined,
  refusal: { staffSession: string; secondFactor: string },
): Promise<void> {
  if (user.role !== "admin" && user.role !== "moderator") return;
  if (user.sessionKind !== "admin" || !token) throw new Forbidden(refusal.staffSession);
  // A staff member who must set up two-step sign-in has passed no second factor yet (ADR 020).
  await assertStaffMayAct(db, user);
  const [[twoStep], [session]] = await Promise.all([
    db
      .select({ enabledAt: staffTwoStepTable.enabledAt })
      .from(staffTwoStepTable)
      .where(eq(staffTwoStepTable.userId, user.id)),
    db
      .select({ createdAt: sessionsTable.createdAt })
      .from(sessionsTable)
      .where(eq(sessionsTable.tokenHash, hashToken(token))),
  ]);
  // Every staff sign-in after two-step was enabled passed it (routes/admin/auth.ts); an older session did not.
  if (twoStep?.enabledAt && (!session || session.createdAt < twoStep.enabledAt))
    throw new Forbidden(refusal.secondFactor);
}

/** D106: the session kinds a session may list and end: a player-kind session never sees a staff one. */
export function visibleSessionKinds(kind: SessionKind): SessionKind[] {
  return kind === "admin" ? ["player", "admin"] : ["player"];
}
