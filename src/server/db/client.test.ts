import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "./client";

describe("createDb on PGlite (D163)", () => {
  it("keeps Postgres's buffer pool and index-build memory small", async () => {
    const database = await createDb({ kind: "pglite" });
    try {
      const rows = (
        await database.db.execute(
          sql`select current_setting('shared_buffers') as pool, current_setting('maintenance_work_mem') as build`,
        )
      ).rows[0] as { pool: string; build: string };
      expect(rows).toEqual({ pool: "16MB", build: "16MB" });
    } finally {
      await database.close();
    }
  });
});
