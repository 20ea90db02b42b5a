import { eq, or, sql } from "drizzle-orm";
import type { CurrentUser, RegisterInput } from "../../contract/auth";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { usersTable } from "../db/schema";
import { Conflict } from "../errors";
import { assertPasswordNotCommon } from "./common-passwords";
import { assertUsernameAllowed, communitySettings } from "./community-settings";
import { hashPassword } from "./passwords";

export function toCurrentUser(u: { id: number; username: string; avatarUrl: string | null; createdAt: Date; role: CurrentUser["role"] }): CurrentUser {
  return { id: u.id, username: u.username, avatarUrl: u.avatarUrl, createdAt: u.createdAt.toISOString(), role: u.role };
}

/**
 * D11: usernames and emails unique ignoring case; clear 409 messages. `passwordHashCost`: D12 scrypt cost (log2 N) of
 * the new hash. D98: a username with a blocked word is refused (400); the profile starts with the site's default
 * visibility (private in school mode). The invite code is checked by the route. Issue 17: a common password is
 * refused (400) before anything is looked up; its length was checked by the contract.
 */
export async function registerUser(db: Db, input: { username: string; password: string; email?: string }, passwordHashCost?: number) {
  const username = input.username.trim();
  const email = input.email?.trim() || null;
  assertPasswordNotCommon(input.password);
  await assertUsernameAllowed(db, username);
  const [taken] = await db
    .select({ username: usersTable.username, email: usersTable.email })
    .from(usersTable)
    .where(or(sql`lower(${usersTable.username}) = lower(${username})`, email ? sql`lower(${usersTable.email}) = lower(${email})` : sql`false`))
    .limit(1);
  if (taken) {
    if (taken.username.toLowerCase() === username.toLowerCase()) throw new Conflict("Username is already taken");
    throw new Conflict("An account with this email already exists");
  }
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  try {
    const profileVisibility = (await communitySettings(db)).defaultProfileVisibility;
    const [user] = await db.insert(usersTable).values({ username, email, passwordHash, role: "player", profileVisibility }).returning();
    return user;
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(err, "users_username_lower_unique")) throw new Conflict("Username is already taken");
    if (isUniqueViolation(err, "users_email_lower_unique")) throw new Conflict("An account with this email already exists");
    throw err;
  }
}

/** Finds a user by username (or email), ignoring case. */
export async function findUserForLogin(db: Db, name: string) {
  const [user] = await db
    .select()
    .from(usersTable)
    .where(name.includes("@") ? sql`lower(${usersTable.email}) = lower(${name})` : sql`lower(${usersTable.username}) = lower(${name})`)
    .limit(1);
  return user;
}

export async function getUserById(db: Db, id: number) {
  const [user] = await db.select().from(usersTable).where(eq(usersTable.id, id));
  return user;
}

export type { RegisterInput };
