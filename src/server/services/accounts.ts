import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { CurrentUser, RegisterInput } from "../../contract/auth";
import { USERNAME_TAKEN } from "../../contract/auth-constants";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { usersTable } from "../db/schema";
import { Conflict } from "../errors";
import { startEmailVerification } from "./account-settings";
import { assertPasswordNotCommon } from "./common-passwords";
import { assertUsernameAllowed, communitySettings } from "./community-settings";
import { hashPassword } from "./passwords";

export function toCurrentUser(u: {
  id: number;
  username: string;
  avatarUrl: string | null;
  createdAt: Date;
  role: CurrentUser["role"];
}): CurrentUser {
  return { id: u.id, username: u.username, avatarUrl: u.avatarUrl, createdAt: u.createdAt.toISOString(), role: u.role };
}

/**
 * D11: usernames unique ignoring case; a taken one is a clear 409 (usernames are public). `passwordHashCost`: the
 * scrypt cost (log2 N) of the new hash. A username with a blocked word is refused (400); the profile starts with
 * the site's default visibility (private in school mode). The invite code is checked by the route. A common
 * password is refused (400) before anything is looked up; its length was checked by the contract.
 *
 * So that nobody registers with an address they do not own, the account is made WITHOUT the email
 * address given; the address is the account's only once its link is followed (the same token as Settings'),
 * and until then it neither signs in nor receives anything but that link. A free and a taken address are answered
 * alike (same status, body, work: the password is hashed and a token stored either way); a taken address's owner
 * gets a notice instead of the link. Returns the user and the mail to send (null without an address).
 */
export async function registerUser(
  db: Db,
  input: { username: string; password: string; email?: string },
  opts: { passwordHashCost?: number; publicUrl: string; siteName: string; now?: Date },
) {
  const username = input.username.trim();
  const email = input.email?.trim() || null;
  assertPasswordNotCommon(input.password);
  await assertUsernameAllowed(db, username);
  const [taken] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(sql`lower(${usersTable.username}) = lower(${username})`)
    .limit(1);
  if (taken) throw new Conflict(USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password, opts.passwordHashCost);
  let user: typeof usersTable.$inferSelect;
  try {
    const profileVisibility = (await communitySettings(db)).defaultProfileVisibility;
    [user] = await db
      .insert(usersTable)
      .values({ username, email: null, passwordHash, role: "player", profileVisibility })
      .returning();
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(err, "users_username_lower_unique")) throw new Conflict(USERNAME_TAKEN);
    throw err;
  }
  const mail = email
    ? await startEmailVerification(db, user, email, {
        publicUrl: opts.publicUrl,
        siteName: opts.siteName,
        now: opts.now,
        reason: "register",
      })
    : null;
  return { user, mail };
}

/**
 * Finds a user by username, or by email when the text has an "@", ignoring case. Only a verified address
 * signs in (its link followed; migration 0015 counted the addresses stored before verification existed as
 * verified); an unverified one is not found, so the answer is the unknown account's (D11: the same 401 as a wrong password).
 */
export async function findUserForLogin(db: Db, name: string) {
  const [user] = await db
    .select()
    .from(usersTable)
    .where(
      name.includes("@")
        ? and(sql`lower(${usersTable.email}) = lower(${name})`, isNotNull(usersTable.emailVerifiedAt))
        : sql`lower(${usersTable.username}) = lower(${name})`,
    )
    .limit(1);
  return user;
}

export async function getUserById(db: Db, id: number) {
  const [user] = await db.select().from(usersTable).where(eq(usersTable.id, id));
  return user;
}

export type { RegisterInput };
