import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  GAME_PAGE_SIZE,
  type FeaturedGamesQuery,
  type Game,
  type GameDetail,
  type GameListQuery,
} from "../../contract/games";
import type { Db } from "../db/client";
import {
  categoriesTable,
  collectionsTable,
  feedsTable,
  gameCollectionsTable,
  gamesTable,
  playerGamesTable,
} from "../db/schema";
import { NotFound } from "../errors";
import { gamesOrigin } from "../games-hosts";
import { communitySettings } from "./community-settings";
import { searchGameIds } from "./game-search";

/**
 * D113–D115: what, besides a game's own `hidden_reason`, hides games from players: in school mode (with its switch
 * on), the games of feeds that carry their own ads. Read once per request (gameVisibility) and handed to gameIsShown.
 */
export type GameVisibility = { hideAdCarryingGames: boolean };

/** The site's current GameVisibility, from the community settings (cached per process, services/community-settings.ts). */
export async function gameVisibility(db: Db): Promise<GameVisibility> {
  const { hideAdCarryingGames } = await communitySettings(db);
  return { hideAdCarryingGames };
}

/**
 * D113–D115: the one SQL condition under which players see a game (lists, counts, search, pages, plays, scores,
 * reviews, saves): not hidden (gone from its feed, unreachable), and in school mode not from a feed that carries
 * its own ads (a game without a feed never is). Hidden games keep their scores, reviews and favourites; admins
 * still see them. `games` names the games table where a raw query aliases it (`sql.raw("g")`).
 *
 * `hidden_reason is null` is a filter on the rows an index-ordered scan reads (nearly all shown), so the lists still
 * stop at their LIMIT; the feeds' ids are one hashed subplan, read once per statement.
 */
export function gameIsShown(visibility: GameVisibility, games: SQL = sql`${gamesTable}`): SQL {
  const notHidden = sql`${games}.${sql.identifier(gamesTable.hiddenReason.name)} is null`;
  if (!visibility.hideAdCarryingGames) return notHidden;
  const feed = sql`${games}.${sql.identifier(gamesTable.sourceFeedId.name)}`;
  return sql`(${notHidden} and (${feed} is null or ${feed} not in (select ${feedsTable.id} from ${feedsTable} where ${feedsTable.carriesAds})))`;
}

/** The columns a Game is made of (toGame), for queries that join more tables (services/my-games.ts). */
export const gameColumns = {
  id: gamesTable.id,
  title: gamesTable.title,
  description: gamesTable.description,
  imageUrl: gamesTable.imageUrl,
  categoryId: gamesTable.categoryId,
  category: categoriesTable.name,
  categorySlug: categoriesTable.slug,
  externalUrl: gamesTable.externalUrl,
  hasPackage: gamesTable.hasPackage,
  developer: gamesTable.developer,
  instructions: gamesTable.instructions,
  isFeatured: gamesTable.isFeatured,
  isNew: gamesTable.isNew,
  isHot: gamesTable.isHot,
  plays: gamesTable.plays,
  rating: gamesTable.rating,
  releaseDate: gamesTable.releaseDate,
  createdAt: gamesTable.createdAt,
  difficulty: gamesTable.difficulty,
  scoreOrder: gamesTable.scoreOrder,
  scoreFormat: gamesTable.scoreFormat,
  maxScore: gamesTable.maxScore,
  minRoundMs: gamesTable.minRoundMs,
};

function selectGames(db: Db) {
  return db
    .select(gameColumns)
    .from(gamesTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId));
}

export type GameRow = Awaited<ReturnType<typeof selectGames>>[number];

/** D20: a game runs on the games origin unless it is played from an external URL. */
export function runsOnGamesOrigin(row: { externalUrl: string | null }): boolean {
  return !row.externalUrl;
}

/**
 * D20: the frame source is the externalUrl if set, else the games origin: GAMES_URL's, or with `{id}` in
 * GAMES_URL the game's own (games-hosts.ts).
 */
export function frameUrlFor(row: { id: number; externalUrl: string | null }, gamesUrl: string): string {
  return runsOnGamesOrigin(row) ? `${gamesOrigin(gamesUrl, row.id)}/game-frame/${row.id}/` : row.externalUrl!;
}

export function toGame(row: GameRow, gamesUrl: string): Game {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    categoryId: row.categoryId,
    category: row.category,
    categorySlug: row.categorySlug,
    externalUrl: row.externalUrl,
    developer: row.developer,
    instructions: row.instructions,
    isFeatured: row.isFeatured,
    featured: row.isFeatured,
    new: row.isNew,
    hot: row.isHot,
    plays: row.plays,
    rating: row.rating,
    releaseDate: row.releaseDate,
    createdAt: row.createdAt.toISOString(),
    frameUrl: frameUrlFor(row, gamesUrl),
    difficulty: row.difficulty,
    scoreRules: { order: row.scoreOrder, format: row.scoreFormat, maxScore: row.maxScore, minRoundMs: row.minRoundMs },
  };
}

