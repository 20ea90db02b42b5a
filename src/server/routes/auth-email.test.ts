import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { INVALID_LOGIN_MESSAGE } from "../../contract/auth";
import { insertUser } from "../../test/factories";
import { mailText, startSmtp, type Mail } from "../../test/smtp";
import { describeEachDatabase, type TestApp } from "../../test/test-app";
import { usersTable } from "../db/schema";

// Registration with an address you do not own: an address given at registration must not sign in before its owner
// proves it, and a taken address must be answered like a free one (a 409 would tell anyone whose address has an
// account here).

const smtp = await startSmtp();
afterAll(() => smtp.close());

function subjectOf(mail: Mail): string {
  return mail.raw.match(/^Subject: (.*)$/m)?.[1] ?? "";
}
function tokenFrom(mail: Mail): string | null {
  const m = mailText(mail).match(/\/settings\/verify-email\?token=([A-Za-z0-9_%-]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const sidOf = (res: Res) => res.cookies.find((c) => c.name === "sid")?.value;
/** What a client can see of a registration's answer, ids and times aside. */
function shapeOf(res: Res) {
  const body = res.json() as Record<string, unknown>;
  return {
    status: res.statusCode,
    keys: Object.keys(body).sort(),
    role: body.role,
    avatarUrl: body.avatarUrl,
    contentType: res.headers["content-type"],
    cookies: res.cookies.map((c) => c.name).sort(),
  };
}

describeEachDatabase(
  "email addresses at registration are verified before they sign in (issue 17)",
  (t) => {
    let ip = 0;
    const register = (body: Record<string, unknown>) =>
      t().app.inject({ method: "POST", url: "/api/auth/register", payload: body, remoteAddress: `10.70.0.${++ip}` });
    const login = (username: string, password: string) =>
      t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password },
        remoteAddress: `10.71.0.${++ip}`,
      });
    const usersWithEmail = async (email: string) =>
      (
        await t()
          .database.db.select({ id: usersTable.id })
          .from(usersTable)
          .where(sql`lower(${usersTable.email}) = lower(${email})`)
      ).map((r) => r.id);

    describe("registering with a taken address", () => {
      it("answers exactly as with a free address; the account is made without the address and its owner is told", async () => {
        const owner = await insertUser(t(), {
          username: "AddressOwner",
          email: "owner@example.test",
          emailVerifiedAt: new Date(),
          password: "owner's password",
        });

        const free = await register({
          username: "FreeAddress",
          password: "a fine password",
          email: "free@example.test",
        });
        const taken = await register({
          username: "TakenAddress",
          password: "a fine password",
          email: "OWNER@example.test",
        });
        expect(free.statusCode).toBe(201);
        expect(shapeOf(taken)).toEqual(shapeOf(free));
        expect(taken.json().username).toBe("TakenAddress");
        expect(sidOf(taken)).toBeTruthy();

        // No second account has the address; the registrant's account exists, signed in by its name.
        expect(await usersWithEmail("owner@example.test")).toEqual([owner.id]);
        expect((await login("TakenAddress", "a fine password")).statusCode).toBe(200);

        // The free address gets its link; the taken one's owner gets a notice without a link.
        const link = await smtp.waitFor("free@example.test");
        expect(tokenFrom(link)).toBeTruthy();
        const notice = await smtp.waitFor("owner@example.test");
        expect(mailText(notice)).toMatch(
          /Someone tried to register a new account on .+ with your email address, owner@example.test\./i,
        );
        expect(tokenFrom(notice)).toBeNull();
        expect(subjectOf(notice)).not.toBe(subjectOf(link));

        // Settings reads the same for both registrants: an address waiting for its link.
        const settingsOf = async (res: Res) => {
          const s = (
            await t().app.inject({ method: "GET", url: "/api/me/settings", cookies: { sid: sidOf(res)! } })
          ).json();
          return { email: s.email, emailVerified: s.emailVerified, pending: typeof s.pendingEmail };
        };
        expect(await settingsOf(taken)).toEqual(await settingsOf(free));
        expect(await settingsOf(free)).toEqual({ email: null, emailVerified: false, pending: "string" });
      });

      it("a taken username is still refused with its message (usernames are public)", async () => {
        await register({ username: "NameTaken", password: "a fine password" });
        const again = await register({
          username: "nametaken",
          password: "a fine password",
          email: "someone@example.test",
        });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: "Username is already taken" });
      });
    });

    describe("signing in with an address", () => {
      it("an unverified address fails like a wrong password while the username works; after the link it works", async () => {
        const reg = await register({
          username: "Verifier",
          password: "verifier password",
          email: "Verifier@Example.test",
        });
        expect(reg.statusCode).toBe(201);

        const byAddress = await login("verifier@example.test", "verifier password");
        const wrong = await login("Verifier", "not the password");
        expect(byAddress.statusCode).toBe(401);
        expect(byAddress.json()).toEqual({ message: INVALID_LOGIN_MESSAGE });
        expect(byAddress.json()).toEqual(wrong.json());
        expect(sidOf(byAddress)).toBeUndefined();
        expect((await login("verifier", "verifier password")).statusCode).toBe(200);

        const token = tokenFrom(await smtp.waitFor("verifier@example.test"));
        expect(token).toBeTruthy();
        const verified = await t().app.inject({
          method: "POST",
          url: "/api/me/email/verify",
          cookies: { sid: sidOf(reg)! },
          payload: { token },
        });
        expect(verified.statusCode).toBe(200);
        expect(verified.json()).toEqual({ email: "Verifier@Example.test" });

        const after = await login("VERIFIER@example.test", "verifier password");
        expect(after.statusCode).toBe(200);
        expect(after.json().username).toBe("Verifier");
      });

      it("an address stored without being verified does not sign in", async () => {
        await insertUser(t(), { username: "Unproven", email: "unproven@example.test", password: "unproven password" });
        const res = await login("unproven@example.test", "unproven password");
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: INVALID_LOGIN_MESSAGE });
        expect((await login("Unproven", "unproven password")).statusCode).toBe(200);
        await t()
          .database.db.update(usersTable)
          .set({ emailVerifiedAt: new Date() })
          .where(sql`${usersTable.username} = 'Unproven'`);
        expect((await login("unproven@example.test", "unproven password")).statusCode).toBe(200);
      });
    });
  },
  {
    demo: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Arcadium <hello@example.com>",
      REGISTRATIONS_PER_HOUR: "1000",
    },
  },
);
