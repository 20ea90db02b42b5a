import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { BackupsPage } from "../../../contract/admin/backups";
import { reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { jobsTable } from "../../db/schema";
import { DiskStore } from "../../services/file-store";

describeEachDatabase("backups in the CMS (D160)", (t) => {
  const { call, auditOf } = reportCalls(t);
  const store = () => new DiskStore(t().config.dataDir);

  it("lists the backups newest first with their sizes, to admins only", async () => {
    const admin = await createUserWithSession(t(), { role: "admin" });
    const moderator = await createUserWithSession(t(), { role: "moderator" });
    await store().put("backups/arcadium-20261201-033000Z.tar.gz", Buffer.alloc(10));
    await store().put("backups/arcadium-20261203-033000Z.tar.gz", Buffer.alloc(30));
    await store().put("backups/someone-elses.zip", "x");

    const res = await call(admin, "GET", "/api/admin/backups");
    expect(res.statusCode).toBe(200);
    const page = res.json() as BackupsPage;
    expect(page.backups.map((b) => [b.name, b.size])).toEqual([
      ["arcadium-20261203-033000Z.tar.gz", 30],
      ["arcadium-20261201-033000Z.tar.gz", 10],
    ]);
    expect(page.keep).toBe(14);
    expect(Date.parse(page.nextRunAt)).toBeGreaterThan(Date.now() - 1000);
    expect((await call(moderator, "GET", "/api/admin/backups")).statusCode).toBe(403);
    expect((await call(moderator, "POST", "/api/admin/backups")).statusCode).toBe(403);
    expect((await call(moderator, "GET", "/api/admin/backups/arcadium-20261203-033000Z.tar.gz")).statusCode).toBe(403);
    expect((await call(undefined, "GET", "/api/admin/backups/arcadium-20261203-033000Z.tar.gz")).statusCode).toBe(401);
  });

  it("enqueues a backup now, audit-logged", async () => {
    const admin = await createUserWithSession(t(), { role: "admin" });
    const res = await call(admin, "POST", "/api/admin/backups");
    expect(res.statusCode).toBe(201);
    const { jobId } = res.json() as { jobId: number };
    const [job] = await t().database.db.select().from(jobsTable).where(eq(jobsTable.id, jobId));
    expect(job).toMatchObject({ name: "backup.daily", state: "queued" });
    expect(await auditOf(admin, "action=backup.create")).toEqual([
      expect.objectContaining({ action: "backup.create", targetId: String(jobId) }),
    ]);
  });

  it("downloads a backup by its exact name, audit-logged; other names are refused", async () => {
    const admin = await createUserWithSession(t(), { role: "admin" });
    const bytes = Buffer.from([0x1f, 0x8b, 1, 2, 3, 255]);
    await store().put("backups/arcadium-20261204-010203Z.tar.gz", bytes);
    await store().put("uploads/secret.txt", "not a backup");

    const res = await call(admin, "GET", "/api/admin/backups/arcadium-20261204-010203Z.tar.gz");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/gzip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="arcadium-20261204-010203Z.tar.gz"');
    expect(res.rawPayload).toEqual(bytes);
    expect(await auditOf(admin, "action=backup.download")).toEqual([
      expect.objectContaining({ action: "backup.download", targetId: "arcadium-20261204-010203Z.tar.gz" }),
    ]);

    for (const name of ["..%2Fuploads%2Fsecret.txt", "arcadium-20261204-010203Z.tar.gz.part", "someone-elses.zip"]) {
      expect((await call(admin, "GET", `/api/admin/backups/${name}`)).statusCode).toBe(400);
    }
    expect((await call(admin, "GET", "/api/admin/backups/arcadium-20201204-010203Z.tar.gz")).statusCode).toBe(404);
  });
});
