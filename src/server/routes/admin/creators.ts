import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "../../../contract/common";
import {
  addGameCreatorSchema,
  adminCreatorApplicationListSchema,
  adminCreatorApplicationQuerySchema,
  buildParamsSchema,
  buildPreviewSchema,
  declineApplicationSchema,
  gameBuildsSchema,
  gameCreatorListSchema,
  gameCreatorParamsSchema,
} from "../../../contract/studio";
import type { AppContext } from "../../context";
import { gamesOrigin } from "../../games-hosts";
import { requireAdmin } from "../../plugins/auth";
import { publishBuild } from "../../services/build-publishing";
import {
  addGameCreator,
  decideApplication,
  getStudioGame,
  listApplications,
  listGameCreators,
  removeGameCreator,
} from "../../services/creators";
import { assertBuildExists, listBuilds, PREVIEW_TTL_MS, previewPath } from "../../services/game-builds";
import { secretBox } from "../../services/secret-box";
import { adminErrorResponses } from "./validation";

const decisionSchema = z.object({ userId: z.number().int(), status: z.enum(["approved", "declined"]) });

/**
 * D130: creator applications (the CMS users screen's Applications view) and a game's creators; D131: a game's builds
 * (list, make live, preview); making a build live that never was publishes it directly, skipping review (D133). Admins only, under the admin guard.
 */
export const adminCreatorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, files, playerHub }) => {
  app.get(
    "/api/admin/creator-applications",
    {
      schema: {
        querystring: adminCreatorApplicationQuerySchema,
        response: { 200: adminCreatorApplicationListSchema, ...adminErrorResponses },
      },
    },
    async (request) => listApplications(db, request.query),
  );

  app.post(
    "/api/admin/creator-applications/:id/approve",
    {
      schema: {
        params: idParamSchema,
        body: z.unknown().optional(),
        response: { 200: decisionSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const me = requireAdmin(request);
      const result = await decideApplication({ db, playerHub }, me.id, request.params.id, { approve: true });
      request.auditRecord = {
        action: "creator_application.approve",
        target: { kind: "user", id: result.userId },
        after: { role: "creator" },
      };
      return { userId: result.userId, status: "approved" as const };
    },
  );

  app.post(
    "/api/admin/creator-applications/:id/decline",
    {
      schema: {
        params: idParamSchema,
        body: declineApplicationSchema,
        response: { 200: decisionSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const me = requireAdmin(request);
      const reason = request.body?.reason;
      const result = await decideApplication({ db, playerHub }, me.id, request.params.id, { approve: false, reason });
      request.auditRecord = {
        action: "creator_application.decline",
        target: { kind: "user", id: result.userId },
        after: { reason: reason ?? null },
      };
      return { userId: result.userId, status: "declined" as const };
    },
  );

  app.get(
    "/api/admin/games/:id/creators",
    { schema: { params: idParamSchema, response: { 200: gameCreatorListSchema, ...adminErrorResponses } } },
    async (request) => {
      await getStudioGame(db, request.params.id);
      return listGameCreators(db, request.params.id);
    },
  );

  app.post(
    "/api/admin/games/:id/creators",
    {
      schema: {
        params: idParamSchema,
        body: addGameCreatorSchema,
        response: { 200: gameCreatorListSchema, ...adminErrorResponses },
      },
    },
    async (request) => addGameCreator(db, request.params.id, request.body),
  );

  app.delete(
    "/api/admin/games/:id/creators/:userId",
    {
      schema: {
        params: gameCreatorParamsSchema,
        body: z.unknown().optional(),
        response: { 200: gameCreatorListSchema, ...adminErrorResponses },
      },
    },
    async (request) => removeGameCreator(db, request.params.id, request.params.userId),
  );

  app.get(
    "/api/admin/games/:id/builds",
    { schema: { params: idParamSchema, response: { 200: gameBuildsSchema, ...adminErrorResponses } } },
    async (request) => ({
      game: await getStudioGame(db, request.params.id),
      builds: await listBuilds(db, request.params.id),
    }),
  );

  app.post(
    "/api/admin/games/:id/builds/:number/live",
    {
      schema: {
        params: buildParamsSchema,
        body: z.unknown().optional(),
        response: { 200: gameBuildsSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id, number } = request.params;
      // D133: an admin publishes directly (a build never live skips review) or rolls back
      const me = requireAdmin(request);
      await publishBuild({ db, playerHub, site: { dataDir: config.dataDir, files } }, id, number, me.id);
      request.auditRecord = { action: "games.build_live", target: { kind: "games", id }, after: { build: number } };
      return { game: await getStudioGame(db, id), builds: await listBuilds(db, id) };
    },
  );

  app.get(
    "/api/admin/games/:id/builds/:number/preview",
    { schema: { params: buildParamsSchema, response: { 200: buildPreviewSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { id, number } = request.params;
      await assertBuildExists(db, id, number);
      const key = await secretBox(config.twoStepKey).keyFor("build preview");
      const now = Date.now();
      reply.header("Cache-Control", "private, no-store");
      return {
        url: `${gamesOrigin(config.gamesUrl, id)}${previewPath(key, id, number, now)}`,
        expiresAt: new Date(now + PREVIEW_TTL_MS).toISOString(),
      };
    },
  );
};
