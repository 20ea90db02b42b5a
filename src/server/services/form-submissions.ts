import { desc } from "drizzle-orm";
import type { z } from "zod";
import type { AdminMessages } from "../../contract/admin/form-submissions";
import type { advertiseSchema, contactSchema } from "../../contract/forms";
import type { Db } from "../db/client";
import { advertiserEnquiriesTable, contactMessagesTable, newsletterSubscriptionsTable } from "../db/schema";

/** D53: subscribes an address; true when it is new (subscribing twice is not an error). */
export async function subscribeToNewsletter(db: Db, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscriptionsTable)
    .values({ email: email.trim() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptionsTable.id });
  return inserted.length > 0;
}

/** D53: an advertiser's enquiry, stored for the admins. */
export async function saveAdvertiserEnquiry(db: Db, enquiry: z.output<typeof advertiseSchema>): Promise<void> {
  await db.insert(advertiserEnquiriesTable).values(enquiry);
}

/** D51: a contact-form message, stored for the admins. */
export async function saveContactMessage(db: Db, message: z.output<typeof contactSchema>): Promise<void> {
  await db.insert(contactMessagesTable).values(message);
}

/** D51: what visitors sent through the contact, newsletter and advertising forms, latest first (at most `limit` of each). */
export async function listMessages(db: Db, limit: number): Promise<AdminMessages> {
  const [contact, newsletter, advertisers] = await Promise.all([
    db
      .select()
      .from(contactMessagesTable)
      .orderBy(desc(contactMessagesTable.createdAt), desc(contactMessagesTable.id))
      .limit(limit),
    db
      .select()
      .from(newsletterSubscriptionsTable)
      .orderBy(desc(newsletterSubscriptionsTable.createdAt), desc(newsletterSubscriptionsTable.id))
      .limit(limit),
    db
      .select()
      .from(advertiserEnquiriesTable)
      .orderBy(desc(advertiserEnquiriesTable.createdAt), desc(advertiserEnquiriesTable.id))
      .limit(limit),
  ]);
  return {
    contactMessages: contact.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      handledAt: m.handledAt ? m.handledAt.toISOString() : null,
    })),
    newsletterSubscriptions: newsletter.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    advertiserEnquiries: advertisers.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}
