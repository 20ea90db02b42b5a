import { sql, type SQL } from "drizzle-orm";
import { SEARCH_RESULTS_CAP, type GameListQuery } from "../../contract/games";
import type { Db } from "../db/client";
import { gamesTable, titleWordsTable } from "../db/schema";
import { escapeLike, likePattern } from "./like-pattern";

/**
 * Contract: the catalogue's search, as the ids of one page of games and a total (ADR 026).
 *
 * - A game matches a term when its title or description contains the term as typed (case-insensitive, LIKE
 *   wildcards as text). When the term as typed finds at most `cap` games and has a letter, a game also matches when
 *   its title has words similar to the term's by trigrams (pg_trgm's strict word similarity, at least
 *   pg_trgm.strict_word_similarity_threshold) and contains, as text, a word of the shown games' titles
 *   (title_words: runs of letters and digits with a letter) that is that similar to a word of the term: "Astroid"
 *   finds "Asteroid Drift", and so does "drift asteroid".
 * - The order, unless a sort is asked for: the title itself, titles starting with the term, titles containing it,
 *   similar titles (the closest first, unless there are more than `cap` of them), then matches in the description
 *   only; within each, the most played first.
 * - The total is exact up to `cap` (SEARCH_RESULTS_CAP). Past it the total is `cap`, `capped` is true, and the pages
 *   end at `cap`: nobody pages through a thousand results, and counting a common word's every match is the cost
 *   that made a search slow.
 * - The work is bounded by the page, not by how common the word is: the matches as typed and the similar titles
 *   are each counted up to cap + 1; a common word's page, or a typo's with more than `cap` similar titles, is read
 *   in the order asked for, from the sort's own index, a chunk at a time, until the page is full. Only a rare word's
 *   matches (at most `cap` as typed and `cap` similar) are read whole. A typo's similar words are looked up in
 *   title_words, a few thousand words, and its titles through those words, not through every title it resembles.
 *
 * `filter` is every other condition on `games` (shown to players, a category): it must not read the text columns.
 * `within` is the part of it a sort's index can answer with the order (a category's id), if any.
 * No HTTP types.
 */

export type SearchInput = {
  term: string;
  sort?: GameListQuery["sort"];
  limit: number;
  offset: number;
  filter?: SQL;
  /** The part of `filter` a sort's index answers in order (games_category_*_idx): the category's id. */
  within?: SQL;
  /** SEARCH_RESULTS_CAP unless a test lowers it. */
  cap?: number;
  /** SEARCH_CHUNK_ROWS unless a test lowers it. */
  chunkRows?: number;
};

export type SearchPage = { ids: number[]; total: number; capped: boolean };

/** Rows read from a sort's index per round trip when a common word's page is collected. */
export const SEARCH_CHUNK_ROWS = 500;
/**
 * How many chunks a page may read in index order before its matches are fetched through the trigram index instead:
 * past it the word is rare enough in this part of the list that reading all its matches costs less.
 */
export const SEARCH_CHUNKS_MAX = 4;

/** Typos are made in words: a term without a letter ("100%") is matched only as typed, or "100%" would find "1000". */
export function forgivesTypos(term: string): boolean {
  return /\p{L}/u.test(term);
}

type SortKey = NonNullable<GameListQuery["sort"]>;
type Keyset = { id: number; plays: number; rating: number; createdAt: string };

/** A sort's columns, all descending, in index order (games_popular_idx, games_top_rated_idx, games_newest_idx and their category twins). */
const SORT_KEYS: Record<SortKey, string[]> = {
  popular: ["plays", "id"],
  rating: ["rating", "plays", "id"],
  newest: ["created_at", "id"],
};

/** ORDER BY a sort, on the games table or, with `from` null, on a row set with the same column names. */
function sortOrder(sort: SortKey, from: SQL | null = sql`${gamesTable}`): SQL {
  return sql.join(
    SORT_KEYS[sort].map((key) => (from ? sql`${from}.${sql.identifier(key)} desc` : sql`${sql.identifier(key)} desc`)),
    sql`, `,
  );
}

function after(sort: SortKey, last: Keyset): SQL {
  switch (sort) {
    case "popular":
      return sql`(${gamesTable.plays}, ${gamesTable.id}) < (${last.plays}::int, ${last.id}::int)`;
    case "rating":
      return sql`(${gamesTable.rating}, ${gamesTable.plays}, ${gamesTable.id}) < (${last.rating}::int, ${last.plays}::int, ${last.id}::int)`;
    case "newest":
      return sql`(${gamesTable.createdAt}, ${gamesTable.id}) < (${last.createdAt}::timestamptz, ${last.id}::int)`;
  }
}

