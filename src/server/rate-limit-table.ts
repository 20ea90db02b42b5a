import { CHAT_RATE_LIMIT } from "../contract/chat";
import { DIRECT_MESSAGE_RATE_LIMIT } from "../contract/direct-messages-constants";
import { REPORT_RATE_LIMIT } from "../contract/reports-constants";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { TooMany } from "./errors";
import { OTP_POLICY } from "./services/otp";
import { hitRateLimit, releaseRateLimit, resetRateLimit } from "./services/rate-limit-counter";

/**
 * Every rate limit of the site in one table (D8: database-backed counters shared by all server
 * processes). A route applies a limit by its name with the key it counts by, e.g.
 * `rateLimits.enforce("review", \`review:${user.id}\`)`; over the limit it answers 429 with
 * Retry-After and the limit's message.
 */
export type RateLimitRule = { limit: number; windowMs: number; message: string };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Valid submissions one address may make per form and hour (the forms write rows anyone can send). */
export const FORM_SUBMISSIONS_PER_HOUR = 10;
/**
 * Sign-in attempts back off
 * per account AND address (5 failures in 15 minutes; the account is the resolved user, so its name and its email count
 * together) and per address whatever the names (10 in 15 minutes). An attacker's address is backed off; the owner
 * signing in from another address is not. And per account from all addresses together (20 an hour, ADR 019), so that
 * guesses spread over many addresses stay few; a device the account signed in from before is not counted by it.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 10;
export const LOGIN_FAILURES_PER_ACCOUNT = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;
/** Code requests per client IP per 10 minutes (D107: on top of 5 per address and client an hour). */
export const OTP_REQUESTS_PER_IP = 30;
/**
 * D107: wrong staff sign-in codes (emailed codes and second factors alike) are counted across challenges, so
 * that asking for new codes never buys tries: per staff address and client (its address, or its known device: 10 in
 * 15 minutes), per client address whatever the staff address (20 in 15 minutes), and per staff address from all
 * clients (20 an hour and 50 a day, so that guessing spread over many addresses stays hopeless). The last ones do not
 * count the staff member's known devices, so nobody can lock the owner out with them.
 */
export const ADMIN_CODE_FAILURES_PER_ADMIN_AND_CLIENT = 10;
export const ADMIN_CODE_FAILURES_PER_ADDRESS = 20;
export const ADMIN_CODE_FAILURES_PER_ADMIN = 20;
export const ADMIN_CODE_FAILURES_PER_ADMIN_PER_DAY = 50;

