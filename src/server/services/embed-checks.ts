/**
 * D114: is a game that is embedded from another site still there? Its embed address is asked for, bounded, and
 * three failures in a row hide the game as "unreachable". One concern, no HTTP framework types.
 *
 * Contract:
 * - `embedFetcher({allowPrivate, allowAddresses})` asks an embed address through `outsideFetch` (ADR 024): GET, any
 *   content type, at most `EMBED_CHECK_LIMITS.maxBytes` read, `timeoutMs` for the whole fetch with its redirects.
 *   A 2xx after any redirects is reachable, even when its body is larger than what is read (a game may inline all of
 *   its code in one page: only the status matters); a 429 is "busy"; any other status, a timeout, a refused or
 *   private address (FETCH_ALLOW_PRIVATE off) is a failure with a message an admin can read.
 * - The games checked are the embedded ones: an `external_url` that is not on the game's own games origin.
 * - `checkGameEmbed(deps, gameId)` checks one such game now, shown or hidden ("Check now"); null when the game does
 *   not exist or is not embedded from elsewhere. `checkEmbedBatch(deps, {before})` checks up to `batch` shown
 *   embedded games not checked since `before`, the longest unchecked first, `concurrency` at a time, and answers how
 *   many it checked, which it hid and whether more wait.
 * - Each check records `embed_checked_at`. Reachable: `embed_failures` 0 and no `embed_error`. Failed:
 *   `embed_failures` + 1 and the reason in `embed_error`; at `EMBED_FAILURES_TO_HIDE` a shown game is hidden as
 *   "unreachable" (a hidden game keeps its reason; showing it again is an admin's act, which starts the count over).
 *   Busy (429): neither a success nor a failure of the game; only the time is recorded, so that a run moves on.
 * Times come from `deps.now`. The caller drops the cached public reads when a game was hidden.
 */
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { gamesTable } from "../db/schema";
import { GAME_ID_PLACEHOLDER } from "../games-hosts";
import { outsideFetch, type OutsideFetchOptions } from "./outside-fetch";

export const EMBED_CHECK_LIMITS = { maxBytes: 256 * 1024, timeoutMs: 10_000 } as const;
/** Failed checks in a row that hide a game. */
export const EMBED_FAILURES_TO_HIDE = 3;
const ERROR_MAX_CHARS = 300;
const DEFAULT_BATCH = 24;
const DEFAULT_CONCURRENCY = 3;

export type EmbedAnswer = { outcome: "reachable" } | { outcome: "busy" } | { outcome: "failed"; error: string };
export type FetchEmbed = (url: string) => Promise<EmbedAnswer>;

export type EmbedCheckDeps = {
  db: Db;
  /** Config.gamesUrl: an address on a game's own games origin is not an embed */
  gamesUrl: string;
  fetchEmbed: FetchEmbed;
  now: () => Date;
};

export type EmbedCheckResult = {
  gameId: number;
  outcome: EmbedAnswer["outcome"];
  failures: number;
  error: string | null;
  checkedAt: Date;
  /** this check hid the game */
  hidden: boolean;
};

export function embedFetcher(
  options: Pick<OutsideFetchOptions, "allowPrivate" | "allowAddresses"> & { timeoutMs?: number },
): FetchEmbed {
  return async (url) => {
    let answered = false;
    try {
      const answer = await outsideFetch(url, {
        method: "GET",
        maxBytes: EMBED_CHECK_LIMITS.maxBytes,
        timeoutMs: options.timeoutMs ?? EMBED_CHECK_LIMITS.timeoutMs,
        allowPrivate: options.allowPrivate,
        allowAddresses: options.allowAddresses,
        headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
        subject: "The game's address",
        // asked only of a 2xx: any type will do, and from here on the game has answered
        accept: () => {
          answered = true;
          return true;
        },
      });
      if (answer.status >= 200 && answer.status < 300) return { outcome: "reachable" };
      if (answer.status === 429) return { outcome: "busy" };
      return { outcome: "failed", error: `The game's address answered HTTP ${answer.status}` };
    } catch (err) {
      // a 2xx whose body was too large or too slow to read: the game is there
      if (answered) return { outcome: "reachable" };
      return { outcome: "failed", error: err instanceof Error ? err.message : String(err) };
    }
  };
}

