import { z } from "zod";
import { categorySchema } from "../categories";
import { IMAGE_URL_MESSAGE, isImageUrl, requiredText, SLUG_MESSAGE } from "./fields";

/** The CMS's categories (D46). */

export const RESERVED_CATEGORY_SLUGS = ["new", "hot", "featured"] as const;

const categorySlugSchema = z
  .string({ error: "Slug is required" })
  .trim()
  .min(1, "Slug is required")
  .max(64, "Slug must be at most 64 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, SLUG_MESSAGE)
  .refine(
    (s) => !(RESERVED_CATEGORY_SLUGS as readonly string[]).includes(s),
    "This slug is reserved (new, hot and featured are built-in lists)",
  );

const categoryImageSchema = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(2000, "Image URL is too long")
  .refine((v) => v === "" || isImageUrl(v), IMAGE_URL_MESSAGE);

/** POST /api/admin/categories → 201 Category */
export const adminCategoryCreateSchema = z.object({
  name: requiredText("Name is required", 50, "Name must be at most 50 characters"),
  slug: categorySlugSchema,
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(500, "Description must be at most 500 characters")
    .default(""),
  imageUrl: categoryImageSchema.default(""),
});
export type AdminCategoryCreate = z.input<typeof adminCategoryCreateSchema>;

/** PATCH /api/admin/categories/{id}: any of the fields; name and slug cannot become blank. */
export const adminCategoryPatchSchema = z.object({
  name: requiredText("Name is required", 50, "Name must be at most 50 characters").optional(),
  slug: categorySlugSchema.optional(),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(500, "Description must be at most 500 characters")
    .optional(),
  imageUrl: categoryImageSchema.optional(),
});
export type AdminCategoryPatch = z.input<typeof adminCategoryPatchSchema>;

export const adminCategoryListSchema = z.array(categorySchema);
