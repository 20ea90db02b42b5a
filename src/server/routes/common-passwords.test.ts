import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../contract/password-constants";
import { grantStepUp } from "../../test/step-up";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";

/**
 * A password on the list of the 10,000 most common ones
 * (src/server/lists/common-passwords.txt) is refused wherever a password is chosen, in any case.
 */
describeEachDatabase("common passwords are refused (issue 17)", (t) => {
  const register = (payload: object) => t().app.inject({ method: "POST", url: "/api/auth/register", payload });
  const accounts = async (username: string) =>
    Number(
      (
        await t().database.db.execute(
          sql`select count(*)::int as n from users where lower(username) = lower(${username})`,
        )
      ).rows[0].n,
    );

  it.each(["password123", "Qwerty123", "PASSWORD1", "iloveyou", "ｐａｓｓｗｏｒｄ１２３"])(
    "registering with %j answers 400 with the message and creates no account",
    async (password) => {
      const res = await register({ username: "common_pw", password, email: "common@example.com" });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
      expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
      expect(await accounts("common_pw")).toBe(0);
    },
  );

  it("the length rule is checked first: a short common password gets the length message", async () => {
    const res = await register({ username: "common_pw", password: "123456" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Password must be at least 8 characters");
  });

  it("a rare password is accepted", async () => {
    const res = await register({ username: "common_pw", password: "tangerine-lighthouse-42" });
    expect(res.statusCode, res.body).toBe(201);
    expect(await accounts("common_pw")).toBe(1);
  });

  it("changing the password to a common one is refused, and the old one keeps working", async () => {
    const reg = await register({ username: "pw_changer", password: "old-rare-password" });
    expect(reg.statusCode).toBe(201);
    const cookies = { sid: reg.cookies.find((c) => c.name === "sid")!.value };
    const change = (payload: object) => t().app.inject({ method: "POST", url: "/api/me/password", cookies, payload });

    const common = await change({ currentPassword: "old-rare-password", newPassword: "Password123" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const login = (password: string) =>
      t().app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "pw_changer", password } });
    expect((await login("Password123")).statusCode).toBe(401);
    expect((await login("old-rare-password")).statusCode).toBe(200);

    expect((await change({ currentPassword: "old-rare-password", newPassword: "new-rare-password" })).statusCode).toBe(
      204,
    );
  });

  it("an account without a password cannot set a common one", async () => {
    const { cookies } = await createUserWithSession(t(), { username: "google_only" });
    await grantStepUp(t(), cookies.sid);
    const set = await t().app.inject({
      method: "POST",
      url: "/api/me/password",
      cookies,
      payload: { newPassword: "football" },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const settings = await t().app.inject({ method: "GET", url: "/api/me/settings", cookies });
    expect(settings.json().hasPassword).toBe(false);
  });
});
