import { and, asc, eq, sql } from "drizzle-orm";
import {
  DEFAULT_PROFILE_VISIBILITY_SETTING,
  INVITE_CODE_MESSAGE,
  INVITE_CODE_PATTERN,
  INVITE_CODE_SETTING,
  parseRegistrationMode,
  PRIVATE_SITE_SETTINGS,
  REGISTRATION_MESSAGE,
  REGISTRATION_SETTING,
  SITE_SETTINGS_ALLOWED_EMPTY,
} from "../../contract/community-constants";
import { CONTENT_DEFAULTS, type ContentItem, type ContentValueType } from "../../contract/content";
import { parseSeasonLength, SEASON_LENGTH_MESSAGE, SEASON_LENGTH_SETTING } from "../../contract/leaderboard-constants";
import { PROFILE_VISIBILITIES } from "../../contract/me-constants";
import {
  CLOUD_SAVE_QUOTA_MESSAGE,
  CLOUD_SAVE_QUOTA_SETTING,
  parseCloudSaveQuotaKib,
} from "../../contract/saves-constants";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { websiteContentTable } from "../db/schema";
import { Conflict, Invalid, NotFound } from "../errors";
import { checkContentValue, sanitizeHtml } from "./html-sanitiser";

export const DUPLICATE_CONTENT = "Content with this section and key already exists";

/**
 * D40: html content is sanitised when it is written and again whenever it is read, so that nothing the
 * database holds (a value written before a rule was tightened, or by SQL) reaches a page uncleaned: the
 * browser renders it as it comes (src/client/components/safe-html.tsx).
 */
