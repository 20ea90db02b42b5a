import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, idParamSchema } from "../../contract/common";
import {
  postReviewSchema,
  ratingAggregateSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewSchema,
} from "../../contract/reviews";
import type { AppContext } from "../context";
import { Forbidden, NotFound } from "../errors";
import { hasStaffSession, requireUser } from "../plugins/auth";
import { actorOf, audit } from "../services/audit";
import { deleteReview, getUserReview, listReviews, ratingAggregate, upsertReview } from "../services/reviews";
import { assertStaffMayAct } from "../services/two-step";

const errors = errorResponses(400, 401, 403, 404, 429);
const gameUserParams = idParamSchema.extend({ userId: idParamSchema.shape.id });

/** Reviews (D30). */
export const reviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, rateLimits }) => {
  // A page (20 by default, 100 at most), newest first, the count in X-Total-Count.
  app.get(
    "/api/games/:id/reviews",
    {
      schema: {
        params: idParamSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { reviews, total } = await listReviews(db, request.params.id, request.query);
      reply.header("X-Total-Count", String(total));
      return reviews;
    },
  );

  // D31: the user's own review, or null.
  app.get(
    "/api/games/:id/reviews/user/:userId",
    { schema: { params: gameUserParams, response: { 200: reviewSchema.nullable(), ...errors } } },
    async (request) => getUserReview(db, request.params.id, request.params.userId),
  );

  // D32
  app.get(
    "/api/games/:id/rating",
    { schema: { params: idParamSchema, response: { 200: ratingAggregateSchema, ...errors } } },
    async (request) => ratingAggregate(db, request.params.id),
  );

  // D30: the author is the session's user; a differing userId in the body is refused.
  app.post(
    "/api/reviews",
    {
      schema: {
        body: postReviewSchema,
        response: {
          200: z.object({ review: reviewSchema, created: z.boolean() }),
          201: z.object({ review: reviewSchema, created: z.boolean() }),
          ...errors,
        },
      },
      // ADR 008: the game's rating changes.
      config: { changesCatalogue: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.body.userId !== undefined && request.body.userId !== user.id)
        throw new Forbidden("You can only write your own review");
      await rateLimits.enforce("review", `review:${user.id}`);
      const result = await upsertReview(db, user.id, request.body);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  // D31: only the author, an admin or a moderator.
  app.delete(
    "/api/games/:id/reviews/user/:userId",
    { schema: { params: gameUserParams, response: { 204: z.null(), ...errors } }, config: { changesCatalogue: true } },
    async (request, reply) => {
      const user = requireUser(request);
      // D96: moderators as well as admins (on a one-time-code session) delete anyone's review, audit-logged.
      const moderating = user.id !== request.params.userId;
      if (moderating && !hasStaffSession(user)) throw new Forbidden("You can only delete your own review");
      // D106: a staff power like those under /api/admin, so the two-step requirement applies here too
      if (moderating) await assertStaffMayAct(db, user);
      const before = moderating ? await getUserReview(db, request.params.id, request.params.userId) : null;
      const deleted = await deleteReview(db, request.params.id, request.params.userId);
      if (!deleted) throw new NotFound("Review not found");
      if (moderating) {
        await audit(
          db,
          {
            actor: actorOf(user),
            action: "review.delete",
            target: { kind: "review", id: before?.id ?? null },
            before,
            after: { deleted: true },
            ip: request.ip,
          },
          (err) => request.log.warn({ err }, "could not write the audit log"),
        );
      }
      return reply.code(204).send(null);
    },
  );
};
