import { z } from "zod";
import { contentItemSchema, contentValueTypeSchema } from "../content";
import { contentNamePattern } from "./fields";

/** The website's content items, edited in the CMS (D40). */

/** A content item's section or key: required, at most 64 letters, digits, '_' and '-'. */
function contentName(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} must be at most 64 characters`)
    .regex(contentNamePattern, `${label} may contain only letters, digits, '_' and '-'`);
}

/** A content item's (or site setting's) value: not blank, at most 100,000 characters. */
const contentValue = z
  .string({ error: "Value is required" })
  .max(100_000, "Value must be at most 100,000 characters")
  .refine((v) => v.trim() !== "", "Value is required");

/** POST /api/admin/website-content → 201 ContentItem. The value is checked against its type on the server (D40). */
export const contentCreateSchema = z.object({
  section: contentName("Section"),
  key: contentName("Key"),
  value: contentValue,
  valueType: contentValueTypeSchema.default("text"),
});
export type ContentCreate = z.input<typeof contentCreateSchema>;

/** PATCH /api/admin/website-content/{id}: section and key are read-only (ignored). */
export const contentPatchSchema = z.object({
  value: contentValue.optional(),
  valueType: contentValueTypeSchema.optional(),
});
export type ContentPatch = z.input<typeof contentPatchSchema>;

export { contentItemSchema, contentValueTypeSchema };