function toContentItem(r: typeof websiteContentTable.$inferSelect): ContentItem {
  const value = r.valueType === "html" ? sanitizeHtml(r.value) : r.value;
  return {
    id: r.id,
    section: r.section,
    key: r.key,
    value,
    valueType: r.valueType,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Site settings with rules of their own, checked however they are written (the Settings screen or the
 * Website Content editor): the cloud save quota is a whole number of KiB within its range, stored as digits;
 * the season length is "week", "month" or "none". (A season length changed in the Website Content editor
 * takes effect at the next rollover; the Settings screen reschedules the open season at once.)
 */
function checkSettingValue(section: string, key: string, value: string): string {
  if (section === "site" && key === REGISTRATION_SETTING) {
    // D98: "open" or "invite", stored in lower case
    const mode = parseRegistrationMode(value);
    if (mode === undefined) throw new Invalid(REGISTRATION_MESSAGE);
    return mode;
  }
  if (section === "site" && key === INVITE_CODE_SETTING && value.trim() !== "") {
    if (!INVITE_CODE_PATTERN.test(value.trim())) throw new Invalid(INVITE_CODE_MESSAGE);
    return value.trim();
  }
  if (section === "site" && key === DEFAULT_PROFILE_VISIBILITY_SETTING) {
    const v = value.trim().toLowerCase();
    if (!(PROFILE_VISIBILITIES as readonly string[]).includes(v))
      throw new Invalid("Profile visibility must be 'public', 'friends' or 'private'");
    return v;
  }
  if (section === "site" && key === SEASON_LENGTH_SETTING) {
    // D91: one of the three lengths, stored in lower case
    const length = parseSeasonLength(value);
    if (length === undefined) throw new Invalid(SEASON_LENGTH_MESSAGE);
    return length;
  }
  if (section !== "site" || key !== CLOUD_SAVE_QUOTA_SETTING) return value;
  const kib = parseCloudSaveQuotaKib(value);
  if (kib === undefined) throw new Invalid(CLOUD_SAVE_QUOTA_MESSAGE);
  return String(kib);
}

/** D40: every content item, by section and key. */
export async function listContent(db: Db): Promise<ContentItem[]> {
  const rows = await db
    .select()
    .from(websiteContentTable)
    .orderBy(asc(websiteContentTable.section), asc(websiteContentTable.key));
  return rows.map(toContentItem);
}

/** D40: a new item; its value is checked (html sanitised) for its type; a taken section+key is 409. */
export async function createContent(
  db: Db,
  input: { section: string; key: string; value: string; valueType: ContentValueType },
): Promise<ContentItem> {
  const value = checkSettingValue(input.section, input.key, checkContentValue(input.valueType, input.value));
  try {
    const [row] = await db
      .insert(websiteContentTable)
      .values({ section: input.section, key: input.key, value, valueType: input.valueType })
      .returning();
    return toContentItem(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(DUPLICATE_CONTENT);
    throw err;
  }
}

/** Spec §2: section and key are read-only; only value and valueType change. */
export async function updateContent(
  db: Db,
  id: number,
  change: { value?: string; valueType?: ContentValueType },
): Promise<ContentItem> {
  const [existing] = await db.select().from(websiteContentTable).where(eq(websiteContentTable.id, id));
  if (!existing) throw new NotFound("Content not found");
  const valueType = change.valueType ?? existing.valueType;
  // A changed type re-checks the stored value too (e.g. text → image must be a URL).
  const value = checkSettingValue(
    existing.section,
    existing.key,
    checkContentValue(valueType, change.value ?? existing.value),
  );
  const [row] = await db
    .update(websiteContentTable)
    .set({ value, valueType, updatedAt: new Date() })
    .where(eq(websiteContentTable.id, id))
    .returning();
  if (!row) throw new NotFound("Content not found");
  return toContentItem(row);
}

/** Deletes an item; returns which one it was (a site setting's deletion has effects, services/site-setting-effects.ts). */
export async function deleteContent(db: Db, id: number): Promise<{ section: string; key: string }> {
  const [deleted] = await db
    .delete(websiteContentTable)
    .where(eq(websiteContentTable.id, id))
    .returning({ section: websiteContentTable.section, key: websiteContentTable.key });
  if (!deleted) throw new NotFound("Content not found");
  return deleted;
}

/** D40: the content the public site reads: every item but the private site settings (invite code, word lists). */
export async function listPublicContent(db: Db): Promise<ContentItem[]> {
  return (await listContent(db)).filter((i) => !(i.section === "site" && PRIVATE_SITE_SETTINGS.includes(i.key)));
}

/** D98: a text setting that may be stored empty (a word list, the invite code). */
const mayBeEmpty = (key: string, valueType: ContentValueType, raw: string) =>
  valueType === "text" && SITE_SETTINGS_ALLOWED_EMPTY.includes(key) && raw.trim() === "";

/** D47: the site.* items. */
export async function listSiteSettings(db: Db): Promise<ContentItem[]> {
  const rows = await db
    .select()
    .from(websiteContentTable)
    .where(eq(websiteContentTable.section, "site"))
    .orderBy(asc(websiteContentTable.key));
  return rows.map(toContentItem);
}

/** D47: sets site.{key} items (created as text when missing; an existing item keeps its type and is checked for it). */
export async function updateSiteSettings(db: Db, site: Record<string, string>): Promise<void> {
  const existing = new Map((await listSiteSettings(db)).map((i) => [i.key, i]));
  const changes = Object.entries(site).map(([key, raw]) => {
    const valueType = existing.get(key)?.valueType ?? "text";
    if (mayBeEmpty(key, valueType, raw)) return { key, valueType, value: "" };
    return { key, valueType, value: checkSettingValue("site", key, checkContentValue(valueType, raw)) };
  });
  await db.transaction(async (tx) => {
    for (const c of changes) {
      await tx
        .insert(websiteContentTable)
        .values({ section: "site", key: c.key, value: c.value, valueType: c.valueType })
        .onConflictDoUpdate({
          target: [websiteContentTable.section, websiteContentTable.key],
          set: { value: c.value, updatedAt: sql`now()` },
        });
    }
  });
}

/** The site's name (site.name, or its default) as mails show it. */
export async function siteName(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: websiteContentTable.value })
    .from(websiteContentTable)
    .where(and(eq(websiteContentTable.section, "site"), eq(websiteContentTable.key, "name")));
  return row?.value?.trim() || CONTENT_DEFAULTS["site.name"];
}
