import { Transform } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import {
  CLOUD_SAVE_QUOTA_KIB,
  cloudSaveQuotaErrorSchema,
  cloudSaveSchema,
  cloudSaveWriteSchema,
} from "../../contract/saves";
import type { AppContext } from "../context";
import { requireUser } from "../plugins/auth";
import {
  CloudSaveBodyTooLarge,
  cloudSaveBodyLimit,
  cloudSaveQuotaBytes,
  readCloudSave,
  writeCloudSave,
} from "../services/cloud-saves";

/** Fastify's ceiling for a write body: the limit at the largest quota (each request is held to its site's quota). */
export const CLOUD_SAVE_BODY_LIMIT = cloudSaveBodyLimit(CLOUD_SAVE_QUOTA_KIB.max * 1024);

const KIB = 1024;

/** A write's body allowance, worked out before the body is read. */
type BodyAllowance = { quotaBytes: number; limitBytes: number; streamed: boolean; received: number };

/** Cloud saves (D76): the signed-in player's store of one game. The player is always the session's. */
export const saveRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  // A player's saves are theirs alone: never kept by a browser or proxy cache, errors included.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-store");
  };
  const allowances = new WeakMap<FastifyRequest, BodyAllowance>();
  const byteBudgetKey = (userId: number) => `cloud-save-kib:${userId}`;

  app.get(
    "/api/games/:id/saves",
    {
      onRequest: noStore,
      schema: { params: idParamSchema, response: { 200: cloudSaveSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => readCloudSave(db, requireUser(request).id, request.params.id),
  );

  app.post(
    "/api/games/:id/saves",
    {
      // The session, the rate limits and the body's size are checked before the body is read: a body
      // larger than the site's quota allows is refused by its Content-Length, or when the stream passes it.
      onRequest: [
        noStore,
        async (request) => {
          const user = requireUser(request);
          await rateLimits.enforce("cloudSave", `cloud-save:${user.id}`);
          const quotaBytes = await cloudSaveQuotaBytes(db);
          const limitBytes = cloudSaveBodyLimit(quotaBytes);
          const declared = Number(request.headers["content-length"] ?? Number.NaN);
          const streamed = !Number.isSafeInteger(declared) || declared < 0;
          if (!streamed && declared > limitBytes) throw new CloudSaveBodyTooLarge(declared, limitBytes, quotaBytes);
          if (!streamed) await rateLimits.enforce("cloudSaveKib", byteBudgetKey(user.id), Math.ceil(declared / KIB));
          allowances.set(request, { quotaBytes, limitBytes, streamed, received: 0 });
        },
      ],
      preParsing: async (request, _reply, payload) => {
        const allowance = allowances.get(request);
        if (!allowance?.streamed) return payload;
        // No Content-Length: the streamed body is counted as it arrives.
        return payload.pipe(
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              allowance.received += chunk.length;
              if (allowance.received > allowance.limitBytes)
                done(new CloudSaveBodyTooLarge("more", allowance.limitBytes, allowance.quotaBytes));
              else done(null, chunk);
            },
          }),
        );
      },
      // A streamed body counts against the byte budget once its size is known, before it is validated.
      preValidation: async (request) => {
        const allowance = allowances.get(request);
        if (allowance?.streamed) {
          await rateLimits.enforce(
            "cloudSaveKib",
            byteBudgetKey(requireUser(request).id),
            Math.ceil(allowance.received / KIB),
          );
        }
      },
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
