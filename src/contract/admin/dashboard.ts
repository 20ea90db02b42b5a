import { z } from "zod";

/** The CMS dashboard: how many of each thing the site holds. */

export const dashboardResponseSchema = z.object({
  counts: z.object({
    games: z.number().int(),
    categories: z.number().int(),
    users: z.number().int(),
    admins: z.number().int(),
    reviews: z.number().int(),
    chatMessages: z.number().int(),
    scores: z.number().int(),
    contentItems: z.number().int(),
    contactMessages: z.number().int(),
    newsletterSubscriptions: z.number().int(),
    advertiserEnquiries: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
