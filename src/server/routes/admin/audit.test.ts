import { expect, it } from "vitest";
import { chatMessage, reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";

describeEachDatabase(
  "the audit log (D99)",
  (t) => {
    const { call, report, queue, act, auditOf } = reportCalls(t);

    it("a report action and a mute are recorded with actor, target, before and after; moderators cannot read the log", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const author = await createUserWithSession(t());
      const reporter = await createUserWithSession(t());
      const id = await chatMessage(t(), author, "audit me");
      await report(reporter, { kind: "chat", targetId: id, reason: "spam" });
      const group = (await queue(moderator)).items.find((g) => g.kind === "chat" && g.targetId === id)!;
      await act(moderator, group.id, "mute");
      const [entry] = await auditOf(admin, `action=report.mute&targetId=${id}`);
      expect(entry).toMatchObject({
        actor: { id: moderator.user.id, label: moderator.user.username, role: "moderator" },
        action: "report.mute",
        targetKind: "chat",
        targetId: String(id),
        before: { mutedUntil: null, muteCount: 0 },
        after: expect.objectContaining({ muteCount: 1, author: author.user.id, reportsClosed: 1 }),
      });
      expect((await auditOf(admin, `action=report.&actorId=${moderator.user.id}`)).map((e) => e.action)).toEqual([
        "report.mute",
      ]);
      expect((await call(moderator, "GET", "/api/admin/audit")).statusCode).toBe(403);
    });

    it("every other admin write is recorded by the admin hook, secrets redacted; refused requests and failed sign-ins too", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const player = await createUserWithSession(t());
      const role = await call(admin, "PATCH", `/api/admin/users/${player.user.id}`, { role: "moderator" });
      expect(role.statusCode).toBe(200);
      const [roleEntry] = await auditOf(admin, `action=user.update&targetId=${player.user.id}`);
      expect(roleEntry).toMatchObject({
        before: { role: "player", disabled: false },
        after: { role: "moderator", disabled: false },
        actor: { id: admin.user.id },
      });

      const refused = await call(player, "GET", "/api/admin/games");
      expect(refused.statusCode).toBe(403); // a moderator now, but games are for admins
      const [refusal] = await auditOf(admin, `action=admin.refused&actorId=${player.user.id}`);
      expect(refusal).toMatchObject({ targetKind: "route", targetId: "GET /api/admin/games" });

      const failed = await call(undefined, "POST", "/api/auth/login", {
        username: player.user.username,
        password: "wrong password 123",
      });
      expect(failed.statusCode).toBe(401);
      const [failure] = await auditOf(admin, `action=auth.login_failed&actorId=${player.user.id}`);
      expect(failure).toMatchObject({ actor: { label: player.user.username, role: null } });
      expect(JSON.stringify(failure)).not.toContain("wrong password");

      const announce = await call(admin, "POST", "/api/admin/announcements", { text: "Maintenance tonight" });
      expect(announce.statusCode).toBe(201);
      const [generic] = await auditOf(admin, `action=announcements.create&actorId=${admin.user.id}`);
      expect(generic).toMatchObject({ targetKind: "announcements", after: { text: "Maintenance tonight" } });
      // a refused write is not an action: nothing recorded
      expect((await call(admin, "POST", "/api/admin/announcements", { text: "" })).statusCode).toBe(400);
      expect(await auditOf(admin, `action=announcements.create&actorId=${admin.user.id}`)).toHaveLength(1);
    });

    it("players may not read the log; a bad filter is 400", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const player = await createUserWithSession(t());
      expect((await call(player, "GET", "/api/admin/audit")).statusCode).toBe(403);
      for (const query of ["limit=0", "actorId=x", "before=-1", "from=yesterday", `action=${"a".repeat(61)}`]) {
        expect((await call(admin, "GET", `/api/admin/audit?${query}`)).statusCode, query).toBe(400);
      }
      expect((await call(admin, "GET", "/api/admin/audit?limit=1")).statusCode).toBe(200);
    });
  },
  { demo: false },
);
