import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  brokenGameListSchema,
  brokenGamesQuerySchema,
  embedCheckNowSchema,
} from "../../../contract/admin/broken-games";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { NotFound } from "../../errors";
import { getBrokenGame, listBrokenGames } from "../../services/broken-games";
import { checkGameEmbed, embedFetcher } from "../../services/embed-checks";
import { adminErrorResponses } from "./validation";

/**
 * D114: the games that may not load, for admins and moderators (MODERATOR_ROUTES in index.ts), as the reports queue
 * that feeds them; "Check now" asks for one game's embed at once. Showing a hidden game again is an admin's edit
 * (PATCH /api/admin/games/{id}).
 */
export const adminBrokenGameRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, settings }) => {
  app.get(
    "/api/admin/broken-games",
    {
      schema: {
        querystring: brokenGamesQuerySchema,
        response: { 200: brokenGameListSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { games, total } = await listBrokenGames(db, request.query);
      reply.header("X-Total-Count", String(total));
      return games;
    },
  );

  // A check that hides the game is a catalogue change: the admin guard marks this route (CATALOGUE_ADMIN_PREFIXES).
  app.post(
    "/api/admin/broken-games/:id/check",
    { schema: { params: idParamSchema, response: { 200: embedCheckNowSchema, ...adminErrorResponses } } },
    async (request) => {
      const { id } = request.params;
      const result = await checkGameEmbed(
        {
          db,
          gamesUrl: config.gamesUrl,
          now: () => settings.now(),
          fetchEmbed: embedFetcher({ allowPrivate: config.fetchAllowPrivate }),
        },
        id,
      );
      if (!result) throw new NotFound("This game is not embedded from another site, so there is nothing to check");
      const game = (await getBrokenGame(db, id))!;
      request.auditRecord = {
        action: "games.embed-check",
        target: { kind: "games", id: String(id) },
        after: { outcome: result.outcome, failures: result.failures, error: result.error, hidden: result.hidden },
      };
      return { outcome: result.outcome, hidden: result.hidden, game };
    },
  );
};
