import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import {
  AVATAR_SIZE,
  EMAIL_TOKEN_TTL_HOURS,
  NOTIFICATION_PREF_KINDS,
  type AccountSettings,
  type AccountSettingsPatch,
  type NotificationPrefs,
} from "../../contract/me";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { emailTokensTable, usersTable } from "../db/schema";
import { Conflict, Invalid, NotFound, UnsupportedType } from "../errors";
import { assertPasswordNotCommon } from "./common-passwords";
import type { FileStore } from "./file-store";
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from "./images";
import { emailInUseMail, emailVerificationMail, type MailMessage } from "./mailer";
import { hashPassword } from "./passwords";
import { sessionsChanged } from "./session-cache";
import { endUserSessions, hashToken, type SessionKind } from "./sessions";
import { loadSharp } from "./sharp";

// D87, D100: what a player changes about their own account. No HTTP here (routes/me.ts).

type UserRow = typeof usersTable.$inferSelect;

async function loadUser(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(usersTable).where(eq(usersTable.id, userId));
  if (!user) throw new NotFound("User not found");
  return user;
}

/** D85/D87: a kind not named in users.notification_prefs is on. */
export function notificationPrefsOf(stored: Record<string, boolean> | null | undefined): NotificationPrefs {
  return Object.fromEntries(NOTIFICATION_PREF_KINDS.map((k) => [k, stored?.[k] !== false])) as NotificationPrefs;
}

/** GET /api/me/settings */
export async function getAccountSettings(db: Db, userId: number, now = new Date()): Promise<AccountSettings> {
  const user = await loadUser(db, userId);
  const [pending] = await db
    .select({ email: emailTokensTable.email })
    .from(emailTokensTable)
    .where(
      and(eq(emailTokensTable.userId, userId), isNull(emailTokensTable.usedAt), gt(emailTokensTable.expiresAt, now)),
    )
    .orderBy(desc(emailTokensTable.createdAt))
    .limit(1);
  return {
    profileVisibility: user.profileVisibility,
    presenceEnabled: user.presenceEnabled,
    notificationPrefs: notificationPrefsOf(user.notificationPrefs),
    email: user.email,
    emailVerified: Boolean(user.email && user.emailVerifiedAt),
    pendingEmail: pending && pending.email.toLowerCase() !== user.email?.toLowerCase() ? pending.email : null,
    hasPassword: Boolean(user.passwordHash),
    deleteAfter: user.deleteAfter?.toISOString() ?? null,
  };
}

/** PATCH /api/me/settings: only stored here; the profile, presence and notifications read them (D84, D85). */
export async function updateAccountSettings(
  db: Db,
  userId: number,
  patch: AccountSettingsPatch,
  now = new Date(),
): Promise<AccountSettings> {
  const set: Partial<typeof usersTable.$inferInsert> = {};
  if (patch.profileVisibility !== undefined) set.profileVisibility = patch.profileVisibility;
  if (patch.presenceEnabled !== undefined) set.presenceEnabled = patch.presenceEnabled;
  if (patch.notificationPrefs && Object.keys(patch.notificationPrefs).length) {
    const user = await loadUser(db, userId);
    const prefs = { ...notificationPrefsOf(user.notificationPrefs), ...patch.notificationPrefs };
    // Only the kinds turned off are stored (a kind added later starts on).
    set.notificationPrefs = Object.fromEntries(Object.entries(prefs).filter(([, on]) => !on));
  }
  if (Object.keys(set).length) await db.update(usersTable).set(set).where(eq(usersTable.id, userId));
  return getAccountSettings(db, userId, now);
}

/**
 * D87, D105: POST /api/me/password, once the session has proved it is the owner (the route checks that). Issue 17:
 * a common new password is refused (400). The other sessions of `sessions.endKinds` end; `sessions.keepToken`'s
 * stays. Returns the hash it replaced (null: the account had no password), for the undo link.
 */
