import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { contactSchema, okMessageSchema } from "../../contract/forms";
import type { AppContext } from "../context";
import { saveContactMessage } from "../services/form-submissions";

/** D51: the contact form, stored for the admins. */
export const contactRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/contact",
    { schema: { body: contactSchema, response: { 201: okMessageSchema, ...errorResponses(400, 403, 429) } } },
    async (request, reply) => {
      await rateLimits.enforce("form", `form:contact:ip:${request.ip}`);
      await saveContactMessage(db, request.body);
      return reply.code(201).send({ message: "Thanks for your message! We will get back to you soon." });
    },
  );
};
