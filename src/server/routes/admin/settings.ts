import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminSettingsPatchSchema, adminSettingsSchema } from "../../../contract/admin";
import type { AppContext } from "../../context";
import { listSiteSettings, updateSiteSettings } from "../../services/content";
import { rescheduleOpenSeason } from "../../services/seasons";
import { SEASON_LENGTH_SETTING } from "../../../contract/leaderboard-constants";
import type { Mailer } from "../../services/mailer";
import { adminErrorResponses } from "./validation";

/** D47: the site.* content and whether mail (D42) and Google sign-in (D15) are configured. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<AppContext & { mailer: Mailer }> = async (app, { db, config, mailer, leaderboardCache }) => {
  const status = async () => ({
    content: await listSiteSettings(db),
    mail: { configured: mailer.configured, from: config.mailFrom },
    google: { configured: Boolean(config.google) },
  });

  app.get("/api/admin/settings", { schema: { response: { 200: adminSettingsSchema, ...adminErrorResponses } } }, async () => status());

  // Sets site.{key} items (created as text when missing; an existing item keeps its type and is checked for it).
  app.patch(
    "/api/admin/settings",
    { schema: { body: adminSettingsPatchSchema, response: { 200: adminSettingsSchema, ...adminErrorResponses } } },
    async (request) => {
      await updateSiteSettings(db, request.body.site);
      // D91: a new season length takes effect now: the open season ends at the next boundary of the new length
      if (request.body.site[SEASON_LENGTH_SETTING] !== undefined) {
        await rescheduleOpenSeason(db);
        leaderboardCache.clear();
      }
      return status();
    },
  );
};