export async function changePassword(
  db: Db,
  userId: number,
  newPassword: string,
  sessions: { keepToken: string | undefined; endKinds: SessionKind[] },
  hashCost: number,
): Promise<{ previousHash: string | null; endedSessions: number }> {
  assertPasswordNotCommon(newPassword);
  const user = await loadUser(db, userId);
  const passwordHash = await hashPassword(newPassword, hashCost);
  await db.update(usersTable).set({ passwordHash }).where(eq(usersTable.id, userId));
  const endedSessions = await endUserSessions(db, userId, {
    exceptToken: sessions.keepToken,
    kinds: sessions.endKinds,
  });
  return { previousHash: user.passwordHash, endedSessions };
}

const EMAIL_TAKEN = "An account with this email already exists";

/**
 * D87, issue 17: starts proving that `email` is the player's: stores the SHA-256 of a random token (24 h, single use)
 * and returns the mail to send. When another account already has the address, a token is stored all the same (one
 * nobody receives: Settings then reads alike for a free and a taken address) and the mail is the owner's notice
 * (`emailInUseMail`) instead of a link, so that the answer never tells whether an address has an account here.
 */
export async function startEmailVerification(
  db: Db,
  user: { id: number; username: string },
  email: string,
  opts: { publicUrl: string; siteName: string; now?: Date; reason: "register" | "change" },
): Promise<MailMessage> {
  const now = opts.now ?? new Date();
  const [taken] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(sql`lower(${usersTable.email}) = lower(${email})`, ne(usersTable.id, user.id)))
    .limit(1);
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_TTL_HOURS * 60 * 60 * 1000);
  await db
    .insert(emailTokensTable)
    .values({ tokenHash: hashToken(token), userId: user.id, email, createdAt: now, expiresAt });
  if (taken)
    return emailInUseMail({ to: email, siteName: opts.siteName, publicUrl: opts.publicUrl, reason: opts.reason });
  const link = `${opts.publicUrl.replace(/\/+$/, "")}/settings/verify-email?token=${encodeURIComponent(token)}`;
  return emailVerificationMail({
    to: email,
    username: user.username,
    link,
    siteName: opts.siteName,
    validHours: EMAIL_TOKEN_TTL_HOURS,
  });
}

/**
 * D87: POST /api/me/email. The current address stays until the link is used. Issue 17: an address another account
 * has is answered like a free one (its owner is told instead, see startEmailVerification).
 */
export async function requestEmailChange(
  db: Db,
  userId: number,
  email: string,
  opts: { publicUrl: string; siteName: string; now?: Date },
): Promise<MailMessage> {
  const user = await loadUser(db, userId);
  if (user.email?.toLowerCase() === email.toLowerCase() && user.emailVerifiedAt)
    throw new Invalid("This is already your verified email address");
  return startEmailVerification(db, user, email, { ...opts, reason: "change" });
}

const BAD_LINK = "This verification link is not valid or has expired. Please ask for a new one in Settings.";

export type VerifiedEmail = { email: string; previous: { email: string | null; verified: boolean }; changed: boolean };

/**
 * D87: POST /api/me/email/verify. The token's account gets its address, verified; used, expired or unknown → 400;
 * taken → 409. `changed` is false when the link only confirmed the address the account already had.
 */
