import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminSettingsPatchSchema,
  adminSettingsSchema,
  schoolModeResultSchema,
} from "../../../contract/admin/settings";
import {
  CHAT_ENABLED_SETTING,
  DEFAULT_PROFILE_VISIBILITY_SETTING,
  INVITE_CODE_SETTING,
  REGISTRATION_SETTING,
  SCHOOL_MODE_SETTING,
} from "../../../contract/community-constants";
import { DIRECT_MESSAGES_SETTING } from "../../../contract/direct-messages-constants";
import { STAFF_TWO_STEP_SETTING, staffTwoStepRequired, TWO_STEP_TEXTS } from "../../../contract/two-step-constants";
import type { AppContext } from "../../context";
import { Invalid } from "../../errors";
import { requireAdmin } from "../../plugins/auth";
import { applySchoolMode } from "../../services/community-settings";
import { listSiteSettings, updateSiteSettings } from "../../services/content";
import type { Mailer } from "../../services/mailer";
import { applySiteSettingEffects } from "../../services/site-setting-effects";
import { twoStepEnabled } from "../../services/two-step";
import { adminErrorResponses } from "./validation";

/** D47: the site.* content and whether mail and Google sign-in are configured. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<AppContext & { mailer: Mailer }> = async (
  app,
  { db, config, mailer, leaderboardCache, rooms },
) => {
  const status = async () => ({
    content: await listSiteSettings(db),
    mail: { configured: mailer.configured, from: config.mailFrom },
    google: { configured: Boolean(config.google) },
  });

  app.get(
    "/api/admin/settings",
    { schema: { response: { 200: adminSettingsSchema, ...adminErrorResponses } } },
    async () => status(),
  );

  // Sets site.{key} items (created as text when missing; an existing item keeps its type and is checked for it).
  app.patch(
    "/api/admin/settings",
    { schema: { body: adminSettingsPatchSchema, response: { 200: adminSettingsSchema, ...adminErrorResponses } } },
    async (request) => {
      // Turning "two-step sign-in for all staff" on needs the admin's own, or it would lock them out at once
      if (
        staffTwoStepRequired(request.body.site[STAFF_TWO_STEP_SETTING]) &&
        !(await twoStepEnabled(db, requireAdmin(request).id))
      )
        throw new Invalid(TWO_STEP_TEXTS.switchNeedsOwnEnrolment);
      await updateSiteSettings(db, request.body.site);
      await applySiteSettingEffects(db, leaderboardCache, Object.keys(request.body.site));
      // D124: this process's rooms at once; the others' when they hear the change
      if (SCHOOL_MODE_SETTING in request.body.site) await rooms.enforceSchoolMode();
      return status();
    },
  );

  // D98 school mode: chat off, direct messages off, invite-only registration (a code made when none is set), and
  // private profiles for new and existing players, in one step (admins only; audit-logged with what changed).
  app.post(
    "/api/admin/settings/school-mode",
    { schema: { response: { 200: schoolModeResultSchema, ...adminErrorResponses } } },
    async (request) => {
      const before = Object.fromEntries(
        (await listSiteSettings(db)).filter((i) => SCHOOL_MODE_KEYS.includes(i.key)).map((i) => [i.key, i.value]),
      );
      const result = await applySchoolMode(db);
      await rooms.enforceSchoolMode();
      request.auditRecord = {
        action: "settings.school_mode",
        target: { kind: "settings", id: "site" },
        before,
        after: {
          [CHAT_ENABLED_SETTING]: "false",
          [DIRECT_MESSAGES_SETTING]: "false",
          [REGISTRATION_SETTING]: "invite",
          [DEFAULT_PROFILE_VISIBILITY_SETTING]: "private",
          [SCHOOL_MODE_SETTING]: "true",
          profilesMadePrivate: result.profilesMadePrivate,
        },
      };
      return result;
    },
  );
};

/** The settings school mode changes (their values before it are audit-logged; the invite code is redacted by the log). */
const SCHOOL_MODE_KEYS = [
  CHAT_ENABLED_SETTING,
  DIRECT_MESSAGES_SETTING,
  REGISTRATION_SETTING,
  INVITE_CODE_SETTING,
  DEFAULT_PROFILE_VISIBILITY_SETTING,
  SCHOOL_MODE_SETTING,
];
