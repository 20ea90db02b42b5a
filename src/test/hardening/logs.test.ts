import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, expect, it } from "vitest";
import { usersTable } from "../../server/db/schema";
import { hashToken } from "../../server/services/sessions";
import { describeHardened, type HardenedApp } from "./harness";

/**
 * Logs: structured JSON lines (Fastify's pino) with a request id on every request's
 * lines; never a password, a one-time code (outside the deliberate printing of a mail when no
 * SMTP_URL is set), a session token or a cookie. Unhandled errors are logged with the request
 * id and answered per D60: 500 {message: "Internal server error"}, no stack, no detail.
 */

const PASSWORD = "Sup3r-Secret-Passw0rd!";
const WRONG_PASSWORD = "Wr0ng-Secret-Guess!";
const ADMIN_EMAIL = "admin@example.com";

/** A secret in a text; a six-digit code only as a whole number (not inside a timestamp or a port). */
function contains(text: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<![0-9])${secret}(?![0-9])`).test(text);
  return text.includes(secret);
}

function sidOf(setCookie: string | string[] | undefined): string {
  const m = String(setCookie).match(/sid=([^;]+)/);
  if (!m) throw new Error(`no sid cookie in ${String(setCookie)}`);
  return m[1];
}

/** Runs the sign-in flows and returns every secret that went over the wire. */
async function signInFlows(h: HardenedApp, codeOf: () => Promise<string>) {
  const secrets: string[] = [PASSWORD, WRONG_PASSWORD];
  const app = h.site;
  const reg = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { username: "log_player", password: PASSWORD, email: "log_player@example.com" },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const regSid = sidOf(reg.headers["set-cookie"]);
  secrets.push(regSid);
  expect(
    (
      await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "log_player", password: WRONG_PASSWORD },
      })
    ).statusCode,
  ).toBe(401);
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: "log_player", password: PASSWORD },
    cookies: { sid: regSid },
  });
  expect(login.statusCode).toBe(200);
  const loginSid = sidOf(login.headers["set-cookie"]);
  secrets.push(loginSid);
  // A request carrying the cookie (and an Authorization header), then a validation error echoing a password field.
  expect(
    (
      await app.inject({
        method: "GET",
        url: "/api/auth/user",
        cookies: { sid: loginSid },
        headers: { authorization: `Bearer ${loginSid}` },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await app.inject({ method: "POST", url: "/api/auth/register", payload: { username: "x", password: PASSWORD } }))
      .statusCode,
  ).toBe(400);

  const req = await app.inject({ method: "POST", url: "/api/admin/request-otp", payload: { email: ADMIN_EMAIL } });
  expect(req.statusCode).toBe(200);
  const otpSecret = req.json().otpSecret as string;
  const code = await codeOf();
  // A wrong code first, then the right one.
  const wrong = code === "000000" ? "111111" : "000000";
  secrets.push(wrong);
  expect(
    (
      await app.inject({
        method: "POST",
        url: "/api/admin/verify-otp",
        payload: { email: ADMIN_EMAIL, otp: wrong, otpSecret },
      })
    ).statusCode,
  ).toBe(401);
  const verified = await app.inject({
    method: "POST",
    url: "/api/admin/verify-otp",
    payload: { email: ADMIN_EMAIL, otp: code, otpSecret },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const adminSid = sidOf(verified.headers["set-cookie"]);
  secrets.push(adminSid);
  expect((await app.inject({ method: "GET", url: "/api/admin/user", cookies: { sid: adminSid } })).statusCode).toBe(
    200,
  );
  // Logging out sends the cookie once more.
  expect((await app.inject({ method: "POST", url: "/api/auth/logout", cookies: { sid: loginSid } })).statusCode).toBe(
    204,
  );
  // The stored forms of the tokens are not for the log either.
  for (const sid of [regSid, loginSid, adminSid]) secrets.push(hashToken(sid));
  return { secrets, code };
}

function expectStructured(h: HardenedApp) {
  expect(h.logs.length).toBeGreaterThan(10);
  for (const line of h.logs) {
    expect(line.unparsable, String(line.unparsable)).toBeUndefined();
    expect(typeof line.level).toBe("number");
    expect(typeof line.time).toBe("number");
    expect(typeof line.msg).toBe("string");
  }
  // Every line about a request carries its id, and every request has one (a UUID).
  const requestLines = h.logs.filter(
    (l) => l.req || l.res || l.msg === "incoming request" || l.msg === "request completed",
  );
  expect(requestLines.length).toBeGreaterThan(10);
  for (const line of requestLines) expect(String(line.reqId)).toMatch(/^[0-9a-f-]{36}$/);
  // Request lines name the method and path, never headers.
  for (const line of h.logs.filter((l) => l.req)) {
    expect(Object.keys(line.req as object).sort()).not.toContain("headers");
  }
}

const ERROR_ROUTES = (app: import("fastify").FastifyInstance) => {
  app.get("/api/test/boom", async () => {
    throw new Error("boom: secret detail select * from users at /srv/app.ts:12");
  });
  app.get("/api/test/reject", () => Promise.reject(new TypeError("cannot read properties of undefined (reading 'x')")));
  app.get("/api/test/throw-string", async () => {
    throw "a string, not an Error";
  });
};

describeHardened(
  "logs without SMTP: the mail (and its code) is printed deliberately, nothing else secret",
  (t) => {
    let run: { secrets: string[]; code: string };

    it("sign-in flows leave no password, token or cookie in the log, and the code only in the printed mail", async () => {
      const h = t();
      run = await signInFlows(h, async () => {
        // The registration's verification link is printed too; the code is in the sign-in mail's subject
        const mailLine = h.logs.find(
          (l) => typeof l.msg === "string" && l.msg.startsWith("Mail not sent") && l.msg.includes("sign-in code"),
        );
        expect(mailLine, "the sign-in mail is printed to the log when SMTP_URL is not set (D42)").toBeDefined();
        return String(mailLine!.msg).match(/(\d{6})\s*$/)![1];
      });
      expectStructured(h);
      const mailLines = h.logs.filter((l) => typeof l.msg === "string" && l.msg.startsWith("Mail not sent"));
      // the sign-in code and the registration's verification link
      expect(mailLines).toHaveLength(2);
      const others = h.logs.filter((l) => !mailLines.includes(l)).map((l) => JSON.stringify(l));
      for (const secret of run.secrets) expect(contains(h.rawLogs(), secret), `${secret} is in the log`).toBe(false);
      for (const line of others)
        expect(contains(line, run.code), `the code outside the printed mail: ${line}`).toBe(false);
      expect(h.rawLogs()).not.toMatch(/sid=|"cookie"|"authorization"|set-cookie/i);
    });

    it("an unhandled error: 500 {message: 'Internal server error'}, no stack or detail; logged at error level with its request id and the detail", async () => {
      const h = t();
      for (const url of ["/api/test/boom", "/api/test/reject", "/api/test/throw-string"]) {
        const res = await h.site.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(500);
        expect(res.json(), url).toEqual({ message: "Internal server error" });
        expect(res.body).not.toMatch(/boom|secret|stack|\.ts:|properties/);
        const incoming = h.logs.find((l) => l.msg === "incoming request" && (l.req as { url?: string })?.url === url);
        expect(incoming, url).toBeDefined();
        const errorLine = h.logs.find((l) => l.reqId === incoming!.reqId && Number(l.level) === 50);
        expect(errorLine, `${url}: an error line with the request id`).toBeDefined();
        expect(JSON.stringify(errorLine)).toMatch(/boom|properties|a string/);
      }
      // The process is fine.
      expect((await h.site.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    });
  },
  { logLevel: "trace", demo: false, extend: ERROR_ROUTES },
);

// ---------------------------------------------------------------------------------------------
// With SMTP: the code travels by mail only and is never in the log
// ---------------------------------------------------------------------------------------------

const inbox: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      inbox.push(Buffer.concat(chunks).toString("utf8"));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describeHardened(
  "logs with SMTP: the code is in the mail and nowhere in the log",
  (t) => {
    it("sign-in flows leave no password, code, token or cookie in the log", async () => {
      const h = t();
      const run = await signInFlows(h, async () => {
        // The registration's verification mail may come first; the code's mail is the sign-in one
        const isCode = (m: string) => /sign-in code/.test(m);
        for (let i = 0; i < 100 && !inbox.some(isCode); i++) await new Promise((r) => setTimeout(r, 50));
        const mail = inbox.splice(inbox.findIndex(isCode) >>> 0, 1)[0];
        expect(mail, "the code is mailed").toBeDefined();
        return mail!
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join("\n")
          .match(/\b(\d{6})\b/)![1];
      });
      expectStructured(h);
      for (const secret of [...run.secrets, run.code])
        expect(contains(h.rawLogs(), secret), `${secret} is in the log`).toBe(false);
      expect(h.rawLogs()).not.toMatch(/sid=|"cookie"|"authorization"|set-cookie/i);
    });
  },
  { logLevel: "trace", demo: false, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } },
);

// Database errors must be logged without their bound parameters (drizzle's "Failed query: …
// params: …" message and `params`, PostgreSQL's `detail` "Key (lower(email))=(…) already exists."), or a failed insert
// puts an email and a password hash in the log.
const LEAKED_EMAIL = "leaky.person@example.org";
const LEAKED_HASH = "scrypt$17$8$1$c2VjcmV0LXNhbHQ$VGhpcy1pcy1hLXNlY3JldC1oYXNo";

describeHardened(
  "logs: a failed insert's error is logged without the values it carried (issue 17)",
  (t) => {
    it("neither the email nor the password hash of a failed insert reaches the log, but the error and its query do", async () => {
      const h = t();
      const first = await h.site.inject({ method: "POST", url: "/test/failing-insert" });
      expect(first.statusCode).toBe(204);
      // The same email again: a unique violation, logged (as a 400 "validation gap" or a 500, whichever the plugin picks).
      const second = await h.site.inject({ method: "POST", url: "/test/failing-insert" });
      expect(second.statusCode).toBeGreaterThanOrEqual(400);
      const raw = h.rawLogs();
      const errorLine = h.logs.find((l) => (l.level as number) >= 50 && l.err !== undefined);
      expect(errorLine, raw).toBeDefined();
      const err = errorLine!.err as { message: string; query: string; params: unknown; stack: string };
      expect(err.query).toMatch(/^insert into "users"/);
      expect(err.message).toMatch(/users_email_lower_unique/);
      expect(err.params).toBe("[redacted]");
      expect(err.stack).toMatch(/\n\s+at /);
      expect(raw).not.toContain(LEAKED_EMAIL);
      expect(raw).not.toContain(LEAKED_HASH);
      expect(raw).not.toContain("VGhpcy1pcy1hLXNlY3JldC1oYXNo");
    });
  },
  {
    logLevel: "info",
    demo: false,
    extend: (app, database) => {
      app.post("/test/failing-insert", async (_request, reply) => {
        await database.db.insert(usersTable).values({
          username: `leaky_${Math.random().toString(36).slice(2, 8)}`,
          email: LEAKED_EMAIL,
          passwordHash: LEAKED_HASH,
        });
        return reply.code(204).send();
      });
    },
  },
);
