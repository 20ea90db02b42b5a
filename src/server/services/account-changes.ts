import crypto from "node:crypto";
import { and, eq, gt, gte, isNull, ne, sql } from "drizzle-orm";
import { STEP_UP_TEXTS, UNDO_LINK_TTL_DAYS } from "../../contract/step-up-constants";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { accountUndoTokensTable, emailTokensTable, usersTable } from "../db/schema";
import { Conflict, Invalid } from "../errors";
import { accountChangeNoticeMail, type MailMessage } from "./mailer";
import { endUserSessions, hashToken } from "./sessions";

/**
 * D105: after an email or password change, the notice to the account's (old) verified address with a link that
 * undoes the change within UNDO_LINK_TTL_DAYS, and the undo itself. No HTTP types (routes/me.ts, routes/account-undo.ts).
 *
 * Contract:
 * - `changeNotice` stores the SHA-256 of a new random token with what the change replaced (the old address, or the
 *   old password hash, null when there was none) and returns the mail; none when there is no verified address.
 * - `undoChange` claims a live token once (atomically): an email change gets its old address back (verified) and
 *   the account's pending address links are spent, and so are the undo links of changes made after it (mailed to the
 *   address being undone); a password change gets its old hash back (or loses the password it was given). Every session of the account ends. A used, expired or unknown token → Invalid; an old address another
 *   account took meanwhile → Conflict (nothing changes, the token stays usable).
 */

const EMAIL_TAKEN = "Another account uses this address now, so it cannot be put back. Please contact us.";

export type ChangeKind = "email" | "password_changed" | "password_set";

export async function changeNotice(
  db: Db,
  opts: {
    userId: number;
    username: string;
    to: { email: string | null; verified: boolean };
    change: ChangeKind;
    newEmail?: string;
    oldPasswordHash?: string | null;
    publicUrl: string;
    siteName: string;
    now: Date;
  },
): Promise<MailMessage | undefined> {
  if (!opts.to.email || !opts.to.verified) return undefined;
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(accountUndoTokensTable).values({
    tokenHash: hashToken(token),
    userId: opts.userId,
    kind: opts.change === "email" ? "email" : "password",
    oldEmail: opts.change === "email" ? opts.to.email : null,
    oldPasswordHash: opts.change === "email" ? null : (opts.oldPasswordHash ?? null),
    createdAt: opts.now,
    expiresAt: new Date(opts.now.getTime() + UNDO_LINK_TTL_DAYS * 24 * 60 * 60 * 1000),
  });
  const undoLink = `${opts.publicUrl.replace(/\/+$/, "")}/account/undo?token=${encodeURIComponent(token)}`;
  return accountChangeNoticeMail({
    to: opts.to.email,
    username: opts.username,
    siteName: opts.siteName,
    change: opts.change,
    newEmail: opts.newEmail,
    undoLink,
    validDays: UNDO_LINK_TTL_DAYS,
  });
}

export type UndoResult = {
  userId: number;
  username: string;
  role: string;
  kind: "email" | "password";
  restoredEmail: string | null;
  endedSessions: number;
};

export async function undoChange(db: Db, token: string, now: Date): Promise<UndoResult> {
  try {
    const result = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(accountUndoTokensTable)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountUndoTokensTable.tokenHash, hashToken(token)),
            isNull(accountUndoTokensTable.usedAt),
            gt(accountUndoTokensTable.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed) throw new Invalid(STEP_UP_TEXTS.undoBadLink);
      if (claimed.kind === "email" && claimed.oldEmail) {
        const [taken] = await tx
          .select({ id: usersTable.id })
          .from(usersTable)
          .where(and(sql`lower(${usersTable.email}) = lower(${claimed.oldEmail})`, ne(usersTable.id, claimed.userId)))
          .limit(1);
        if (taken) throw new Conflict(EMAIL_TAKEN);
        await tx
          .update(usersTable)
          .set({ email: claimed.oldEmail, emailVerifiedAt: now })
          .where(eq(usersTable.id, claimed.userId));
        await tx
          .update(emailTokensTable)
          .set({ usedAt: now })
          .where(and(eq(emailTokensTable.userId, claimed.userId), isNull(emailTokensTable.usedAt)));
        // The notices of later changes went to the address being undone, which is not the owner's: their links must
        // not put it back. Earlier links went to the owner's address and stay usable.
        await tx
          .update(accountUndoTokensTable)
          .set({ usedAt: now })
          .where(
            and(
              eq(accountUndoTokensTable.userId, claimed.userId),
              isNull(accountUndoTokensTable.usedAt),
              gte(accountUndoTokensTable.createdAt, claimed.createdAt),
            ),
          );
      } else {
        await tx
          .update(usersTable)
          .set({ passwordHash: claimed.oldPasswordHash })
          .where(eq(usersTable.id, claimed.userId));
      }
      const [owner] = await tx
        .select({ username: usersTable.username, role: usersTable.role })
        .from(usersTable)
        .where(eq(usersTable.id, claimed.userId));
      return {
        userId: claimed.userId,
        username: owner?.username ?? String(claimed.userId),
        role: owner?.role ?? "player",
        kind: claimed.kind,
        restoredEmail: claimed.kind === "email" ? claimed.oldEmail : null,
      };
    });
    const endedSessions = await endUserSessions(db, result.userId);
    return { ...result, endedSessions };
  } catch (err) {
    if (isUniqueViolation(err, "users_email_lower_unique")) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
}
