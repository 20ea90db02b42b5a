import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string };

/** The subset of a logger the mailer uses (Fastify's logger fits). */
export type MailLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type Mailer = {
  /** true when SMTP_URL is set (D47 settings) */
  configured: boolean;
  from: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * D42: mail goes through nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL).
 * Without SMTP_URL the message is printed to the server log instead: this is the documented way to
 * read the sign-in code on a default install (README "Admin sign-in").
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: MailLog }): Mailer {
  const { smtpUrl, from, log } = opts;
  let transporter: Transporter | undefined;
  if (smtpUrl) {
    transporter = nodemailer.createTransport(smtpUrl, { from });
  }
  return {
    configured: Boolean(smtpUrl),
    from,
    async send(message) {
      if (!transporter) {
        // One line (the log is JSON lines): the address and the subject, which carries the code,
        // are readable at a glance; the whole mail is in the `mail` field.
        log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          `Mail not sent (SMTP_URL is not set) to ${message.to}: ${message.subject}`,
        );
        return;
      }
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transporter?.close();
    },
  };
}

/** The sign-in code mail. */
export function otpMail(opts: {
  to: string;
  code: string;
  siteName: string;
  publicUrl: string;
  validMinutes: number;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Your ${opts.siteName} admin sign-in code: ${opts.code}`,
    text: [
      `Your one-time code for the ${opts.siteName} admin area is:`,
      "",
      `    ${opts.code}`,
      "",
      `It is valid for ${opts.validMinutes} minutes and can be used once. Enter it at ${opts.publicUrl}/cms.`,
      "If you did not ask for this code, you can ignore this message.",
    ].join("\n"),
  };
}

/** The alert after repeated wrong sign-in codes for a staff member's address. */
export function signInAlertMail(opts: {
  to: string;
  siteName: string;
  publicUrl: string;
  failures: number;
  address: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Someone tried to sign in to your ${opts.siteName} staff account`,
    text: [
      `Someone tried to sign in to your ${opts.siteName} staff account with wrong codes ${opts.failures} times in the last hour (the latest from the network address ${opts.address}).`,
      "",
      "If this was you, there is nothing to do. If it was not: nobody has signed in, every code was wrong, and further tries are slowed down.",
      `To be safe, set up two-step sign-in in the CMS (${opts.publicUrl}/cms, Two-step sign-in) if you have not yet, and tell the other administrators.`,
    ].join("\n"),
  };
}

/** D87: the link that proves an address (asked for in Settings or given at registration). */
export function emailVerificationMail(opts: {
  to: string;
  username: string;
  link: string;
  siteName: string;
  validHours: number;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Confirm your email address for ${opts.siteName}`,
    text: [
      `Hello ${opts.username},`,
      "",
      `Please confirm that ${opts.to} is your email address on ${opts.siteName} by opening this link:`,
      "",
      `    ${opts.link}`,
      "",
      `The link is valid for ${opts.validHours} hours and can be used once.`,
      "If you did not ask for this, you can ignore this message: nothing changes.",
    ].join("\n"),
  };
}

/**
 * What the owner of an address already in use gets instead of a link when someone gives it at registration
 * (`register`) or asks for it in Settings (`change`): the answer to them is the same as for a free address, so that
 * nobody learns which addresses have an account here.
 */
export function emailInUseMail(opts: {
  to: string;
  siteName: string;
  publicUrl: string;
  reason: "register" | "change";
}): MailMessage {
  const base = opts.publicUrl.replace(/\/+$/, "");
  const what =
    opts.reason === "register"
      ? `register a new account on ${opts.siteName}`
      : `add it to another account on ${opts.siteName}`;
  return {
    to: opts.to,
    subject: `Someone tried to use your email address on ${opts.siteName}`,
    text: [
      "Hello,",
      "",
      `Someone tried to ${what} with your email address, ${opts.to}.`,
      "This address already belongs to your account, so it was not given to anyone else, and nothing changed on your account.",
      "",
      `If this was you: you already have an account. Sign in at ${base}/login with your username or this email address.`,
      "If it was not you, you can ignore this message.",
    ].join("\n"),
  };
}

/** D105: the code that confirms it is the owner before an account change, sent to the account's verified address. */
export function stepUpCodeMail(opts: {
  to: string;
  username: string;
  code: string;
  siteName: string;
  validMinutes: number;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Your ${opts.siteName} confirmation code: ${opts.code}`,
    text: [
      `Hello ${opts.username},`,
      "",
      `Someone signed in as you on ${opts.siteName} asked to confirm it is you before changing your account. Your code is:`,
      "",
      `    ${opts.code}`,
      "",
      `It is valid for ${opts.validMinutes} minutes and can be used once.`,
      "If you did not ask for it, do not share it with anyone, and change your password in Settings.",
    ].join("\n"),
  };
}

/** D105: what the account's address is told after an email or password change, with the link that undoes it. */
export function accountChangeNoticeMail(opts: {
  to: string;
  username: string;
  siteName: string;
  change: "email" | "password_changed" | "password_set";
  newEmail?: string;
  undoLink: string;
  validDays: number;
}): MailMessage {
  const what = {
    email: {
      subject: "Your email address was changed",
      line: `The email address of your account was changed to ${opts.newEmail ?? "a new address"}.`,
    },
    password_changed: { subject: "Your password was changed", line: "The password of your account was changed." },
    password_set: {
      subject: "A password was set on your account",
      line: "A password was set on your account: it can now also sign in with a password.",
    },
  }[opts.change];
  const undo =
    opts.change === "email"
      ? "puts this address back on your account and signs out every device"
      : opts.change === "password_changed"
        ? "puts your previous password back and signs out every device; then choose a new password in Settings"
        : "removes the password and signs out every device";
  return {
    to: opts.to,
    subject: `${what.subject} on ${opts.siteName}`,
    text: [
      `Hello ${opts.username},`,
      "",
      what.line,
      "The other devices signed in to your account were signed out.",
      "",
      "If this was you, there is nothing to do.",
      `If it was not you, open this link within ${opts.validDays} days. It ${undo}:`,
      "",
      `    ${opts.undoLink}`,
    ].join("\n"),
  };
}

/** D105: what the account's address is told after someone asked for the account's deletion. */
export function deletionRequestedMail(opts: {
  to: string;
  username: string;
  siteName: string;
  publicUrl: string;
  deleteAfter: Date;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Your ${opts.siteName} account will be deleted`,
    text: [
      `Hello ${opts.username},`,
      "",
      `Someone signed in as you asked for your account to be deleted. It will be deleted on ${opts.deleteAfter.toISOString().slice(0, 10)}.`,
      "The other devices signed in to your account were signed out.",
      "",
      `If this was not you, sign in at ${opts.publicUrl.replace(/\/+$/, "")}/login before then: signing in keeps your account. Then change your password in Settings.`,
    ].join("\n"),
  };
}
