import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminMessagesSchema } from "../../../contract/admin/form-submissions";
import type { AppContext } from "../../context";
import { listMessages } from "../../services/form-submissions";
import { adminErrorResponses } from "./validation";

const LIMIT = 200;

/** D51: what visitors sent through the contact, newsletter and advertising forms, latest first. */
export const adminFormSubmissionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/messages",
    { schema: { response: { 200: adminMessagesSchema, ...adminErrorResponses } } },
    async () => listMessages(db, LIMIT),
  );
};
