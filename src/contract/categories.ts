import { z } from "zod";

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  gameCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** Pseudo-categories handled by the games API (spec §2 Category page). */
export const PSEUDO_CATEGORIES = {
  new: "New Games",
  hot: "Hot Games",
} as const;
