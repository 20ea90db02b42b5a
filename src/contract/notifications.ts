import { z } from "zod";
import { NOTIFICATION_KIND_LIST, type NotificationItem } from "./player-live";

/** D85: notifications. The item's type is in player-live.ts (zod-free, read by every page's header). */

export const publicPlayerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const notificationItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_LIST),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  actor: publicPlayerSchema.nullable(),
  game: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  text: z.string().nullable(),
  link: z.string().nullable(),
}) satisfies z.ZodType<NotificationItem>;

export const notificationListSchema = z.object({ unread: z.number().int(), items: z.array(notificationItemSchema) });

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().optional(),
});

export const markReadSchema = z
  .object({ ids: z.array(z.number().int().positive()).max(500, "At most 500 notifications at once").optional() })
  .strict();

export const unreadSchema = z.object({ unread: z.number().int() });

/** D85: an announcement from the admins (CMS). */
export const ANNOUNCEMENT_MAX = 500;
export const announcementSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, "Please write the announcement")
      .max(ANNOUNCEMENT_MAX, `An announcement is at most ${ANNOUNCEMENT_MAX} characters`),
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^\/(?!\/)[^\s]*$/, "The link must be a path on this site, such as /games")
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .strict();
export const announcementResultSchema = z.object({ sent: z.number().int() });
