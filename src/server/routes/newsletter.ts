import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { newsletterSchema, okMessageSchema } from "../../contract/forms";
import type { AppContext } from "../context";
import { subscribeToNewsletter } from "../services/form-submissions";

/** D53: newsletter sign-ups, stored for the admins; signing up twice is fine (200). */
export const newsletterRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/newsletter",
    {
      schema: {
        body: newsletterSchema,
        response: { 200: okMessageSchema, 201: okMessageSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await rateLimits.enforce("form", `form:newsletter:ip:${request.ip}`);
      const created = await subscribeToNewsletter(db, request.body.email);
      return reply.code(created ? 201 : 200).send({ message: "Thanks for subscribing!" });
    },
  );
};
