import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { createReportSchema, createRoomReportSchema, REPORT_SENT, reportCreatedSchema } from "../../contract/reports";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { fileReport } from "../services/reports";
import { reportRoomPlayer } from "../services/room-reports";

/** D97: a player reports a chat message, a review, a profile or a direct message sent to them. */
export const reportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits, settings }) => {
  app.post(
    "/api/reports",
    {
      // 401 before validation: a signed-out visitor learns that first.
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        body: createReportSchema,
        response: { 201: reportCreatedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id } = await fileReport({ db, rateLimits }, requireUser(request).id, request.body, settings.now());
      return reply.code(201).header("Cache-Control", "no-store").send({ id, message: REPORT_SENT });
    },
  );

  // D124: a player of the reporter's room, found in the room the server holds
  app.post(
    "/api/room-reports",
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        body: createRoomReportSchema,
        response: { 201: reportCreatedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id } = await reportRoomPlayer({ db, rateLimits }, requireUser(request).id, request.body, settings.now());
      return reply.code(201).header("Cache-Control", "no-store").send({ id, message: REPORT_SENT });
    },
  );
};
