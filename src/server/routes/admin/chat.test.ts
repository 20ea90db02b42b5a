import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase, type TestApp } from "../../../test/test-app";
import { chatMessagesTable } from "../../db/schema";

async function post(t: TestApp, sid: string, message: string) {
  return t.app.inject({ method: "POST", url: "/api/chat", payload: { message }, cookies: { sid } });
}

describeEachDatabase(
  "admin chat API (D37, D43)",
  (t) => {
    it("lets only admins delete a message: anonymous 401, player 403, admin 204 and it is gone (D37, D43)", async () => {
      const player = await createUserWithSession(t());
      const admin = await createUserWithSession(t(), { role: "admin" });
      const { id } = (await post(t(), player.cookies.sid, "delete me")).json();
      const url = `/api/admin/chat/${id}`;
      expect((await t().app.inject({ method: "DELETE", url })).statusCode).toBe(401);
      expect((await t().app.inject({ method: "DELETE", url, cookies: player.cookies })).statusCode).toBe(403);
      const ok = await t().app.inject({ method: "DELETE", url, cookies: admin.cookies });
      expect(ok.statusCode).toBe(204);
      expect(ok.body).toBe("");
      const list = (await t().app.inject({ method: "GET", url: "/api/chat?limit=100" })).json() as Array<{
        id: number;
      }>;
      expect(list.some((m) => m.id === id)).toBe(false);
      // Soft delete: the row stays, marked.
      const [row] = await t().database.db.select().from(chatMessagesTable).where(eq(chatMessagesTable.id, id));
      expect(row.deletedAt).toBeInstanceOf(Date);
      // Deleted or unknown: 404; a malformed id: 400.
      expect((await t().app.inject({ method: "DELETE", url, cookies: admin.cookies })).statusCode).toBe(404);
      expect(
        (await t().app.inject({ method: "DELETE", url: "/api/admin/chat/999999", cookies: admin.cookies })).statusCode,
      ).toBe(404);
      expect(
        (await t().app.inject({ method: "DELETE", url: "/api/admin/chat/abc", cookies: admin.cookies })).statusCode,
      ).toBe(400);
      // The guard comes before validation: a player learns nothing about ids.
      expect(
        (await t().app.inject({ method: "DELETE", url: "/api/admin/chat/abc", cookies: player.cookies })).statusCode,
      ).toBe(403);
    });
  },
  { demo: false },
);
