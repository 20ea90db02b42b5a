import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminScoreListQuerySchema,
  adminScoreListSchema,
  adminScoreResetResultSchema,
  adminScoreResetSchema,
  heldScoreDecisionSchema,
  heldScoreListSchema,
} from "../../../contract/admin/scores";
import { idParamSchema } from "../../../contract/common";
import { seasonSchema } from "../../../contract/leaderboard";
import type { AppContext } from "../../context";
import { requireStaff } from "../../plugins/auth";
import { approveHeldScore, listHeldScores, rejectHeldScore } from "../../services/held-scores";
import { notifyRecordedScore } from "../../services/notifications";
import { listScoresForAdmin, removeScore, resetPlayerOnGame } from "../../services/score-moderation";
import { startNewSeason, toSeason } from "../../services/seasons";
import { adminErrorResponses } from "./validation";

/** D93: score moderation (admins only; the boards' caches are cleared by the admin hook, index.ts). */
export const adminScoreRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, settings, playerHub }) => {
  app.get(
    "/api/admin/scores",
    {
      schema: {
        querystring: adminScoreListQuerySchema,
        response: { 200: adminScoreListSchema, ...adminErrorResponses },
      },
    },
    async (request) => listScoresForAdmin(db, request.query),
  );

  app.delete(
    "/api/admin/scores/:id",
    { schema: { params: idParamSchema, response: { 204: z.null(), ...adminErrorResponses } } },
    async (request, reply) => {
      const removed = await removeScore(db, request.params.id);
      request.auditRecord = {
        action: "score.delete",
        target: { kind: "score", id: request.params.id },
        before: { userId: removed.userId, gameId: removed.gameId, scores: removed.removed },
        after: { deleted: true },
      };
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/admin/scores/reset",
    { schema: { body: adminScoreResetSchema, response: { 200: adminScoreResetResultSchema, ...adminErrorResponses } } },
    async (request) => {
      const { userId, gameId } = request.body;
      const result = await resetPlayerOnGame(db, userId, gameId);
      request.auditRecord = {
        action: "score.reset",
        target: { kind: "user", id: userId },
        before: { gameId, scores: result.removed },
        after: { gameId, scores: [] },
      };
      return { removed: result.removed.length };
    },
  );

  // D108: the queue of held scores, for admins and moderators (MODERATOR_ROUTES in index.ts)
  app.get(
    "/api/admin/held-scores",
    { schema: { response: { 200: heldScoreListSchema, ...adminErrorResponses } } },
    async (request) => {
      requireStaff(request);
      return listHeldScores(db);
    },
  );

  for (const decision of ["approve", "reject"] as const) {
    app.post(
      `/api/admin/held-scores/:id/${decision}`,
      { schema: { params: idParamSchema, response: { 200: heldScoreDecisionSchema, ...adminErrorResponses } } },
      async (request) => {
        const staff = requireStaff(request);
        const now = settings.now();
        const approved = decision === "approve" ? await approveHeldScore(db, request.params.id, staff.id, now) : null;
        const decided = approved ?? (await rejectHeldScore(db, request.params.id, staff.id, now));
        if (approved) {
          // D85: as for a score that was never held (routes/scores.ts); never fails the decision
          await notifyRecordedScore({ db, playerHub }, approved.userId, approved.recorded, now).catch((err: unknown) =>
            request.log.warn({ err }, "score notifications failed"),
          );
        }
        const status = decision === "approve" ? ("approved" as const) : ("rejected" as const);
        request.auditRecord = {
          action: `score.held_${status}`,
          target: { kind: "held_score", id: decided.id },
          before: {
            held: decided.id,
            userId: decided.userId,
            gameId: decided.gameId,
            score: decided.score,
            status: "pending",
          },
          after: { status, ...(approved ? { scoreId: approved.recorded.scoreId } : {}) },
        };
        return { id: decided.id, status };
      },
    );
  }

  // D91: end the open season now and start the next (admins only); the boards' caches are cleared by the admin hook
  app.post(
    "/api/admin/seasons/new",
    { schema: { response: { 201: seasonSchema, ...adminErrorResponses } } },
    async (request, reply) => {
      const { closed, opened } = await startNewSeason(db);
      request.auditRecord = {
        action: "season.start",
        target: { kind: "season", id: opened.id },
        before: closed ? { season: closed.id, startsAt: closed.startsAt.toISOString() } : null,
        after: {
          season: opened.id,
          startsAt: opened.startsAt.toISOString(),
          endsAt: opened.endsAt?.toISOString() ?? null,
        },
      };
      return reply.code(201).send(toSeason(opened, opened.id));
    },
  );
};