/** The table; limits that are configurable (REGISTRATIONS_PER_HOUR, PLAYS_PER_MINUTE) come from the config. */
export function rateLimitTable(config: Pick<Config, "registrationsPerHour" | "playsPerMinute">) {
  return {
    /** D11: accounts created per address (key `register:ip:{ip}`) */
    register: {
      limit: config.registrationsPerHour,
      windowMs: HOUR,
      message: "Too many accounts created from this address. Please try again later.",
    },
    /**
     * Sign-in attempts per account and address (key `login-fail:user:{userId}:ip:{ip}`, or `login-fail:name:{typed}:ip:{ip}`
     * for a name no account has). Each attempt is reserved before the password is checked and given back when it succeeds.
     */
    loginFailure: {
      limit: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      message: "Too many failed sign-in attempts. Please try again later.",
    },
    /**
     * ADR 019: sign-in attempts per account from every address (key `login-fail:{user:{id} | name:{typed}}`), reserved and
     * given back the same way; not counted for a known device of the account
     */
    loginFailurePerAccount: {
      limit: LOGIN_FAILURES_PER_ACCOUNT,
      windowMs: HOUR,
      message:
        "Too many failed sign-in attempts for this account. Please try again later, or from a device you signed in from before.",
    },
    /** Sign-in attempts per address, whatever the names (key `login-fail:ip:{ip}`); reserved and given back the same way */
    loginFailurePerAddress: {
      limit: LOGIN_FAILURES_PER_ADDRESS,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      message: "Too many failed sign-in attempts. Please try again later.",
    },
    /** D21: games started per player or, signed out, per address (key `play:user:{id}` / `play:ip:{ip}`) */
    play: { limit: config.playsPerMinute, windowMs: MINUTE, message: "Too many games started. Please wait a moment." },
    /** D86: favourites added or removed per player (key `favorite:{userId}`) */
    favorite: { limit: 60, windowMs: MINUTE, message: "Too many changes to your favourites. Please slow down." },
    /** D86: gameplay start/stop reports per player (key `gameplay:{userId}`); a game reports about two a round */
    gameplay: { limit: 240, windowMs: MINUTE, message: "Too many gameplay reports. Please slow down." },
    /** D153: ad requests and ad reports per player or, signed out, per address (key `ads:user:{id}` / `ads:ip:{ip}`) */
    ads: { limit: 60, windowMs: MINUTE, message: "Too many ad requests. Please slow down." },
    /** D134: the pages' counting beacons per address (key `numbers-beacon:ip:{ip}`), dropped beyond it; a page sends one every few seconds at most */
    numbersBeacon: { limit: 120, windowMs: MINUTE, message: "Too many counts sent. Please slow down." },
    /** D134: game error reports per address (key `game-error:ip:{ip}`), dropped beyond it; the host page sends a few per play at most */
    gameError: { limit: 30, windowMs: MINUTE, message: "Too many error reports. Please slow down." },
    /** D23: scores per player (key `score:{userId}`) */
    score: { limit: 30, windowMs: MINUTE, message: "Too many scores. Please slow down." },
    /** D78: game achievement unlocks per player (key `achievement:{userId}`) */
    achievement: { limit: 60, windowMs: MINUTE, message: "Too many achievements. Please slow down." },
    /** Leaderboard searches per address (key `leaderboard-search:ip:{ip}`): never cached, each is a query over the players */
    leaderboardSearch: { limit: 60, windowMs: MINUTE, message: "Too many leaderboard searches. Please wait a moment." },
    /**
     * Profile reads per reader (key `profile:user:{id}`, signed out `profile:ip:{ip}`), the profile and its
     * statistics together: each counts the players ahead (ranks) and none is cached (D87: it depends on who asks).
     * A profile page makes two; 120 a minute is far above anyone reading profiles.
     */
    profileRead: { limit: 120, windowMs: MINUTE, message: "Too many profiles viewed. Please wait a moment." },
    /** D30: reviews per player (key `review:{userId}`) */
    review: { limit: 20, windowMs: MINUTE, message: "Too many reviews. Please slow down." },
    /** D76: cloud save writes per player, all games together (key `cloud-save:{userId}`); the host page sends at most one a second per game */
    cloudSave: { limit: 120, windowMs: MINUTE, message: "Too many cloud save writes. Please slow down." },
    /**
     * Cloud save bodies per player in KiB a minute, all games together (key `cloud-save-kib:{userId}`), counted
     * before the body is read: one write of the largest body at the largest quota (21 MiB), ten at the default quota
     */
    cloudSaveKib: {
      limit: 32 * 1024,
      windowMs: MINUTE,
      message: "Too much cloud save data sent. Please wait a minute.",
    },
    /** "Playing {game}" reports per player (key `presence:{userId}`); the game page sends one as a game opens and closes */
    presence: { limit: 60, windowMs: MINUTE, message: "Too many presence updates. Please slow down." },
    /** D122: own-room reports per player (key `own-room:{userId}`); a game sends one as its room changes */
    ownRoom: { limit: 30, windowMs: MINUTE, message: "Too many room updates. Please slow down." },
    /** Blocks and unblocks per player (key `block:{userId}`): each one changes friendships and notifies */
    block: { limit: 60, windowMs: HOUR, message: "Too many blocks and unblocks. Please try again later." },
    /** Notification list reads and "mark read" per player (key `notifications:{userId}`) */
    notifications: { limit: 120, windowMs: MINUTE, message: "Too many notification requests. Please slow down." },
    /** "Download my data" per player (key `export:{userId}`): each one reads everything the account has */
    dataExport: { limit: 5, windowMs: HOUR, message: "Too many data downloads. Please try again later." },
    /** D85: announcements per admin (key `announcement:{userId}`): each one reaches every player */
    announcement: { limit: 10, windowMs: HOUR, message: "Too many announcements. Please try again later." },
    /** D84: friend requests sent per player (key `friend-request:{userId}`) */
    friendRequest: { limit: 30, windowMs: HOUR, message: "Too many friend requests. Please try again later." },
    /** D122: "Invite friends" sends per player (key `room-invite:{userId}`), each notifying up to 20 friends */
    roomInvite: { limit: 20, windowMs: HOUR, message: "Too many invites. Please try again later." },
    /** D88: direct messages sent per player, all conversations together (key `direct-message:{userId}`) */
    directMessage: {
      limit: DIRECT_MESSAGE_RATE_LIMIT.limit,
      windowMs: DIRECT_MESSAGE_RATE_LIMIT.windowMs,
      message: "You are sending messages too quickly. Please wait a moment.",
    },
    /** D97: reports sent per player (key `report:{userId}`) */
    report: {
      limit: REPORT_RATE_LIMIT.limit,
      windowMs: REPORT_RATE_LIMIT.windowMs,
      message: "You have sent many reports. Please try again later.",
    },
    /** D36: chat messages per player (key `chat:{userId}`) */
    chat: {
      limit: CHAT_RATE_LIMIT.limit,
      windowMs: CHAT_RATE_LIMIT.windowMs,
      message: "You are sending messages too quickly. Please slow down.",
    },
    /** Newsletter, contact and advertiser forms per address (key `form:{form}:ip:{ip}`) */
    form: {
      limit: FORM_SUBMISSIONS_PER_HOUR,
      windowMs: HOUR,
      message: "Too many submissions from this address. Please try again later.",
    },
    /** D42: sign-in codes requested per client address, known devices aside (key `admin-otp-ip:{ip}`) */
    adminOtpPerClient: {
      limit: OTP_REQUESTS_PER_IP,
      windowMs: OTP_POLICY.windowMs / 6,
      message: "Too many code requests. Please try again later.",
    },
    /** D107: sign-in codes requested per address and client (key `admin-otp:{email}:{ip:{ip} | device:{id}}`) */
    adminOtpPerAddressAndClient: {
      limit: OTP_POLICY.requestsPerWindow,
      windowMs: OTP_POLICY.windowMs,
      message: "Too many code requests for this address. Please try again later.",
    },
    /**
     * D107: codes mailed per address to clients that are not its known devices (key `admin-otp-mail:{email}`). Past it the
     * answer is the same and nothing is mailed (rateLimits.allows), so nobody can block a code by asking for many.
     */
    adminOtpMailsPerAddress: { limit: OTP_POLICY.mailsPerWindow, windowMs: OTP_POLICY.windowMs, message: "" },
    /** D107: staff sign-in code tries per staff address and client (key `admin-code:email:{email}:{ip:{ip} | device:{id}}`) */
    adminCodeFailure: {
      limit: ADMIN_CODE_FAILURES_PER_ADMIN_AND_CLIENT,
      windowMs: 15 * MINUTE,
      message: "Too many wrong sign-in codes. Please wait 15 minutes and ask for a new code.",
    },
    /** Staff sign-in code tries per client address, known devices aside (key `admin-code:ip:{ip}`) */
    adminCodeFailurePerAddress: {
      limit: ADMIN_CODE_FAILURES_PER_ADDRESS,
      windowMs: 15 * MINUTE,
      message: "Too many wrong sign-in codes. Please wait 15 minutes and ask for a new code.",
    },
    /** ADR 019: staff sign-in code tries per staff address from every client but its known devices (key `admin-code:email:{email}`) */
    adminCodeFailurePerAdmin: {
      limit: ADMIN_CODE_FAILURES_PER_ADMIN,
      windowMs: HOUR,
      message:
        "Too many wrong sign-in codes for this address. Please try again in an hour, or from a device you signed in from before.",
    },
    /** ADR 019: the same per day (key `admin-code-day:email:{email}`) */
    adminCodeFailurePerAdminPerDay: {
      limit: ADMIN_CODE_FAILURES_PER_ADMIN_PER_DAY,
      windowMs: 24 * HOUR,
      message:
        "Too many wrong sign-in codes for this address today. Please try again later, or from a device you signed in from before.",
    },
    /** D105: "Confirm it's you" tries per account, passwords and codes together (key `step-up:{userId}`); a right one is given back */
    stepUp: { limit: 10, windowMs: 15 * MINUTE, message: "Too many wrong attempts. Please try again in 15 minutes." },
    /** D105: "Confirm it's you" codes mailed per account (key `step-up-code:{userId}`) */
    stepUpCode: { limit: 5, windowMs: HOUR, message: "Too many codes requested. Please try again in an hour." },
    /** D105: undo links tried per client address (key `account-undo:ip:{ip}`): they need no session */
    accountUndo: { limit: 20, windowMs: HOUR, message: "Too many attempts. Please try again later." },
    /** D87: verification mails per player (key `email-verify:{userId}`) */
    emailVerification: {
      limit: 5,
      windowMs: HOUR,
      message: "Too many verification emails. Please try again in an hour.",
    },
    /** D87: avatar uploads per player (key `avatar:{userId}`) */
    avatar: {
      limit: 20,
      windowMs: 10 * MINUTE,
      message: "Too many avatar uploads. Please try again in a few minutes.",
    },
    /** D130: creator applications per player (key `creator-application:{userId}`); one may be pending at a time */
    creatorApplication: {
      limit: 3,
      windowMs: 24 * HOUR,
      message: "Too many creator applications. Please try again tomorrow.",
    },
    /** D44: uploads per administrator, D131: and per creator (key `upload:{userId}`) */
    upload: { limit: 60, windowMs: 10 * MINUTE, message: "Too many uploads. Please try again in a few minutes." },
  } satisfies Record<string, RateLimitRule>;
}

