import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * D161: every response names its request in `X-Request-Id`, the id its JSON log lines carry as `reqId`, so that an
 * error a player or an operator reports can be found in the logs.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
});
