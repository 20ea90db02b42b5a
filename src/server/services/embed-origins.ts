/**
 * D115: the origins the site's pages may frame besides the games origin: those of the external games players can
 * open (admin-added ones and feeds' published games). One concern, no HTTP types.
 *
 * Contract:
 * - `loadEmbedOrigins(db)` answers the distinct origins (scheme, host, port) of shown games' `external_url`, sorted;
 *   an address that does not parse is left out.
 * - `EmbedOrigins.current()` answers the list this process knows. After `expire()` (this process changed the
 *   catalogue) the next call waits for a fresh list, so a game just added can be framed at once; otherwise a list
 *   older than `maxAgeMs` is answered as it is while a fresh one loads (another process's change shows within that
 *   time). A load that fails keeps the last list (none at first) and is tried again on the next call.
 */
import { and, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { gamesTable } from "../db/schema";

/** A header of thousands of origins breaks proxies; past this many, any https origin may be framed. */
export const MAX_FRAMED_ORIGINS = 300;

export async function loadEmbedOrigins(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      prefix: sql<string>`substring(${gamesTable.externalUrl} from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+')`,
    })
    .from(gamesTable)
    .where(and(isNotNull(gamesTable.externalUrl), isNull(gamesTable.hiddenReason)));
  const origins = new Set<string>();
  for (const { prefix } of rows) {
    if (!prefix) continue;
    try {
      const url = new URL(prefix);
      if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin);
    } catch {
      // not an address a frame could load
    }
  }
  return [...origins].sort();
}

export class EmbedOrigins {
  private list: string[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private stale = true;
  private loading: Promise<string[]> | undefined;
  /** counts expire() calls: a load that started before the latest one does not make the list fresh */
  private changes = 0;

  constructor(
    private readonly load: () => Promise<string[]>,
    private readonly maxAgeMs = 60_000,
  ) {}

  current(): Promise<string[]> {
    if (this.stale) return this.refresh();
    if (Date.now() - this.loadedAt > this.maxAgeMs) void this.refresh().catch(() => undefined);
    return Promise.resolve(this.list);
  }

  expire(): void {
    this.changes += 1;
    this.stale = true;
  }

  private refresh(): Promise<string[]> {
    const changes = this.changes;
    this.loading ??= this.load()
      .then(
        (list) => {
          this.list = list;
          this.loadedAt = Date.now();
          this.stale = changes !== this.changes;
          return list;
        },
        () => this.list,
      )
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

/** The `frame-src` sources: the games origin's source, then the embed origins (or `https:` past the bound). */
export function frameSources(gamesSource: string, origins: readonly string[]): string[] {
  const others =
    origins.length > MAX_FRAMED_ORIGINS ? ["https:", ...origins.filter((o) => o.startsWith("http:"))] : origins;
  return [gamesSource, ...others.filter((origin) => origin !== gamesSource)];
}
