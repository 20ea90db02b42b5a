import { and, count, desc, eq, sql } from "drizzle-orm";
import type { RatingAggregate, Review } from "../../contract/reviews";
import type { Db, Tx } from "../db/client";
import { gamesTable, reviewsTable, usersTable } from "../db/schema";
import { NotFound } from "../errors";
import { displayNameSql } from "./account-deletion";
import { filterText } from "./community-settings";
import { assertGameShown, gameIsShown, gameVisibility } from "./game-catalogue";
import { assertNotMuted } from "./moderation";
import { unlock } from "./site-achievements";

function toReview(r: { review: typeof reviewsTable.$inferSelect; username: string; avatarUrl: string | null }): Review {
  return {
    id: r.review.id,
    userId: r.review.userId,
    gameId: r.review.gameId,
    rating: r.review.rating,
    comment: r.review.comment,
    createdAt: r.review.createdAt.toISOString(),
    user: { username: r.username, avatarUrl: r.avatarUrl },
  };
}

const reviewWithUser = (db: Db | Tx) =>
  db
    // D87: an anonymised account's reviews stay, by "Deleted player".
    .select({ review: reviewsTable, username: displayNameSql, avatarUrl: usersTable.avatarUrl })
    .from(reviewsTable)
    .innerJoin(usersTable, eq(usersTable.id, reviewsTable.userId));

/** A page of the game's reviews, newest first, and how many it has. */
export async function listReviews(
  db: Db,
  gameId: number,
  page: { limit: number; offset: number },
): Promise<{ reviews: Review[]; total: number }> {
  await assertGameShown(db, gameId, await gameVisibility(db));
  const ofGame = eq(reviewsTable.gameId, gameId);
  const [rows, [{ total }]] = await Promise.all([
    reviewWithUser(db)
      .where(ofGame)
      .orderBy(desc(reviewsTable.createdAt), desc(reviewsTable.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviewsTable).where(ofGame),
  ]);
  return { reviews: rows.map(toReview), total };
}

export async function getUserReview(db: Db | Tx, gameId: number, userId: number): Promise<Review | null> {
  const [row] = await reviewWithUser(db).where(and(eq(reviewsTable.gameId, gameId), eq(reviewsTable.userId, userId)));
  return row ? toReview(row) : null;
}

/** D32: the game's rating is the mean review × 10, rounded, updated in the review's transaction. */
async function refreshGameRating(tx: Tx, gameId: number) {
  await tx.execute(sql`
    update games set rating = coalesce((select round(avg(rating) * 10)::int from reviews where game_id = ${gameId}), 0)
    where id = ${gameId}`);
}

/** D30: creates or updates the user's one review of the game; 403 while the user is muted. */
export async function upsertReview(
  db: Db,
  userId: number,
  input: { gameId: number; rating: number; comment?: string },
): Promise<{ review: Review; created: boolean }> {
  const trimmed = input.comment?.trim() ? input.comment.trim() : null;
  await assertNotMuted(db, userId);
  // D98: a blocked word refuses the review (400); masked words are stored starred
  const comment = trimmed === null ? null : await filterText(db, "review", trimmed);
  const visibility = await gameVisibility(db);
  return db.transaction(async (tx) => {
    await assertGameShown(tx, input.gameId, visibility);
    const now = new Date();
    const [row] = await tx
      .insert(reviewsTable)
      .values({ userId, gameId: input.gameId, rating: input.rating, comment, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [reviewsTable.userId, reviewsTable.gameId],
        set: { rating: input.rating, comment, updatedAt: now },
      })
      // xmax = 0 only for a freshly inserted row: tells create from update in one statement.
      .returning({ id: reviewsTable.id, inserted: sql<boolean>`(xmax = 0)` });
    await refreshGameRating(tx, input.gameId);
    await unlock(tx, userId, ["critic"]);
    const review = await getUserReview(tx, input.gameId, userId);
    return { review: review!, created: Boolean(row.inserted) };
  });
}

export async function deleteReview(db: Db, gameId: number, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(reviewsTable)
      .where(and(eq(reviewsTable.gameId, gameId), eq(reviewsTable.userId, userId)))
      .returning({ id: reviewsTable.id });
    if (deleted.length) await refreshGameRating(tx, gameId);
    return deleted.length > 0;
  });
}

export async function ratingAggregate(db: Db, gameId: number): Promise<RatingAggregate> {
  const [game] = await db
    .select({ rating: gamesTable.rating })
    .from(gamesTable)
    .where(and(eq(gamesTable.id, gameId), gameIsShown(await gameVisibility(db))));
  if (!game) throw new NotFound("Game not found");
  const rows = await db
    .select({ rating: reviewsTable.rating, n: count() })
    .from(reviewsTable)
    .where(eq(reviewsTable.gameId, gameId))
    .groupBy(reviewsTable.rating);
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let total = 0;
  let sum = 0;
  for (const r of rows) {
    distribution[String(r.rating) as keyof typeof distribution] = r.n;
    total += r.n;
    sum += r.n * r.rating;
  }
  return {
    gameId,
    rating: game.rating,
    average: total ? Math.round((sum / total) * 100) / 100 : 0,
    count: total,
    distribution,
  };
}
