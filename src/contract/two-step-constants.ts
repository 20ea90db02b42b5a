/**
 * Staff two-step sign-in (ADR 020). An admin or moderator may add an
 * authenticator app (TOTP, RFC 6238) with 10 single-use recovery codes; it is then asked for at each of their
 * sign-ins, after the emailed code. Zod-free so that the lazily loaded /cms pages import it.
 */

/** The site setting (website content `site.staff_two_step_required`): "true" requires two-step sign-in of all staff. */
export const STAFF_TWO_STEP_SETTING = "staff_two_step_required";

/** Whether the stored value requires two-step sign-in (only "true": off on a fresh install). */
export function staffTwoStepRequired(stored: string | null | undefined): boolean {
  return stored?.trim().toLowerCase() === "true";
}

/** RFC 6238 as every authenticator app understands it: SHA-1, 6 digits, a 30 s step, ±1 step of clock drift. */
export const TOTP_POLICY = { algorithm: "SHA1", digits: 6, periodSeconds: 30, window: 1 } as const;
/** Recovery codes given at enrolment (each works once). */
export const RECOVERY_CODE_COUNT = 10;

export const TWO_STEP_TEXTS = {
  title: "Two-step sign-in",
  settingLabel: "Require two-step sign-in for all staff",
  settingHelp:
    "When on, every admin and moderator must set up an authenticator app right after the emailed code, before anything else in the CMS works.",
  secondFactorRequired: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  secondFactorWrong:
    "That code is not right. Enter the current code from your authenticator app, or an unused recovery code.",
  enrolRequired:
    "Set up two-step sign-in first: this site requires it of your staff account. Follow the steps on the Two-step sign-in page.",
  enrolTitle: "Set up two-step sign-in to continue",
  enrolIntro:
    "Your staff account signs in with the emailed code and a code from an authenticator app on your phone. It takes a minute: scan the QR code, enter the code the app shows, then keep your recovery codes.",
  savedContinue: "I have saved them, continue to the CMS",
  /** D106: the card while the account must still set it up (the emailed code alone opens nothing else) */
  offRequired:
    "This site requires it of your account: the rest of the CMS opens once it is set up, and every sign-in then also asks for the app's code.",
  alreadyEnabled: "Two-step sign-in is already on. Turn it off first to set up a new authenticator.",
  notStarted: "Start the set-up again: no authenticator is waiting to be confirmed.",
  notEnabled: "Two-step sign-in is not on.",
  confirmWrong:
    "That code is not right. Check that your authenticator app shows the code for this site and try the current one.",
  disableWrong:
    "That code is not right. Enter the current code from your authenticator app, or an unused recovery code.",
  enabled:
    "Two-step sign-in is on, and your other sessions are signed out. Keep your recovery codes somewhere safe: each works once.",
  disabled: "Two-step sign-in is off.",
  switchNeedsOwnEnrolment:
    "Set up two-step sign-in for yourself first (CMS → Two-step sign-in), so that turning this on does not lock you out of the CMS.",
  codeFormat: "Enter the 6-digit code, or a recovery code",
} as const;

/** The alert mailed to a staff member after repeated wrong codes, sent once per ALERT_WINDOW. */
export const SIGN_IN_ALERT_AFTER_FAILURES = 5;
