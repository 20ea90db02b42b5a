import { eq } from "drizzle-orm";
import type { AccountConsent, ConsentChoice } from "../../contract/consent-constants";
import type { Db } from "../db/client";
import { usersTable } from "../db/schema";
import { NotFound } from "../errors";

/**
 * D150: the cookie choice a signed-in player made, kept on the account so that another browser of theirs starts
 * from it. No HTTP types (routes/me.ts).
 *
 * Contract:
 * - `getAccountConsent(db, userId)` answers `{choice: null, decidedAt: null}` until a choice is stored.
 * - `setAccountConsent(db, userId, choice, now)` stores both purposes and the server's time of the choice (a
 *   browser's clock is not trusted to order choices); the browser that sent it takes that time as its own, so
 *   the latest choice, wherever it was made, is the one both keep.
 */
export async function getAccountConsent(db: Db, userId: number): Promise<AccountConsent> {
  const [row] = await db
    .select({ choice: usersTable.cookieConsent, at: usersTable.cookieConsentAt })
    .from(usersTable)
    .where(eq(usersTable.id, userId));
  if (!row) throw new NotFound("User not found");
  if (!row.choice || !row.at) return { choice: null, decidedAt: null };
  return {
    choice: { statistics: row.choice.statistics === true, advertising: row.choice.advertising === true },
    decidedAt: row.at.toISOString(),
  };
}

export async function setAccountConsent(
  db: Db,
  userId: number,
  choice: ConsentChoice,
  now = new Date(),
): Promise<AccountConsent> {
  const stored = { statistics: choice.statistics, advertising: choice.advertising };
  const updated = await db
    .update(usersTable)
    .set({ cookieConsent: stored, cookieConsentAt: now })
    .where(eq(usersTable.id, userId))
    .returning({ id: usersTable.id });
  if (updated.length === 0) throw new NotFound("User not found");
  return { choice: stored, decidedAt: now.toISOString() };
}
