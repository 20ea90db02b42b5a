import { z } from "zod";
import {
  INVITE_CODE_MESSAGE,
  INVITE_CODE_PATTERN,
  INVITE_CODE_SETTING,
  parseRegistrationMode,
  REGISTRATION_MESSAGE,
  REGISTRATION_SETTING,
  SCHOOL_SWITCHES,
  SITE_SETTINGS_ALLOWED_EMPTY,
} from "../community-constants";
import { CONSENT_SCRIPT_SETTINGS, parseScriptUrl, SCRIPT_URL_MESSAGE } from "../consent-constants";
import { contentItemSchema } from "../content";
import { parseSeasonLength, SEASON_LENGTH_MESSAGE, SEASON_LENGTH_SETTING } from "../leaderboard-constants";
import { CLOUD_SAVE_QUOTA_MESSAGE, CLOUD_SAVE_QUOTA_SETTING, parseCloudSaveQuotaKib } from "../saves-constants";
import { STAFF_TWO_STEP_SETTING } from "../two-step-constants";
import { contentNamePattern } from "./fields";

/** The site's settings in the CMS (D47). */

export const adminSettingsSchema = z.object({
  /** the `site.*` website-content items */
  content: z.array(contentItemSchema),
  mail: z.object({ configured: z.boolean(), from: z.string() }),
  google: z.object({ configured: z.boolean() }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** PATCH /api/admin/settings: sets `site.{key}` text items (created when missing), e.g. {site: {name: "Arcadium", tagline: "…"}}. */
export const adminSettingsPatchSchema = z.object({
  site: z
    .record(
      z.string().regex(contentNamePattern, "Setting keys may contain only letters, digits, '_' and '-'").max(64),
      z.string({ error: "Value is required" }).max(100_000, "Value must be at most 100,000 characters"),
    )
    .refine((r) => Object.keys(r).length <= 50, "Too many settings at once")
    // D76: the cloud save quota is a number within its range; the error names the field (site.cloud_save_quota_kib).
    .superRefine((r, ctx) => {
      // Values are not blank, except D98's word lists and invite code (an empty list; no code)
      for (const [key, value] of Object.entries(r))
        if (value.trim() === "" && !SITE_SETTINGS_ALLOWED_EMPTY.includes(key))
          ctx.addIssue({ code: "custom", path: [key], message: "Value is required" });
      // D98: registration is "open" or "invite"; an invite code is a short token
      const registration = r[REGISTRATION_SETTING];
      if (registration !== undefined && parseRegistrationMode(registration) === undefined)
        ctx.addIssue({ code: "custom", path: [REGISTRATION_SETTING], message: REGISTRATION_MESSAGE });
      const code = r[INVITE_CODE_SETTING]?.trim();
      if (code && !INVITE_CODE_PATTERN.test(code))
        ctx.addIssue({ code: "custom", path: [INVITE_CODE_SETTING], message: INVITE_CODE_MESSAGE });
      const quota = r[CLOUD_SAVE_QUOTA_SETTING];
      if (quota !== undefined && parseCloudSaveQuotaKib(quota) === undefined)
        ctx.addIssue({ code: "custom", path: [CLOUD_SAVE_QUOTA_SETTING], message: CLOUD_SAVE_QUOTA_MESSAGE });
      // The staff two-step switch is "true" or "false"
      const twoStep = r[STAFF_TWO_STEP_SETTING];
      if (twoStep !== undefined && !["true", "false"].includes(twoStep.trim().toLowerCase()))
        ctx.addIssue({
          code: "custom",
          path: [STAFF_TWO_STEP_SETTING],
          message: "Two-step sign-in for all staff must be true or false",
        });
      // D98, D115: school mode and its hiding of games with ads are "true" or "false"
      for (const [key, message] of Object.entries(SCHOOL_SWITCHES)) {
        const value = r[key];
        if (value !== undefined && !["true", "false"].includes(value.trim().toLowerCase()))
          ctx.addIssue({ code: "custom", path: [key], message });
      }
      // D150: the consent tool's and the statistics script's addresses are https (or this computer's) addresses
      for (const key of CONSENT_SCRIPT_SETTINGS)
        if (r[key] !== undefined && parseScriptUrl(r[key]) === undefined)
          ctx.addIssue({ code: "custom", path: [key], message: SCRIPT_URL_MESSAGE });
      // D91: the season length is one of its three values
      const length = r[SEASON_LENGTH_SETTING];
      if (length !== undefined && parseSeasonLength(length) === undefined)
        ctx.addIssue({ code: "custom", path: [SEASON_LENGTH_SETTING], message: SEASON_LENGTH_MESSAGE });
    }),
});
export type AdminSettingsPatch = z.infer<typeof adminSettingsPatchSchema>;

/** POST /api/admin/settings/school-mode (D98): the invite code now in force and how many profiles were made private. */
export const schoolModeResultSchema = z.object({ inviteCode: z.string(), profilesMadePrivate: z.number().int() });
