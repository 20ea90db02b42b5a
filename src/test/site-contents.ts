import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client";
import { readAll, type FileStore } from "../server/services/file-store";

/** Every row of every public table, as PostgreSQL renders it, sorted: two databases with the same content answer the same (D160). */
export async function tableContents(db: Db): Promise<Record<string, string[]>> {
  const names = (
    await db.execute(
      sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    )
  ).rows as Array<{ name: string }>;
  const out: Record<string, string[]> = {};
  for (const { name } of names) {
    const res = await db.execute(sql`select row_to_json(t)::text as j from ${sql.raw(`"${name}"`)} t order by 1`);
    out[name] = (res.rows as Array<{ j: string }>).map((row) => row.j);
  }
  return out;
}

/** Every stored file outside backups/, by key, as base64. */
export async function storedFiles(files: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const object of files.list("")) {
    if (object.key.startsWith("backups/")) continue;
    out[object.key] = (await readAll((await files.get(object.key))!)).toString("base64");
  }
  return out;
}
