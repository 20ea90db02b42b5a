import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { desc } from "drizzle-orm";
import { adminMessagesSchema } from "../../../contract/admin";
import type { AppContext } from "../../app";
import { advertiserEnquiriesTable, contactMessagesTable, newsletterSubscriptionsTable } from "../../db/schema";
import { adminErrorResponses } from "./validation";

const LIMIT = 200;

/** D51/D53: what visitors sent through the contact, newsletter and advertising forms, latest first. */
export const adminMessageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get("/api/admin/messages", { schema: { response: { 200: adminMessagesSchema, ...adminErrorResponses } } }, async () => {
    const [contact, newsletter, advertisers] = await Promise.all([
      db.select().from(contactMessagesTable).orderBy(desc(contactMessagesTable.createdAt), desc(contactMessagesTable.id)).limit(LIMIT),
      db.select().from(newsletterSubscriptionsTable).orderBy(desc(newsletterSubscriptionsTable.createdAt), desc(newsletterSubscriptionsTable.id)).limit(LIMIT),
      db.select().from(advertiserEnquiriesTable).orderBy(desc(advertiserEnquiriesTable.createdAt), desc(advertiserEnquiriesTable.id)).limit(LIMIT),
    ]);
    return {
      contactMessages: contact.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), handledAt: m.handledAt ? m.handledAt.toISOString() : null })),
      newsletterSubscriptions: newsletter.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      advertiserEnquiries: advertisers.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    };
  });
};
