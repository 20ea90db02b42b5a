import { z } from "zod";

/**
 * D83: collections of games, the home page's "All Your Favorite Gaming Experiences" tiles. Each is a list of
 * games an administrator tags in the CMS; a game may be in several collections or in none.
 */

/** GET /api/collections (ordered by sortOrder, then id) and GET /api/collections/{slug}. */
export const collectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** the tile's picture: an /uploads/ path, an http(s) URL, a drawing shipped with the site (/experiences/…) or "" */
  imageUrl: z.string(),
  sortOrder: z.number().int(),
  /** the number of games tagged with it (every game in the catalogue is public) */
  gameCount: z.number().int().nonnegative(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionListSchema = z.array(collectionSchema);
