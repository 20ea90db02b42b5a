import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { USER_ROLES } from "../../../contract/studio-constants";

export const usersTable = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email"),
    /** scrypt or argon2id hash (D12); null for demo players and Google-only accounts */
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    avatarUrl: text("avatar_url"),
    /** D96/D102: a moderator handles reports, deletes chat messages and reviews and mutes players, nothing else;
     * D130: a creator is a player who manages their own games in /studio */
    role: text("role", { enum: USER_ROLES }).notNull().default("player"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** D87: who may see the profile beyond its name and avatar */
    profileVisibility: text("profile_visibility", { enum: ["public", "friends", "private"] })
      .notNull()
      .default("public"),
    /** D84: presence is opt-in */
    presenceEnabled: boolean("presence_enabled").notNull().default(false),
    /** D85/D87: notification kinds the player turned off, `{kind: false}`; a kind not named is on */
    notificationPrefs: jsonb("notification_prefs").$type<Record<string, boolean>>().notNull().default({}),
    /** D150: the cookie choice per optional purpose made while signed in (null: none yet), and when it was made */
    cookieConsent: jsonb("cookie_consent").$type<{ statistics: boolean; advertising: boolean }>(),
    cookieConsentAt: timestamp("cookie_consent_at", { withTimezone: true }),
    /** D87: when the current email was confirmed through its link (null: not verified) */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** D87: account deletion asked for; signing in before this time cancels it, after it the account is anonymised */
    deleteAfter: timestamp("delete_after", { withTimezone: true }),
    /** D87: when the account was anonymised ("Deleted player"); it can no longer sign in */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** D96: until when the player may not post in chat, review or send direct messages (null: never muted) */
    mutedUntil: timestamp("muted_until", { withTimezone: true }),
    /** D96: mutes given so far on the ladder (10 min, 1 h, then 24 h); starts again after 30 days without one */
    muteCount: integer("mute_count").notNull().default(0),
    /** D93: hidden from every board by an admin (null: shown); their scores stay and count again when shown */
    boardsHiddenAt: timestamp("boards_hidden_at", { withTimezone: true }),
  },
  (t) => [
    check("users_role_valid", sql`${t.role} in ('player', 'creator', 'moderator', 'admin')`),
    check("users_profile_visibility_valid", sql`${t.profileVisibility} in ('public', 'friends', 'private')`),
    index("users_delete_after_idx")
      .on(t.deleteAfter)
      .where(sql`${t.deleteAfter} is not null and ${t.deletedAt} is null`),
    // D11: usernames unique ignoring case; emails too.
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

/** D13: only the SHA-256 of the session token is stored. */
export const sessionsTable = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["player", "admin"] })
      .notNull()
      .default("player"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** D87: the browser's User-Agent at sign-in (cut to 512 characters), for the sessions list */
    userAgent: text("user_agent"),
    /** D105: when this session last proved it is the account's owner (password, emailed code or Google); fresh for 10 minutes */
    steppedUpAt: timestamp("stepped_up_at", { withTimezone: true }),
  },
  (t) => [
    check("sessions_kind_valid", sql`${t.kind} in ('player', 'admin')`),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** D42: admin one-time-code challenges; the code is stored hashed. */
export const otpChallengesTable = pgTable(
  "otp_challenges",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** issue 17: the emailed code was right and the staff member's second factor is awaited (attempts start again) */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** D107: who asked (`ip:{address}` or `device:{id}` of a known device); a new request reuses only its own client's challenge */
    clientKey: text("client_key"),
  },
  (t) => [index("otp_challenges_email_idx").on(t.email, t.createdAt)],
);

/**
 * Issue 17: a staff member's authenticator (TOTP, RFC 6238). `secret` (base32) is never sent again after the set-up;
 * `enabledAt` null means the set-up waits for its first code. `lastStep` is the last 30-second step a code was
 * accepted for: a code of that step or an earlier one is refused (no replay).
 */
export const staffTwoStepTable = pgTable("staff_two_step", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => usersTable.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: integer("last_step"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Issue 17: single-use recovery codes, stored as SHA-256 hashes. */
export const staffRecoveryCodesTable = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_recovery_codes_user_hash_unique").on(t.userId, t.codeHash)],
);

/**
 * D105: the link in the notice mailed to the old address after an email or password change, which undoes that change
 * within 7 days. Only the SHA-256 of the token is stored.
 */
export const accountUndoTokensTable = pgTable(
  "account_undo_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["email", "password"] }).notNull(),
    oldEmail: text("old_email"),
    /** a password change is undone to this hash (null: the account had no password) */
    oldPasswordHash: text("old_password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check("account_undo_tokens_kind_valid", sql`${t.kind} in ('email', 'password')`),
    index("account_undo_tokens_user_idx").on(t.userId),
  ],
);

/** Failed sign-in attempts and other fixed-window counters shared by all processes (D8). */
export const rateLimitsTable = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);