/** An embedded game: its address is set and is not on its own games origin (per game with `{id}`). */
function isEmbedded(gamesUrl: string): SQL {
  const origin = gamesUrl.replace(/\/+$/, "");
  const own = sql`replace(${origin}, ${GAME_ID_PLACEHOLDER}, ${gamesTable.id}::text)`;
  return sql`(${gamesTable.externalUrl} is not null and ${gamesTable.externalUrl} <> ${own}
    and left(${gamesTable.externalUrl}, length(${own}) + 1) <> ${own} || '/')`;
}

async function record(deps: EmbedCheckDeps, gameId: number, answer: EmbedAnswer): Promise<EmbedCheckResult> {
  const { db } = deps;
  const checkedAt = deps.now();
  if (answer.outcome !== "failed") {
    const [row] = await db
      .update(gamesTable)
      .set(
        answer.outcome === "reachable"
          ? { embedCheckedAt: checkedAt, embedFailures: 0, embedError: null }
          : { embedCheckedAt: checkedAt },
      )
      .where(eq(gamesTable.id, gameId))
      .returning({ failures: gamesTable.embedFailures, error: gamesTable.embedError });
    return { gameId, outcome: answer.outcome, checkedAt, hidden: false, ...row };
  }
  const error = answer.error.slice(0, ERROR_MAX_CHARS);
  const [row] = await db
    .update(gamesTable)
    .set({ embedCheckedAt: checkedAt, embedFailures: sql`${gamesTable.embedFailures} + 1`, embedError: error })
    .where(eq(gamesTable.id, gameId))
    .returning({ failures: gamesTable.embedFailures });
  const hid = await db
    .update(gamesTable)
    .set({ hiddenReason: "unreachable" })
    .where(
      and(
        eq(gamesTable.id, gameId),
        isNull(gamesTable.hiddenReason),
        gte(gamesTable.embedFailures, EMBED_FAILURES_TO_HIDE),
      ),
    )
    .returning({ id: gamesTable.id });
  return { gameId, outcome: "failed", failures: row?.failures ?? 0, error, checkedAt, hidden: hid.length > 0 };
}

export async function checkGameEmbed(deps: EmbedCheckDeps, gameId: number): Promise<EmbedCheckResult | null> {
  const [game] = await deps.db
    .select({ id: gamesTable.id, url: gamesTable.externalUrl })
    .from(gamesTable)
    .where(and(eq(gamesTable.id, gameId), isEmbedded(deps.gamesUrl)));
  if (!game?.url) return null;
  return record(deps, game.id, await deps.fetchEmbed(game.url));
}

export async function checkEmbedBatch(
  deps: EmbedCheckDeps,
  options: { before: Date; batch?: number; concurrency?: number },
): Promise<{ checked: number; hidden: number[]; more: boolean }> {
  const batch = options.batch ?? DEFAULT_BATCH;
  const due = await deps.db
    .select({ id: gamesTable.id, url: gamesTable.externalUrl })
    .from(gamesTable)
    .where(
      and(
        isNull(gamesTable.hiddenReason),
        isNotNull(gamesTable.externalUrl),
        isEmbedded(deps.gamesUrl),
        or(isNull(gamesTable.embedCheckedAt), lt(gamesTable.embedCheckedAt, options.before)),
      ),
    )
    .orderBy(sql`${gamesTable.embedCheckedAt} asc nulls first`, asc(gamesTable.id))
    .limit(batch + 1);
  const todo = due.slice(0, batch);
  const hidden: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const game = todo[next++];
      const result = await record(deps, game.id, await deps.fetchEmbed(game.url!));
      if (result.hidden) hidden.push(game.id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) }, worker));
  return { checked: todo.length, hidden, more: due.length > batch };
}