/** Pseudo-category slugs (D50). */
export function pseudoCategoryFilter(slug: string): SQL | undefined {
  if (slug === "new") return eq(gamesTable.isNew, true);
  if (slug === "hot") return eq(gamesTable.isHot, true);
  if (slug === "featured") return eq(gamesTable.isFeatured, true);
  return undefined;
}

/**
 * A category's games, compared by id with the category looked up once (an InitPlan),
 * not through the join, so that the planner reads games_category_*_idx in the order asked for.
 */
function categoryFilter(slug: string): SQL {
  return (
    pseudoCategoryFilter(slug) ??
    sql`${gamesTable.categoryId} = (select ${categoriesTable.id} from ${categoriesTable} where ${categoriesTable.slug} = ${slug})`
  );
}

function orderFor(sort: GameListQuery["sort"]) {
  switch (sort) {
    case "popular":
      return [desc(gamesTable.plays), desc(gamesTable.id)];
    case "rating":
      return [desc(gamesTable.rating), desc(gamesTable.plays), desc(gamesTable.id)];
    case "newest":
    default:
      return [desc(gamesTable.createdAt), desc(gamesTable.id)];
  }
}

/** Every condition of a games list but its search: shown to players (D113–D115) and the category asked for. */
export function gameListFilter(query: GameListQuery, visibility: GameVisibility): SQL | undefined {
  return and(gameIsShown(visibility), query.category ? categoryFilter(query.category) : undefined);
}

/** The part of gameListFilter that games_category_*_idx answers in a sort's order: a real category, not a pseudo one. */
export function gameListIndexFilter(query: GameListQuery): SQL | undefined {
  return query.category && !pseudoCategoryFilter(query.category) ? categoryFilter(query.category) : undefined;
}

/**
 * The statements of a games list without a search, built but not run: the page (`rows`) and the number of all that
 * match (`total`), in the `sort` asked for. Exported so that the query plans can be checked
 * (src/server/db/indexes.test.ts); a search's are searchStatements' (services/game-search.ts).
 */
export function gameListQuery(db: Db, query: GameListQuery, visibility: GameVisibility) {
  const filter = gameListFilter(query, visibility);
  const rows = selectGames(db)
    .where(filter)
    .orderBy(...orderFor(query.sort))
    .$dynamic();
  rows.limit(query.limit ?? GAME_PAGE_SIZE.default);
  if (query.offset !== undefined) rows.offset(query.offset);
  // Every game has its category (a foreign key, NOT NULL), so the count needs no join.
  const total = db.select({ total: count() }).from(gamesTable).where(filter);
  return { rows, total };
}

/**
 * A page of games (GAME_PAGE_SIZE when `limit` is not given, never more than GAME_PAGE_SIZE.max: the
 * contract refuses a larger limit) and the number of all that match. A search's total is exact up to
 * SEARCH_RESULTS_CAP and `capped` past it (services/game-search.ts).
 */
export async function listGames(
  db: Db,
  gamesUrl: string,
  query: GameListQuery,
): Promise<{ games: Game[]; total: number; capped: boolean }> {
  const visibility = await gameVisibility(db);
  if (query.search) {
    const { ids, total, capped } = await searchGameIds(db, {
      term: query.search,
      sort: query.sort,
      limit: query.limit ?? GAME_PAGE_SIZE.default,
      offset: query.offset ?? 0,
      filter: gameListFilter(query, visibility),
      within: gameListIndexFilter(query),
    });
    const rows = ids.length ? await selectGames(db).where(inArray(gamesTable.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const games = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toGame(row, gamesUrl)] : [];
    });
    return { games, total, capped };
  }
  const statements = gameListQuery(db, query, visibility);
  const [page, [{ total }]] = await Promise.all([statements.rows, statements.total]);
  return { games: page.map((r) => toGame(r, gamesUrl)), total, capped: false };
}

/** The featured games, most played first, one page at a time (GAME_PAGE_SIZE). */
export async function featuredGames(
  db: Db,
  gamesUrl: string,
  page: FeaturedGamesQuery = {},
): Promise<{ games: Game[]; total: number }> {
  const featured = and(eq(gamesTable.isFeatured, true), gameIsShown(await gameVisibility(db)));
  const [rows, [{ total }]] = await Promise.all([
    selectGames(db)
      .where(featured)
      .orderBy(desc(gamesTable.plays), asc(gamesTable.id))
      .limit(page.limit ?? GAME_PAGE_SIZE.default)
      .offset(page.offset ?? 0),
    db.select({ total: count() }).from(gamesTable).where(featured),
  ]);
  return { games: rows.map((r) => toGame(r, gamesUrl)), total };
}

