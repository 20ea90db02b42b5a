/** D105: the zod-free values of the step-up ("Confirm it's you"); the client imports them from here. */

/** Proof given by a session counts this long. */
export const STEP_UP_TTL_MS = 10 * 60 * 1000;
/** The undo link mailed after an email or password change works this long. */
export const UNDO_LINK_TTL_DAYS = 7;
/** The `code` of a 403 that asks the client to confirm it is the owner, then try again. */
export const STEP_UP_REQUIRED_CODE = "step_up_required";

/** The ways an account can confirm it is the owner (GET /api/me/step-up). */
export type StepUpMethods = { password: boolean; code: boolean; google: boolean };

export const STEP_UP_TEXTS = {
  required: "Please confirm it's you first.",
  wrongPassword: "Your password is not correct",
  wrongCode: "This code is not correct or has expired. Please ask for a new one.",
  noPassword: "This account has no password. Confirm with a code sent to your email address instead.",
  usePassword: "Please confirm with your password.",
  noVerifiedEmail: "This account has no confirmed email address to send a code to.",
  codeSent: "We sent a 6-digit code to your email address. It is valid for 10 minutes.",
  googleFailed: "Google did not confirm it's you. Please try again.",
  staffAddressNeedsStaffSession:
    "A staff account's email address can only be changed after signing in to the CMS with a code.",
  staffAddressNeedsSecondFactor: "Sign in to the CMS again with your two-step sign-in, then change your email address.",
  staffDeletionNeedsStaffSession: "A staff account can only be deleted after signing in to the CMS with a code.",
  staffDeletionNeedsSecondFactor: "Sign in to the CMS again with your two-step sign-in, then delete your account.",
  undoDone: {
    email: "Your previous email address is back and every device was signed out.",
    password: "The password change was undone and every device was signed out.",
  },
  undoBadLink: "This link is not valid, was already used or has expired.",
} as const;