const rowsOf = async <T>(db: Db, query: SQL) => (await db.execute(query)).rows as T[];

/**
 * The statements of a search, built but not run, so that their plans can be checked (src/server/db/indexes.test.ts).
 */
export function searchStatements(input: SearchInput) {
  const cap = input.cap ?? SEARCH_RESULTS_CAP;
  const chunkRows = input.chunkRows ?? SEARCH_CHUNK_ROWS;
  const term = sql`${input.term}::text`;
  const contains = likePattern(input.term);
  const only = input.filter ? sql` and ${input.filter}` : sql``;
  const inTitle = sql`${gamesTable.title} ilike ${contains}`;
  const inDescriptionOnly = sql`${gamesTable.description} ilike ${contains} and not ${inTitle}`;
  const typos = forgivesTypos(input.term);
  /** A title similar to the term that contains one of `words` (a text[] from title_words), through the title's index. */
  const similarTitle = (words: SQL) =>
    sql`(${gamesTable.title} ilike any (array(select '%' || w || '%' from unnest(${words}) as w)) and ${gamesTable.title} %>> ${term})`;
  // Tiers 0–2 split the titles that contain the term: the title itself, then titles that start with it.
  const titleTier = sql`case when lower(${gamesTable.title}) = lower(${term}) then 0 when ${gamesTable.title} ilike ${`${escapeLike(input.term)}%`} then 1 else 2 end`;

  const order = input.sort ? sortOrder(input.sort, null) : sql`tier, similarity desc, plays desc, id desc`;
  const columns = sql`${gamesTable.id} as id, ${gamesTable.title} as title, ${gamesTable.plays} as plays, ${gamesTable.rating} as rating, ${gamesTable.createdAt} as created_at`;

  /**
   * One statement, whatever the word: the matches as typed, in titles and in descriptions only, each read through
   * its trigram index and stopped at cap + 1; similar titles only when those are at most `cap` together. For a rare
   * word (`titles + descriptions <= cap`) the rows' ids are the page asked for, in order, and `total` is the exact
   * count (one row with no id when the page is empty); for a common one the counts say so and the page is collected
   * apart (searchGameIds).
   */
  const first = (limit: number, offset: number) => sql`with
    titles as materialized (select ${columns}, ${titleTier} as tier from ${gamesTable}
      where ${inTitle}${only} limit ${cap + 1}),
    described as materialized (select ${columns}, 4 as tier from ${gamesTable}
      where (select count(*) from titles) <= ${cap} and ${inDescriptionOnly}${only} limit ${cap + 1}),
    counted as materialized (select (select count(*) from titles)::int as titles,
      (select count(*) from described)::int as descriptions),
    similar_words as materialized (select ${titleWordsTable.word} as word from ${titleWordsTable}
      where ${sql.raw(String(typos))} and (select titles + descriptions from counted) <= ${cap}
        and ${titleWordsTable.word} %>> any (regexp_split_to_array(lower(${term}), '[^[:alnum:]]+'))),
    similar_titles as materialized (select ${columns}, 3 as tier from ${gamesTable}
      where ${similarTitle(sql`array(select word from similar_words)`)} and not ${inTitle}${only} limit ${cap + 1}),
    matches as materialized (select id, title, plays, rating, created_at, min(tier) as tier from
      (select * from titles union all select * from similar_titles union all select * from described) as branches
      group by id, title, plays, rating, created_at)
    select counted.titles, counted.descriptions, (select count(*) from similar_titles)::int as similar,
      array_to_string(array(select word from similar_words), ' ') as words, (select count(*) from matches)::int as total, page.id
    from counted left join lateral (select id, tier, similarity, plays, rating, created_at from
        (select *, case when tier = 3 and (select count(*) from similar_titles) <= ${cap}
            then strict_word_similarity(${term}, title) else 0 end as similarity
          from matches) as ranked
        order by ${order} limit ${limit} offset ${offset}) as page on true
    order by ${order}`;

  /** A common word's titles, ranked: the title itself, titles that start with it, then titles containing it. */
  const titles = (limit: number) =>
    sql`select ${gamesTable.id} as id from ${gamesTable} where ${inTitle}${only}
      order by ${titleTier}, ${gamesTable.plays} desc, ${gamesTable.id} desc limit ${limit}`;

  /**
   * The next chunk of games in a sort's index order, each marked whether it matches. Only what the sort's index
   * answers is inside the LIMIT; the text and the rest of the filter are matched outside it, so the planner reads
   * the index in order whatever it guesses of them (right after a bulk import, with no statistics yet, it guessed
   * that few games are shown and sorted the whole table).
   */
  const chunk = (sort: SortKey, match: SQL, last: Keyset | undefined) =>
    sql`select id, plays, rating, created_at::text as "createdAt", (${match}${only}) as matched from (
      select * from ${gamesTable} where ${last ? after(sort, last) : sql`true`}${input.within ? sql` and ${input.within}` : sql``}
      order by ${sortOrder(sort)} limit ${chunkRows}) as ${gamesTable}`;

  /** A common word's matches in a sort's order, fetched through the trigram indexes (past SEARCH_CHUNKS_MAX chunks). */
  const sorted = (sort: SortKey, match: SQL, limit: number) =>
    sql`select ${gamesTable.id} as id from ${gamesTable} where ${match}${only} order by ${sortOrder(sort)} limit ${limit}`;

  return {
    cap,
    chunkRows,
    first,
    titles,
    chunk,
    sorted,
    matchAsTyped: sql`(${inTitle} or ${gamesTable.description} ilike ${contains})`,
    inDescriptionOnly,
    /** A title similar to the term through one of these words (title_words, space-separated), not containing the term. */
    similarOnly: (words: string) =>
      sql`(${similarTitle(sql`string_to_array(${words}::text, ' ')`)} and not ${inTitle})`,
  };
}

