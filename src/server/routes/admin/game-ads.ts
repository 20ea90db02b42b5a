import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { gameAdsSchema } from "../../../contract/admin/game-ads";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { gameAdsOn, setGameAds } from "../../services/game-ads";
import { adminErrorResponses } from "./validation";

/** D153: the game editor's ads switch (admins only, by the guard in index.ts). */
export const adminGameAdsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/games/:id/ads",
    { schema: { params: idParamSchema, response: { 200: gameAdsSchema, ...adminErrorResponses } } },
    async (request) => ({ adsOn: await gameAdsOn(db, request.params.id) }),
  );

  app.put(
    "/api/admin/games/:id/ads",
    {
      schema: {
        params: idParamSchema,
        body: gameAdsSchema,
        response: { 200: gameAdsSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ adsOn: await setGameAds(db, request.params.id, request.body.adsOn) }),
  );
};
