import { z } from "zod";
import { ADS_TXT_LIMITS } from "../ads-txt";

/** PUT /api/admin/ads/ads-txt (D154): the whole text; its lines are checked by the service. */
export const adsTxtBodySchema = z
  .object({
    body: z
      .string({ message: "body must be text" })
      .max(ADS_TXT_LIMITS.maxChars, `ads.txt may be at most ${ADS_TXT_LIMITS.maxChars} characters`),
  })
  .strict();

export const adsTxtSchema = z.object({ body: z.string(), updatedAt: z.string().nullable() });
export type AdsTxtResponse = z.infer<typeof adsTxtSchema>;
