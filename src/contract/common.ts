import { z } from "zod";

/** D60: every error response is `{message}`; validation errors add `errors`; a reason a client acts on adds `code` (errors.ts). */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A positive integer id in a path, e.g. /api/games/{id}. Malformed ids are a 400. */
export const idParamSchema = z.object({
  id: z.coerce.number({ message: "Invalid id" }).int("Invalid id").positive("Invalid id").max(2147483647, "Invalid id"),
});

export const slugParamSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Invalid slug"),
});

/** ISO-8601 timestamp as sent over the wire. */
export const isoDateTime = z.string();

/** Public user data (D16): never email, role, password hash or sessions. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: isoDateTime,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The D60 error bodies a route may answer with, by status: `errorResponses(400, 404)` → `{400: errorResponseSchema, 404: …}`. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as {
    [K in S[number]]: typeof errorResponseSchema;
  };
}
