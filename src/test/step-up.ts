import type { TestApp } from "./test-app";

/** D105: the session confirms it's the owner with its password (POST /api/me/step-up), as the "Confirm it's you" dialog does. */
export async function stepUpWithPassword(t: TestApp, cookies: { sid: string }, password: string): Promise<void> {
  const res = await t.app.inject({ method: "POST", url: "/api/me/step-up", cookies, payload: { password } });
  if (res.statusCode !== 200) throw new Error(`step-up refused: ${res.statusCode} ${res.body}`);
}

/** D105: set-up for a test about something else: the session of `sid` holds fresh proof (as after a mailed code). */
export async function grantStepUp(t: TestApp, sid: string, now = new Date()): Promise<void> {
  const { markSteppedUp } = await import("../server/services/step-up");
  const { findSessionUser } = await import("../server/services/sessions");
  const user = await findSessionUser(t.database.db, sid, now);
  if (!user) throw new Error("no such session");
  await markSteppedUp(t.database.db, user.id, sid, now);
}
