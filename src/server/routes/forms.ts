import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../contract/common";
import { advertiseSchema, contactSchema, newsletterSchema, okMessageSchema } from "../../contract/forms";
import type { AppContext } from "../app";
import type { Db } from "../db/client";
import { advertiserEnquiriesTable, contactMessagesTable, newsletterSubscriptionsTable } from "../db/schema";
import { enforceRateLimit } from "../services/rate-limit";

const responses = { 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };

/** Issue 8: valid submissions one address may make per form and hour (the forms write rows anyone can send). */
export const FORM_SUBMISSIONS_PER_HOUR = 10;
const limitForm = (db: Db, form: string, ip: string) =>
  enforceRateLimit(db, `form:${form}:ip:${ip}`, FORM_SUBMISSIONS_PER_HOUR, 60 * 60 * 1000, "Too many submissions from this address. Please try again later.");

/** D53 newsletter and advertiser enquiries, D51 contact form: stored for the admins. */
export const formRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post("/api/newsletter", { schema: { body: newsletterSchema, response: { 200: okMessageSchema, 201: okMessageSchema, ...responses } } }, async (request, reply) => {
    await limitForm(db, "newsletter", request.ip);
    const inserted = await db
      .insert(newsletterSubscriptionsTable)
      .values({ email: request.body.email.trim() })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptionsTable.id });
    return reply.code(inserted.length ? 201 : 200).send({ message: "Thanks for subscribing!" });
  });

  app.post("/api/advertise", { schema: { body: advertiseSchema, response: { 201: okMessageSchema, ...responses } } }, async (request, reply) => {
    await limitForm(db, "advertise", request.ip);
    await db.insert(advertiserEnquiriesTable).values(request.body);
    return reply.code(201).send({ message: "Thanks! Our team will contact you within 2 business days." });
  });

  app.post("/api/contact", { schema: { body: contactSchema, response: { 201: okMessageSchema, ...responses } } }, async (request, reply) => {
    await limitForm(db, "contact", request.ip);
    await db.insert(contactMessagesTable).values(request.body);
    return reply.code(201).send({ message: "Thanks for your message! We will get back to you soon." });
  });
};
