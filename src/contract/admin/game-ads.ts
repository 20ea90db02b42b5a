import { z } from "zod";

/** GET/PUT /api/admin/games/{id}/ads (D153): whether the game may show ads. */
export const gameAdsSchema = z.object({ adsOn: z.boolean({ message: "adsOn must be true or false" }) }).strict();
export type GameAds = z.infer<typeof gameAdsSchema>;
