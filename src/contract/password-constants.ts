/**
 * The zod-free password rules of ./auth.ts, re-exported there: the registration and Settings' password forms import
 * them from here. Not in auth-constants.ts, which every page loads (its safeReturnTo): these are for the forms only
 * (D73, the public pages' budget).
 */

/** D11: a password's length, in characters (the registration, a password change or a first password). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The 400 of a password that is on the list of common passwords
 * (src/server/lists/common-passwords.txt, checked on the server only). The forms show it under the password field.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose another one.";
