import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bootResultBodySchema,
  packageCheckResponseSchema,
  packageCheckSchema,
} from "../../../contract/admin/build-checks";
import { idParamSchema } from "../../../contract/common";
import type { AppContext } from "../../context";
import { latestPackageCheck, saveBootResult } from "../../services/package-checks";
import { adminErrorResponses } from "./validation";

/**
 * D132: a game's latest package check report, and the boot test that the browser of whoever opened it ran and sent
 * back. Admins only (the guard in index.ts); the boot result is kept with the report of the package it names.
 */
export const adminBuildCheckRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    "/api/admin/games/:id/checks",
    { schema: { params: idParamSchema, response: { 200: packageCheckResponseSchema, ...adminErrorResponses } } },
    async (request) => ({ check: await latestPackageCheck(db, request.params.id) }),
  );

  app.post(
    "/api/admin/games/:id/checks/boot",
    {
      // a picture of at most 200 KB and twenty short messages (D132), with room for the rest
      bodyLimit: 256 * 1024,
      schema: {
        params: idParamSchema,
        body: bootResultBodySchema,
        response: { 200: packageCheckSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const check = await saveBootResult(db, id, request.body, request.user?.username ?? null);
      // The audit log keeps what the test found, not the picture.
      const { picture, ...found } = request.body;
      request.auditRecord = {
        action: "games.boot-test",
        target: { kind: "games", id: String(id) },
        after: { ...found, picture: picture ? "yes" : null },
      };
      return check;
    },
  );
};
