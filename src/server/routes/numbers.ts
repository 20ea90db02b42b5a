import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import { gameErrorBodySchema, numbersBeaconBodySchema, numbersResponseSchema } from "../../contract/numbers";
import type { AppContext } from "../context";
import { Forbidden, NotFound } from "../errors";
import { requireUser } from "../plugins/auth";
import { countBeacon, gameTitle, playersOnlineNow, readNumbers, recordGameError } from "../services/game-numbers";
import { canSeeGameNumbers, canSeeSiteNumbers } from "../services/numbers-access";
import { PRESENCE_WINDOW_MS } from "../services/presence";

/**
 * D134: the pages' counting beacon and the game frame's error reports (anyone, no identity kept, limited per address:
 * beyond the limit they are dropped), and the numbers of a game and of the whole site for those canSeeGameNumbers lets in.
 */
export const numbersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.post(
    "/api/numbers/beacon",
    { schema: { body: numbersBeaconBodySchema, response: { 204: z.null(), ...errorResponses(400) } } },
    async (request, reply) => {
      // over the limit the counts are dropped, not refused: the page has nothing to do about it, and an error
      // status would only be noise in its console
      if (await rateLimits.allows("numbersBeacon", `numbers-beacon:ip:${request.ip}`))
        await countBeacon(db, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/games/:id/errors",
    {
      schema: {
        params: idParamSchema,
        body: gameErrorBodySchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // answered the same for a game that does not exist and over the limit (dropped): the report is only a count
      if (await rateLimits.allows("gameError", `game-error:ip:${request.ip}`))
        await recordGameError(db, request.params.id, request.body.message);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/numbers/games/:id",
    {
      schema: { params: idParamSchema, response: { 200: numbersResponseSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const gameId = request.params.id;
      if (!(await canSeeGameNumbers(user, gameId, db))) throw new Forbidden("You cannot see this game's numbers");
      const game = await gameTitle(db, gameId);
      if (!game) throw new NotFound("Game not found");
      reply.header("Cache-Control", "private, no-store");
      return { game, ...(await readNumbers(db, gameId)), onlineNow: null };
    },
  );

  app.get(
    "/api/numbers/site",
    { schema: { response: { 200: numbersResponseSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await canSeeSiteNumbers(user, db))) throw new Forbidden("Admins only");
      const [numbers, onlineNow] = await Promise.all([readNumbers(db, 0), playersOnlineNow(db, PRESENCE_WINDOW_MS)]);
      reply.header("Cache-Control", "private, no-store");
      return { game: null, ...numbers, onlineNow };
    },
  );
};
