import { z } from "zod";
import { AD_REPORT_RANGES } from "../ads-constants";

/** GET /api/admin/ads/reports?days=30|90 (D154). */
export const adReportQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .refine((n): n is (typeof AD_REPORT_RANGES)[number] => (AD_REPORT_RANGES as readonly number[]).includes(n), {
        message: `days must be one of ${AD_REPORT_RANGES.join(", ")}`,
      })
      .default(30),
  })
  .strict();

const counts = {
  impressions: z.number().int(),
  noFills: z.number().int(),
  dismissals: z.number().int(),
  rewards: z.number().int(),
  clicks: z.number().int(),
};

export const adReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(counts),
  /** every day of the range, oldest first, zeros included */
  days: z.array(z.object({ day: z.string(), ...counts })),
  byPlacement: z.array(z.object({ placement: z.string(), ...counts })),
  byGame: z.array(z.object({ gameId: z.number().int(), gameTitle: z.string(), ...counts })),
  /** the counted days only, oldest first: the CSV's lines */
  rows: z.array(
    z.object({ day: z.string(), placement: z.string(), gameId: z.number().int(), gameTitle: z.string(), ...counts }),
  ),
});
export type AdReport = z.infer<typeof adReportSchema>;
