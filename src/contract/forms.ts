import { z } from "zod";

const email = z.email("Please enter a valid email address").max(254);

/** D53 */
export const newsletterSchema = z.object({ email });
export const advertiseSchema = z.object({
  companyName: z.string().trim().min(1, "Company name is required").max(200),
  email,
  website: z.string().trim().max(500).optional(),
  budget: z.string().trim().max(100).optional(),
  goals: z.string().trim().max(5000).optional(),
});
/** D51 */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  email,
  subject: z.string().trim().max(200).optional(),
  message: z.string().trim().min(1, "Message is required").max(5000),
});
export const okMessageSchema = z.object({ message: z.string() });
export type OkMessage = z.infer<typeof okMessageSchema>;
