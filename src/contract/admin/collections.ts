import { z } from "zod";
import { IMAGE_URL_MESSAGE, isImageUrl, requiredText, SLUG_MESSAGE } from "./fields";

/** The CMS's collections (D83). */

/** A drawing shipped with the site's client (src/client/public/experiences/), as the four seeded collections use. */
export function isBundledArt(value: string): boolean {
  return /^\/experiences\/[a-z0-9-]+\.svg$/.test(value);
}

const collectionSlugSchema = z
  .string({ error: "Slug is required" })
  .trim()
  .min(1, "Slug is required")
  .max(64, "Slug must be at most 64 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, SLUG_MESSAGE);

const collectionImageSchema = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(2000, "Image URL is too long")
  .refine((v) => v === "" || isImageUrl(v) || isBundledArt(v), IMAGE_URL_MESSAGE);

const sortOrderSchema = z
  .number({ error: "Order must be a whole number" })
  .int("Order must be a whole number")
  .min(-1_000_000, "Order must be between -1,000,000 and 1,000,000")
  .max(1_000_000, "Order must be between -1,000,000 and 1,000,000");

/** POST /api/admin/collections → 201 Collection (409 when the slug is taken). */
export const adminCollectionCreateSchema = z.object({
  title: requiredText("Title is required", 60, "Title must be at most 60 characters"),
  slug: collectionSlugSchema,
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(300, "Description must be at most 300 characters")
    .default(""),
  imageUrl: collectionImageSchema.default(""),
  sortOrder: sortOrderSchema.default(0),
});
export type AdminCollectionCreate = z.input<typeof adminCollectionCreateSchema>;

/** PATCH /api/admin/collections/{id}: any of the fields; title and slug cannot become blank. */
export const adminCollectionPatchSchema = z.object({
  title: requiredText("Title is required", 60, "Title must be at most 60 characters").optional(),
  slug: collectionSlugSchema.optional(),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(300, "Description must be at most 300 characters")
    .optional(),
  imageUrl: collectionImageSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type AdminCollectionPatch = z.input<typeof adminCollectionPatchSchema>;
