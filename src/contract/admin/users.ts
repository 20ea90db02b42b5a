import { z } from "zod";
import { isoDateTime } from "../common";
import { USER_ROLES } from "../studio-constants";

/** The CMS's users (D47). */

export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
  /** D130: only the users with this role (the CMS's role filter) */
  role: z.enum(USER_ROLES, { error: "Role must be 'player', 'creator', 'moderator' or 'admin'" }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
  disabled: z.boolean(),
  /** D96: until when the player is muted (null: not muted now) */
  mutedUntil: isoDateTime.nullable(),
  /** D93: hidden from every board by an admin */
  hiddenFromBoards: z.boolean(),
  createdAt: isoDateTime,
  reviewCount: z.number().int(),
  chatCount: z.number().int(),
  scoreCount: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserListSchema = z.array(adminUserRowSchema);

/**
 * PATCH /api/admin/users/{id}: an admin cannot demote or disable themself (400). Disabling (a ban, D97) ends the
 * user's sessions and live sockets. The moderator role is given here.
 */
export const adminUserPatchSchema = z.object({
  role: z.enum(USER_ROLES, { error: "Role must be 'player', 'creator', 'moderator' or 'admin'" }).optional(),
  disabled: z.boolean({ error: "disabled must be true or false" }).optional(),
  /** D93: hide the player from every board (their scores stay), or show them again */
  hiddenFromBoards: z.boolean({ error: "hiddenFromBoards must be true or false" }).optional(),
});
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;
