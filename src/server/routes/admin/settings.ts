import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asc, eq, sql } from "drizzle-orm";
import { adminSettingsPatchSchema, adminSettingsSchema } from "../../../contract/admin";
import type { AppContext } from "../../app";
import type { Db } from "../../db/client";
import { websiteContentTable } from "../../db/schema";
import type { Mailer } from "../../services/mailer";
import { checkContentValue } from "./content-values";
import { toContentItem } from "./content";
import { adminErrorResponses } from "./validation";

async function siteItems(db: Db) {
  const rows = await db.select().from(websiteContentTable).where(eq(websiteContentTable.section, "site")).orderBy(asc(websiteContentTable.key));
  return rows.map(toContentItem);
}

/** D47: the site.* content and whether mail (D42) and Google sign-in (D15) are configured. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<AppContext & { mailer: Mailer }> = async (app, { db, config, mailer }) => {
  const status = async () => ({
    content: await siteItems(db),
    mail: { configured: mailer.configured, from: config.mailFrom },
    google: { configured: Boolean(config.google) },
  });

  app.get("/api/admin/settings", { schema: { response: { 200: adminSettingsSchema, ...adminErrorResponses } } }, async () => status());

  // Sets site.{key} items (created as text when missing; an existing item keeps its type and is checked for it).
  app.patch("/api/admin/settings", { schema: { body: adminSettingsPatchSchema, response: { 200: adminSettingsSchema, ...adminErrorResponses } } }, async (request) => {
    const existing = new Map((await siteItems(db)).map((i) => [i.key, i]));
    const changes = Object.entries(request.body.site).map(([key, raw]) => {
      const valueType = existing.get(key)?.valueType ?? "text";
      return { key, valueType, value: checkContentValue(valueType, raw) };
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
    return status();
  });
};