/** A page of a search: the ids in order, the total (exact up to the cap) and whether it was capped. */
export async function searchGameIds(db: Db, input: SearchInput): Promise<SearchPage> {
  const s = searchStatements(input);
  const end = Math.min(input.offset + input.limit, s.cap);
  const rows = await rowsOf<{
    titles: number;
    descriptions: number;
    similar: number;
    words: string;
    total: number;
    id: number | null;
  }>(db, s.first(Math.max(end - input.offset, 0), input.offset));
  const found = rows[0];
  const asTypedCapped = found.titles + found.descriptions > s.cap;
  if (!asTypedCapped && found.similar <= s.cap) {
    const ids = rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
    return { ids, total: Math.min(found.total, s.cap), capped: found.total > s.cap };
  }
  const capped = { total: s.cap, capped: true };
  if (end <= input.offset) return { ids: [], ...capped };
  // More than `cap` similar titles: ranked by plays, they fill the pages up to the cap before any description does.
  const similar = asTypedCapped ? undefined : s.similarOnly(found.words);
  if (input.sort) {
    // A typo usually has no match as typed: then only the similar titles are matched, not every description read.
    const asTyped = found.titles + found.descriptions > 0 ? s.matchAsTyped : undefined;
    const match = similar && asTyped ? sql`(${asTyped} or ${similar})` : (similar ?? s.matchAsTyped);
    const ids = await collect(db, s, input.sort, match, end);
    return { ids: ids.slice(input.offset, end), ...capped };
  }
  const titled = found.titles ? (await rowsOf<{ id: number }>(db, s.titles(end))).map((r) => r.id) : [];
  const rest =
    titled.length < end ? await collect(db, s, "popular", similar ?? s.inDescriptionOnly, end - titled.length) : [];
  return { ids: [...titled, ...rest].slice(input.offset, end), ...capped };
}

/**
 * The first `wanted` matches of a common word in a sort's order: read from the sort's index a chunk at a time, where
 * a page of a common word is found in a few hundred rows; past SEARCH_CHUNKS_MAX chunks through the trigram
 * indexes, since the word is then rare enough in this part of the list that reading all its matches costs less.
 */
async function collect(
  db: Db,
  s: ReturnType<typeof searchStatements>,
  sort: SortKey,
  match: SQL,
  wanted: number,
): Promise<number[]> {
  const found: number[] = [];
  let last: Keyset | undefined;
  for (let read = 0; ;) {
    const rows = await rowsOf<Keyset & { matched: boolean }>(db, s.chunk(sort, match, last));
    for (const row of rows) {
      if (row.matched) found.push(row.id);
      if (found.length === wanted) return found;
    }
    if (rows.length < s.chunkRows) return found;
    read += rows.length;
    last = rows[rows.length - 1];
    // Stop as soon as the matches seen so far say the page lies past the chunks' budget.
    const rowsNeeded = found.length ? (read * wanted) / found.length : Infinity;
    if (rowsNeeded > SEARCH_CHUNKS_MAX * s.chunkRows) break;
  }
  return (await rowsOf<{ id: number }>(db, s.sorted(sort, match, wanted))).map((r) => r.id);
}
