import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../test/test-app";
import { createDb, migrate, migrationsFolder } from "./client";

// Issue 17: from the migration "verified_emails" on, only a verified address signs in. The accounts made before it keep
// signing in with their address (it counts as verified from the account's creation); accounts without one stay without.
describe("the migration that counts existing email addresses as verified (issue 17)", () => {
  it("marks the addresses of existing accounts verified, and only those", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-pre-verified-"));
    try {
      const folder = migrationsFolder(repoRoot);
      const journal = JSON.parse(await fs.readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as {
        entries: Array<{ idx: number; tag: string }>;
      };
      const own = journal.entries.find((e) => e.tag.endsWith("_verified_emails"));
      expect(own).toBeDefined();
      const before = journal.entries.filter((e) => e.idx < own!.idx);
      const oldRoot = path.join(dir, "old-root");
      const oldFolder = migrationsFolder(oldRoot);
      await fs.mkdir(path.join(oldFolder, "meta"), { recursive: true });
      await fs.writeFile(
        path.join(oldFolder, "meta", "_journal.json"),
        JSON.stringify({ ...journal, entries: before }),
      );
      for (const e of before)
        await fs.copyFile(path.join(folder, `${e.tag}.sql`), path.join(oldFolder, `${e.tag}.sql`));

      const database = await createDb({ kind: "pglite" });
      try {
        await migrate(database, oldRoot);
        await database.db.execute(sql`insert into users (username, email, created_at) values
          ('had_email', 'had@example.test', '2025-03-01T10:00:00Z'),
          ('no_email', null, '2025-03-02T10:00:00Z')`);
        await database.db.execute(
          sql`insert into users (username, email, email_verified_at) values ('was_verified', 'was@example.test', '2025-04-01T10:00:00Z')`,
        );
        await migrate(database, repoRoot);
        const { rows } = await database.db.execute(
          sql`select username, email_verified_at from users order by username`,
        );
        const verifiedAt = Object.fromEntries(
          (rows as Array<{ username: string; email_verified_at: string | Date | null }>).map((r) => [
            r.username,
            r.email_verified_at ? new Date(r.email_verified_at).toISOString() : null,
          ]),
        );
        expect(verifiedAt).toEqual({
          had_email: "2025-03-01T10:00:00.000Z",
          no_email: null,
          was_verified: "2025-04-01T10:00:00.000Z",
        });
      } finally {
        await database.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
