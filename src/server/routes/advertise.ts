import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { advertiseSchema, okMessageSchema } from "../../contract/forms";
import type { AppContext } from "../context";
import { saveAdvertiserEnquiry } from "../services/form-submissions";

/** D53: advertiser enquiries, stored for the admins. */
export const advertiseRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/advertise",
    { schema: { body: advertiseSchema, response: { 201: okMessageSchema, ...errorResponses(400, 403, 429) } } },
    async (request, reply) => {
      await rateLimits.enforce("form", `form:advertise:ip:${request.ip}`);
      await saveAdvertiserEnquiry(db, request.body);
      return reply.code(201).send({ message: "Thanks! Our team will contact you within 2 business days." });
    },
  );
};