export type RateLimitName = keyof ReturnType<typeof rateLimitTable>;
/** Changes to the table (tests lower a limit through buildApp's options; production passes none). */
export type RateLimitOverrides = Partial<Record<RateLimitName, Partial<RateLimitRule>>>;

/** The table bound to the database: what routes call. */
export function createRateLimits(
  db: Db,
  config: Pick<Config, "registrationsPerHour" | "playsPerMinute">,
  overrides: RateLimitOverrides = {},
) {
  const table: Record<RateLimitName, RateLimitRule> = rateLimitTable(config);
  for (const [name, change] of Object.entries(overrides) as Array<[RateLimitName, Partial<RateLimitRule>]>)
    table[name] = { ...table[name], ...change };
  const tooMany = (name: RateLimitName, retryAfterSeconds: number) =>
    new TooMany(table[name].message, retryAfterSeconds);
  return {
    table,
    /** Counts one request (or `weight`) under `key`; throws TooMany (429 + Retry-After) when it is over the limit. */
    async enforce(name: RateLimitName, key: string, weight = 1): Promise<void> {
      const { limit, windowMs } = table[name];
      const r = await hitRateLimit(db, key, limit, windowMs, new Date(), weight);
      if (!r.allowed) throw tooMany(name, r.retryAfterSeconds);
    },
    /** Counts one request under `key` and says whether it is within the limit (for limits whose answer must not change). */
    async allows(name: RateLimitName, key: string): Promise<boolean> {
      const { limit, windowMs } = table[name];
      return (await hitRateLimit(db, key, limit, windowMs)).allowed;
    },
    /**
     * Reserves one attempt under each of `keys` in one atomic step per key, before the attempt is tried (a counter
     * read before a password check and written after it would let parallel guesses through). Throws TooMany (the
     * longest Retry-After) when any is over its limit; the attempt is then not tried. `release` gives the attempt back.
     */
    async reserve(...entries: Array<[RateLimitName, string]>): Promise<void> {
      const results = await Promise.all(
        entries.map(async ([name, key]) => ({
          name,
          r: await hitRateLimit(db, key, table[name].limit, table[name].windowMs),
        })),
      );
      const refused = results.filter(({ r }) => !r.allowed);
      if (refused.length) throw tooMany(refused[0].name, Math.max(...refused.map(({ r }) => r.retryAfterSeconds)));
    },
    /** Gives back one attempt reserved under `key` (e.g. a sign-in that succeeded does not use up the address's allowance). */
    async release(key: string): Promise<void> {
      await releaseRateLimit(db, key);
    },
    /** Forgets the counter of `key` (e.g. a successful sign-in clears the username's failures). */
    async reset(key: string): Promise<void> {
      await resetRateLimit(db, key);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
