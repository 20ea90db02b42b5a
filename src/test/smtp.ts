import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** Test-only: a mail as the SMTP server received it. */
export type Mail = { to: string[]; raw: string };

/** A real SMTP server (smtp-server), so that the code travels the way it does in production (D42). */
export async function startSmtp() {
  const inbox: Mail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    inbox,
    /** The oldest mail to `to` (whose raw text matches `match`, when given), taken out of the inbox. */
    async waitFor(to: string, timeoutMs = 5000, match?: RegExp): Promise<Mail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.find((m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.raw)));
        if (found) {
          inbox.splice(inbox.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail for ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of an admin sign-in mail (D41), read from its body. */
export function codeFrom(mail: Mail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n");
  const m = body.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in mail: ${mail.raw}`);
  return m[1];
}

/** The body of a mail, quoted-printable decoded. */
export function mailText(mail: Mail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n");
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
