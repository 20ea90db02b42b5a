import { z } from "zod";
import { isoDateTime } from "./common";

export { CONTENT_DEFAULTS } from "./content-constants";

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
