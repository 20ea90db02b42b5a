/**
 * D154: the site's ads.txt.
 *
 * Contract:
 * - `saveAdsTxt` checks every line (contract/ads-txt.ts: records, the ads.txt 1.1 variables, comments, bounded
 *   size) and refuses the whole text with the first errors by line; what it stores is normalised (\n line ends,
 *   no trailing spaces). An empty text means no ads.txt.
 * - `readAdsTxt` answers the stored text, "" when there is none; both origins serve it as it is.
 * - No HTTP types.
 */
import { eq } from "drizzle-orm";
import { adsTxtErrorMessage, checkAdsTxt, normaliseAdsTxt } from "../../contract/ads-txt";
import type { Db } from "../db/client";
import { adsTxtTable } from "../db/schema";
import { Invalid } from "../errors";

export type AdsTxt = { body: string; updatedAt: Date | null };

export async function readAdsTxtRow(db: Db): Promise<AdsTxt> {
  const [row] = await db.select().from(adsTxtTable).where(eq(adsTxtTable.id, 1));
  return row ? { body: row.body, updatedAt: row.updatedAt } : { body: "", updatedAt: null };
}

export async function readAdsTxt(db: Db): Promise<string> {
  return (await readAdsTxtRow(db)).body;
}

export async function saveAdsTxt(db: Db, text: string, now = new Date()): Promise<AdsTxt> {
  const errors = checkAdsTxt(text);
  if (errors.length) throw new Invalid(adsTxtErrorMessage(errors));
  const body = normaliseAdsTxt(text);
  await db
    .insert(adsTxtTable)
    .values({ id: 1, body, updatedAt: now })
    .onConflictDoUpdate({ target: adsTxtTable.id, set: { body, updatedAt: now } });
  return { body, updatedAt: now };
}
