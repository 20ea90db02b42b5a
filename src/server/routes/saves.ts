import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { CLOUD_SAVE_QUOTA_KIB, cloudSaveQuotaErrorSchema, cloudSaveSchema, cloudSaveWriteSchema } from "../../contract/saves";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import { readCloudSave, writeCloudSave } from "../services/cloud-saves";

/**
 * The largest write body: a full store at the largest quota, twice over for JSON's escapes (quotes and
 * backslashes in saved JSON), plus 1 MiB for the item wrappers (up to 1,000 keys and dates).
 */
export const CLOUD_SAVE_BODY_LIMIT = 2 * CLOUD_SAVE_QUOTA_KIB.max * 1024 + 1024 * 1024;

/** Cloud saves (D76): the signed-in player's store of one game. The player is always the session's. */
export const saveRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  // A player's saves are theirs alone: never kept by a browser or proxy cache, errors included.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-store");
  };

  app.get(
    "/api/games/:id/saves",
    { onRequest: noStore, schema: { params: idParamSchema, response: { 200: cloudSaveSchema, ...errorResponses(400, 401, 404) } } },
    async (request) => readCloudSave(db, requireUser(request).id, request.params.id),
  );

  app.post(
    "/api/games/:id/saves",
    {
      // The session and the rate limit are checked before the body (up to CLOUD_SAVE_BODY_LIMIT) is read.
      onRequest: [
        noStore,
        async (request) => {
          const user = requireUser(request);
          await rateLimits.enforce("cloudSave", `cloud-save:${user.id}`);
        },
      ],
      bodyLimit: CLOUD_SAVE_BODY_LIMIT,
      schema: {
        params: idParamSchema,
        body: cloudSaveWriteSchema,
        response: { 200: cloudSaveSchema, 413: cloudSaveQuotaErrorSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => writeCloudSave(db, requireUser(request).id, request.params.id, request.body),
  );
};