export async function verifyEmailToken(
  db: Db,
  userId: number,
  token: string,
  now = new Date(),
): Promise<VerifiedEmail> {
  const tokenHash = hashToken(token);
  try {
    return await db.transaction(async (tx) => {
      // Single use: the update claims the token (a second use, even at the same moment, finds it used).
      const [claimed] = await tx
        .update(emailTokensTable)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokensTable.tokenHash, tokenHash),
            eq(emailTokensTable.userId, userId),
            isNull(emailTokensTable.usedAt),
            gt(emailTokensTable.expiresAt, now),
          ),
        )
        .returning({ email: emailTokensTable.email });
      if (!claimed) throw new Invalid(BAD_LINK);
      const [taken] = await tx
        .select({ id: usersTable.id })
        .from(usersTable)
        .where(and(sql`lower(${usersTable.email}) = lower(${claimed.email})`, ne(usersTable.id, userId)))
        .limit(1);
      if (taken) throw new Conflict(EMAIL_TAKEN);
      const [before] = await tx
        .select({ email: usersTable.email, verifiedAt: usersTable.emailVerifiedAt })
        .from(usersTable)
        .where(eq(usersTable.id, userId));
      await tx.update(usersTable).set({ email: claimed.email, emailVerifiedAt: now }).where(eq(usersTable.id, userId));
      // The other links of this account are spent too: only the newest address asked for counts once one is used.
      await tx
        .update(emailTokensTable)
        .set({ usedAt: now })
        .where(and(eq(emailTokensTable.userId, userId), isNull(emailTokensTable.usedAt)));
      const previous = { email: before?.email ?? null, verified: Boolean(before?.email && before.verifiedAt) };
      return { email: claimed.email, previous, changed: previous.email?.toLowerCase() !== claimed.email.toLowerCase() };
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_lower_unique")) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** Where avatars live in the store: uploads/avatars/, served at /uploads/avatars/ (D87). */
const AVATARS_PREFIX = "uploads/avatars/";

const AVATAR_PREFIX = "/uploads/avatars/";

/** Removes an avatar file this site stored (a Google picture's URL is left alone). */
export async function removeAvatarFile(files: FileStore, avatarUrl: string | null | undefined): Promise<void> {
  if (!avatarUrl?.startsWith(AVATAR_PREFIX)) return;
  const name = avatarUrl.slice(AVATAR_PREFIX.length);
  if (!/^[\w-]+\.webp$/.test(name)) return;
  await files.remove(`${AVATARS_PREFIX}${name}`);
}

const NOT_AN_IMAGE = "This file is not a PNG, JPEG, WebP or GIF image";

/**
 * D87: the upload decoded with sharp (name and declared type not trusted), cropped to cover a square and
 * stored as WebP 256×256 without metadata; users.avatar_url points at it and the previous file is removed.
 */
export async function setAvatar(
  db: Db,
  files: FileStore,
  userId: number,
  input: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<string> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: limits.maxInputPixels, failOn: "error" as const };
  let data: Buffer;
  try {
    const { format } = await sharp(input, options).metadata();
    if (!format || !["png", "jpeg", "webp", "gif"].includes(format)) throw new UnsupportedType(NOT_AN_IMAGE);
    data = await sharp(input, { ...options, animated: false })
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof UnsupportedType) throw err;
    throw new UnsupportedType(NOT_AN_IMAGE);
  }
  const name = `${userId}-${crypto.createHash("sha256").update(data).digest("hex").slice(0, 24)}.webp`;
  await files.put(`${AVATARS_PREFIX}${name}`, data, { contentType: "image/webp" });
  const avatarUrl = `${AVATAR_PREFIX}${name}`;
  const before = await loadUser(db, userId);
  await db.update(usersTable).set({ avatarUrl }).where(eq(usersTable.id, userId));
  // Decision 009: this process's cached sessions carry the avatar; forget them now (others hear the trigger).
  sessionsChanged(db, { userIds: [userId] });
  if (before.avatarUrl !== avatarUrl) await removeAvatarFile(files, before.avatarUrl);
  return avatarUrl;
}

/** D87: DELETE /api/me/avatar. */
export async function removeAvatar(db: Db, files: FileStore, userId: number): Promise<void> {
  const before = await loadUser(db, userId);
  await db.update(usersTable).set({ avatarUrl: null }).where(eq(usersTable.id, userId));
  sessionsChanged(db, { userIds: [userId] });
  await removeAvatarFile(files, before.avatarUrl);
}