/** A game players may see (gameIsShown), as the lists show it. */
export async function getGame(db: Db, gamesUrl: string, id: number): Promise<Game | undefined> {
  const [row] = await selectGames(db).where(and(eq(gamesTable.id, id), gameIsShown(await gameVisibility(db))));
  return row ? toGame(row, gamesUrl) : undefined;
}

/**
 * D83: Total Players, the number of distinct signed-in players who have started a play of the game. Guests
 * cannot be told apart (a play has no user), so they are not counted. Each such player has one player_games row
 * per game (written with every signed-in play; migration 0007 filled it from earlier plays), so this is one
 * index range (player_games_game_idx) rather than a distinct count over every play (~66 ms at 40,000 plays).
 * The answer is cached with the game and built again after plays.
 */
const totalPlayersColumn =
  sql<number>`(select count(*)::int from ${playerGamesTable} where ${playerGamesTable.gameId} = ${gamesTable.id})`.mapWith(
    Number,
  );

/** GET /api/games/{id}: the game with its Total Players; undefined when players may not see it (gameIsShown). */
export async function getGameDetail(db: Db, gamesUrl: string, id: number): Promise<GameDetail | undefined> {
  const [row] = await db
    .select({ ...gameColumns, totalPlayers: totalPlayersColumn })
    .from(gamesTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, gamesTable.categoryId))
    .where(and(eq(gamesTable.id, id), gameIsShown(await gameVisibility(db))));
  return row ? { ...toGame(row, gamesUrl), totalPlayers: row.totalPlayers } : undefined;
}

/**
 * D83: a page of a collection's games, newest first (as a category's), and how many it has; undefined when
 * there is no such collection. Compared by id with the collection looked up once, as categoryFilter does.
 */
export async function listCollectionGames(
  db: Db,
  gamesUrl: string,
  slug: string,
  page: { limit?: number; offset?: number },
): Promise<{ games: Game[]; total: number } | undefined> {
  const [collection] = await db
    .select({ id: collectionsTable.id })
    .from(collectionsTable)
    .where(eq(collectionsTable.slug, slug));
  if (!collection) return undefined;
  const tagged = and(
    sql`${gamesTable.id} in (select ${gameCollectionsTable.gameId} from ${gameCollectionsTable} where ${gameCollectionsTable.collectionId} = ${collection.id})`,
    gameIsShown(await gameVisibility(db)),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectGames(db)
      .where(tagged)
      .orderBy(desc(gamesTable.createdAt), desc(gamesTable.id))
      .limit(page.limit ?? GAME_PAGE_SIZE.default)
      .offset(page.offset ?? 0),
    // Hidden games are still tagged: the count reads the games as the page does
    db.select({ total: count() }).from(gamesTable).where(tagged),
  ]);
  return { games: rows.map((r) => toGame(r, gamesUrl)), total };
}

/** 404 "Game not found" unless the game exists, hidden or not (the CMS's reads and writes). */
export async function assertGameExists(db: Pick<Db, "select">, gameId: number): Promise<void> {
  const [g] = await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, gameId));
  if (!g) throw new NotFound("Game not found");
}

/**
 * 404 "Game not found" unless players may see the game (gameIsShown): what a player does with a game (a review, a
 * favourite, a board, an achievement) is refused for a hidden one as for one that does not exist. `visibility` is
 * read before a transaction (gameVisibility takes the application's database, not a transaction).
 */
export async function assertGameShown(
  db: Pick<Db, "select">,
  gameId: number,
  visibility: GameVisibility,
): Promise<void> {
  const [g] = await db
    .select({ id: gamesTable.id })
    .from(gamesTable)
    .where(and(eq(gamesTable.id, gameId), gameIsShown(visibility)));
  if (!g) throw new NotFound("Game not found");
}

/**
 * 404 "Game not found" unless players may see the game (gameIsShown) and it runs on the games origin: a game played
 * from an external URL is not ours to host, so it has no cloud saves (D76). In a transaction, `lock` holds the game's
 * row (FOR KEY SHARE) until the end, so that the game cannot be deleted meanwhile.
 */
export async function assertGameOnGamesOrigin(
  db: Pick<Db, "select">,
  gameId: number,
  visibility: GameVisibility,
  opts: { lock?: boolean } = {},
): Promise<void> {
  const query = db
    .select({ externalUrl: gamesTable.externalUrl })
    .from(gamesTable)
    .where(and(eq(gamesTable.id, gameId), gameIsShown(visibility)));
  const [g] = opts.lock ? await query.for("key share") : await query;
  if (!g || !runsOnGamesOrigin(g)) throw new NotFound("Game not found");
}
