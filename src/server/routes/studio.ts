import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HTML_FILE_REQUIRED_MESSAGE } from "../../contract/admin/games";
import { errorResponses, idParamSchema } from "../../contract/common";
import {
  buildParamsSchema,
  buildPreviewSchema,
  buildUploadFieldsSchema,
  creatorApplicationFormSchema,
  creatorApplicationSchema,
  gameBuildsSchema,
  myCreatorApplicationSchema,
  storedBuildSchema,
  studioGameListSchema,
  studioNewGameFieldsSchema,
} from "../../contract/studio";
import type { AppContext } from "../context";
import { Invalid } from "../errors";
import { gamesOrigin } from "../games-hosts";
import { requireUser } from "../plugins/auth";
import { publishBuild, rollBackAsCreator, submitBuild } from "../services/build-publishing";
import {
  applyToCreate,
  assertManagesGame,
  getStudioGame,
  latestApplication,
  listStudioGames,
  studioActor,
  type StudioActor,
} from "../services/creators";
import { assertBuildExists, listBuilds, PREVIEW_TTL_MS, previewPath } from "../services/game-builds";
import { installNewBuild, installUploadedGame } from "../services/game-install";
import { secretBox } from "../services/secret-box";
import { assertStaffMayAct } from "../services/two-step";
import { FORM_LIMITS, readMultipartUpload } from "./admin/multipart";
import { parseOrThrow } from "./admin/validation";

const studioErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * D130 creators and D131 builds. `/api/me/creator-application`: a player asks to become a creator. `/api/studio/*`:
 * a creator's games and builds. Who may act, and on which game, is read from the session only (services/creators.ts):
 * 401 signed out, 403 for anyone but a creator or an admin on a staff session, 404 for a game that is not theirs.
 */
export const studioRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(creatorApplicationRoutes, ctx);
  await app.register(studioApiRoutes, ctx);
};

const creatorApplicationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  app.addHook("preValidation", async (request) => {
    requireUser(request);
  });

  app.get(
    "/api/me/creator-application",
    { schema: { response: { 200: myCreatorApplicationSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("Cache-Control", "private, no-store");
      return { application: await latestApplication(db, user.id) };
    },
  );

  // D130: one pending application at a time (409), a few a day (429)
  app.post(
    "/api/me/creator-application",
    {
      schema: {
        body: creatorApplicationFormSchema,
        response: { 201: creatorApplicationSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("creatorApplication", `creator-application:${user.id}`);
      return reply.code(201).send(await applyToCreate(db, user, request.body));
    },
  );
};

const studioApiRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, files, playerHub, rateLimits, settings },
) => {
  const publishing = { db, playerHub, site: { dataDir: config.dataDir, files } };
  const packageLimits = settings.uploadLimits.package;
  await app.register(multipart, {
    limits: { ...FORM_LIMITS, files: 1, fileSize: packageLimits.maxUploadBytes },
    throwFileSizeLimit: true,
  });
  const tmpDir = path.join(config.dataDir, "tmp");
  const previewKey = () => secretBox(config.twoStepKey).keyFor("build preview");
  const actors = new WeakMap<FastifyRequest, StudioActor>();

  // Before validation and before a body is read: who is asking decides everything else.
  app.addHook("onRequest", async (request) => {
    const user = requireUser(request);
    const actor = studioActor(user);
    if (actor.isAdmin) await assertStaffMayAct(db, user);
    actors.set(request, actor);
  });
  const actorOf = (request: FastifyRequest): StudioActor => actors.get(request)!;

  async function readPackageUpload(request: FastifyRequest) {
    return readMultipartUpload(request, {
      fileField: "package",
      maxFileBytes: packageLimits.maxUploadBytes,
      tmpDir,
      tooLargeMessage: `The game package is larger than ${mb(packageLimits.maxUploadBytes)}`,
    });
  }

  app.get(
    "/api/studio/games",
    { schema: { response: { 200: studioGameListSchema, ...studioErrors } } },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return listStudioGames(db, actorOf(request).userId);
    },
  );

  // D130: a creator's new game, hidden ("draft") until staff show it; its package is build 1
  app.post(
    "/api/studio/games",
    { schema: { response: { 201: storedBuildSchema, ...studioErrors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await rateLimits.enforce("upload", `upload:${actor.userId}`);
      const upload = await readPackageUpload(request);
      try {
        const fields = parseOrThrow(studioNewGameFieldsSchema, upload.fields, "body");
        const file = upload.file;
        if (!file) throw new Invalid(HTML_FILE_REQUIRED_MESSAGE);
        if (file.size === 0) throw new Invalid("The uploaded file is empty");
        const { game } = await installUploadedGame(
          db,
          { dataDir: config.dataDir, files, gamesUrl: config.gamesUrl, limits: packageLimits, log: request.log },
          {
            title: fields.title,
            description: fields.description,
            imageUrl: "",
            categoryId: fields.categoryId,
            developer: fields.developer ?? request.user!.username,
            instructions: fields.instructions,
            isFeatured: false,
            difficulty: undefined,
            collectionIds: undefined,
          },
          file,
          { uploadedBy: actor.userId, notes: fields.notes ?? "", creatorId: actor.userId },
        );
        request.log.info({ gameId: game.id, bytes: file.size }, "creator uploaded a new game");
        return reply.code(201).send({ gameId: game.id, number: 1 });
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    "/api/studio/games/:id/builds",
    { schema: { params: idParamSchema, response: { 200: gameBuildsSchema, ...studioErrors } } },
    async (request, reply) => {
      const { id } = request.params;
      await assertManagesGame(db, actorOf(request), id);
      reply.header("Cache-Control", "private, no-store");
      return { game: await getStudioGame(db, id), builds: await listBuilds(db, id) };
    },
  );

  // D131, D133: a new build; a creator's waits for review as a draft, an admin's is live at once
  app.post(
    "/api/studio/games/:id/builds",
    { schema: { params: idParamSchema, response: { 201: storedBuildSchema, ...studioErrors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id } = request.params;
      await assertManagesGame(db, actor, id);
      await rateLimits.enforce("upload", `upload:${actor.userId}`);
      const upload = await readPackageUpload(request);
      try {
        const fields = parseOrThrow(buildUploadFieldsSchema, upload.fields, "body");
        const file = upload.file;
        if (!file) throw new Invalid(HTML_FILE_REQUIRED_MESSAGE);
        if (file.size === 0) throw new Invalid("The uploaded file is empty");
        const { number } = await installNewBuild(
          db,
          { dataDir: config.dataDir, files, gamesUrl: config.gamesUrl, limits: packageLimits, log: request.log },
          id,
          file,
          { uploadedBy: actor.userId, notes: fields.notes ?? "", review: actor.isAdmin ? "live" : "draft" },
        );
        request.log.info({ gameId: id, build: number, bytes: file.size }, "creator uploaded a build");
        return reply.code(201).send({ gameId: id, number });
      } finally {
        await upload.cleanup();
      }
    },
  );

  // D133: a creator sends a draft, or a build sent back, to the staff's queue
  app.post(
    "/api/studio/games/:id/builds/:number/submit",
    {
      schema: {
        params: buildParamsSchema,
        body: z.unknown().optional(),
        response: { 200: gameBuildsSchema, ...studioErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, number } = request.params;
      await assertManagesGame(db, actor, id);
      await submitBuild(publishing, id, number, actor.userId);
      request.log.info({ gameId: id, build: number }, "build submitted for review");
      return { game: await getStudioGame(db, id), builds: await listBuilds(db, id) };
    },
  );

  // D131: rollback (or forward) in one step; D133: a creator only to a build published before, an admin to any
  app.post(
    "/api/studio/games/:id/builds/:number/live",
    {
      schema: {
        params: buildParamsSchema,
        body: z.unknown().optional(),
        response: { 200: gameBuildsSchema, ...studioErrors },
      },
    },
    async (request) => {
      const { id, number } = request.params;
      const actor = actorOf(request);
      await assertManagesGame(db, actor, id);
      if (actor.isAdmin) await publishBuild(publishing, id, number, actor.userId);
      else await rollBackAsCreator(publishing, id, number);
      request.log.info({ gameId: id, build: number }, "build made live from the studio");
      return { game: await getStudioGame(db, id), builds: await listBuilds(db, id) };
    },
  );

  // D131: a signed address on the game's origin that serves this build for an hour
  app.get(
    "/api/studio/games/:id/builds/:number/preview",
    { schema: { params: buildParamsSchema, response: { 200: buildPreviewSchema, ...studioErrors } } },
    async (request, reply) => {
      const { id, number } = request.params;
      await assertManagesGame(db, actorOf(request), id);
      await assertBuildExists(db, id, number);
      const now = Date.now();
      reply.header("Cache-Control", "private, no-store");
      return {
        url: `${gamesOrigin(config.gamesUrl, id)}${previewPath(await previewKey(), id, number, now)}`,
        expiresAt: new Date(now + PREVIEW_TTL_MS).toISOString(),
      };
    },
  );
};
