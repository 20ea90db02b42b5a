import { z } from "zod";
import { isoDateTime } from "./common";

export const contentValueTypeSchema = z.enum(["text", "html", "image", "link"]);
export type ContentValueType = z.infer<typeof contentValueTypeSchema>;

export const contentItemSchema = z.object({
  id: z.number().int(),
  section: z.string(),
  key: z.string(),
  value: z.string(),
  valueType: contentValueTypeSchema,
  updatedAt: isoDateTime,
});
export type ContentItem = z.infer<typeof contentItemSchema>;
export const contentListSchema = z.array(contentItemSchema);

/**
 * D40: the content keys the public site reads, with their built-in defaults.
 * Keys are `section.key`.
 */
export const CONTENT_DEFAULTS: Record<string, string> = {
  "site.name": "Arcadium",
  "site.tagline": "Play, Chat, Compete",
  "home.hero_title": "Play, Chat, Compete",
  "home.hero_subtitle": "Hundreds of free browser games, some with AI-powered opponents, a live chat with other players and weekly leaderboards.",
  "home.banner_title": "Ready to join the fun?",
  "footer.about": "Arcadium is an open games portal: free HTML5 games, live chat and leaderboards, run by people who love games.",
};
