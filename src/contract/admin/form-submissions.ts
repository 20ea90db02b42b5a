import { z } from "zod";
import { isoDateTime } from "../common";

/** Messages from the public forms: contact, newsletter and advertisers (D51). */

export const adminMessagesSchema = z.object({
  contactMessages: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      subject: z.string().nullable(),
      message: z.string(),
      createdAt: isoDateTime,
      handledAt: isoDateTime.nullable(),
    }),
  ),
  newsletterSubscriptions: z.array(z.object({ id: z.number().int(), email: z.string(), createdAt: isoDateTime })),
  advertiserEnquiries: z.array(
    z.object({
      id: z.number().int(),
      companyName: z.string(),
      email: z.string(),
      website: z.string().nullable(),
      budget: z.string().nullable(),
      goals: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
});
export type AdminMessages = z.infer<typeof adminMessagesSchema>;
