import { expect } from "vitest";
import type { ReportQueue } from "../contract/reports";
import { insertChatMessage } from "./factories";
import type { Player } from "./scores";
import type { TestApp } from "./test-app";

/** Helpers of the reports, moderation and audit-log tests (D96): a chat message to report, and the calls. */
export async function chatMessage(t: TestApp, author: Player, text = "you are all terrible") {
  return (await insertChatMessage(t, { userId: author.user.id, message: text })).id;
}

export function reportCalls(t: () => TestApp) {
  const call = (who: Player | undefined, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      cookies: who?.cookies,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const report = (who: Player | undefined, payload: unknown) => call(who, "POST", "/api/reports", payload);
  const queue = async (staff: Player, query = "") => {
    const res = await call(staff, "GET", `/api/admin/reports${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ReportQueue;
  };
  const act = (staff: Player, id: number, action: string) =>
    call(staff, "POST", `/api/admin/reports/${id}/action`, { action });
  const notificationsOf = async (who: Player) =>
    (await call(who, "GET", "/api/notifications")).json().items as Array<{ kind: string; text: string | null }>;
  const auditOf = async (admin: Player, query: string) =>
    (await call(admin, "GET", `/api/admin/audit?${query}`)).json().items as Array<Record<string, unknown>>;
  return { call, report, queue, act, notificationsOf, auditOf };
}
