import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  approveBuildSchema,
  buildParamsSchema,
  requestChangesSchema,
  reviewQueueSchema,
  reviewStepSchema,
} from "../../../contract/studio";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../plugins/auth";
import { approveBuild, requestChanges, reviewQueue } from "../../services/build-publishing";
import { adminErrorResponses } from "./validation";

/**
 * D133: the staff's queue of builds waiting for review, and its two answers: request changes (with notes) and
 * approve (live now, or at a time). Admins only, under the admin guard: a moderator's powers are the reports (D96),
 * and a build's preview and check report are for admins (D131, D132). Publishing directly is "make live" on a
 * game's builds (creators.ts).
 */
export const adminBuildReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, files, playerHub },
) => {
  const deps = { db, playerHub, site: { dataDir: config.dataDir, files } };

  app.get(
    "/api/admin/build-reviews",
    { schema: { response: { 200: reviewQueueSchema, ...adminErrorResponses } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return reviewQueue(db);
    },
  );

  app.post(
    "/api/admin/build-reviews/:id/:number/changes",
    {
      schema: {
        params: buildParamsSchema,
        body: requestChangesSchema,
        response: { 200: reviewStepSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const me = requireAdmin(request);
      const { id, number } = request.params;
      await requestChanges(deps, id, number, { actor: "admin", userId: me.id, notes: request.body.notes });
      request.auditRecord = {
        action: "games.build_changes_requested",
        target: { kind: "games", id },
        after: { build: number, notes: request.body.notes },
      };
      return { state: "changes_requested" as const };
    },
  );

  app.post(
    "/api/admin/build-reviews/:id/:number/approve",
    {
      schema: {
        params: buildParamsSchema,
        body: approveBuildSchema,
        response: { 200: reviewStepSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const me = requireAdmin(request);
      const { id, number } = request.params;
      const publishAt = request.body?.publishAt ? new Date(request.body.publishAt) : undefined;
      const state = await approveBuild(deps, id, number, { actor: "admin", userId: me.id, publishAt });
      request.auditRecord = {
        action: "games.build_approved",
        target: { kind: "games", id },
        after: { build: number, state, publishAt: publishAt?.toISOString() ?? null },
      };
      return { state };
    },
  );
};
