import crypto from "node:crypto";
import zlib from "node:zlib";
import type { PgListener, ListenerLogger } from "./pg-listener";

/** The PostgreSQL channel on which processes tell each other that the catalogue changed (decision 008). */
export const READ_CACHE_CHANNEL = "arcadium_reads";

/** What a read produces: its JSON text and the headers that go with it (X-Total-Count …). */
export type ReadBody = { json: string; headers?: Record<string, string>; status?: number };

/** A cached answer: the body, its strong ETag and its compressed forms (made on first demand). */
export type CachedRead = {
  readonly json: Buffer;
  readonly etag: string;
  readonly headers: Record<string, string>;
  /** the HTTP status to answer with (pages: 404 for an unknown one); absent means 200 */
  readonly status?: number;
  encoded(encoding: "br" | "gzip"): Buffer;
};

export type ReadCacheOptions = {
  logger?: ListenerLogger;
  /** At most this many answers are kept (least recently used leave first). Default 2,000. */
  maxEntries?: number;
  /**
   * Answers to searches are kept apart, at most this many (default 500): their keys are typed by
   * visitors, so a flood of one-off searches must not push the home lists out.
   */
  maxSearchEntries?: number;
  /** Rendered pages (issue 13) are kept apart too, at most this many (default 1,000): one per game would push the lists out. */
  maxPageEntries?: number;
  /** Notifications caused by frequent changes (plays) are sent at most once per this many ms. Default 500. */
  coalesceMs?: number;
  /**
   * An answer older than this is built again even without an invalidation: the backstop for changes made
   * outside the application (an operator's SQL). Default 60 s.
   */
  maxAgeMs?: number;
};

type Entry = { generation: number; at: number; value: Promise<CachedRead> };
/** Which share of the cache a key lives in (see ReadCacheOptions.maxSearchEntries). */
export type ReadGroup = "lists" | "searches" | "pages";

function makeCachedRead(body: ReadBody): CachedRead {
  const json = Buffer.from(body.json, "utf8");
  const etag = `"${crypto.createHash("sha1").update(json).digest("base64url")}"`;
  const forms: Partial<Record<"br" | "gzip", Buffer>> = {};
  return {
    json,
    etag,
    headers: body.headers ?? {},
    status: body.status,
    encoded(encoding) {
      forms[encoding] ??=
        encoding === "br"
          ? zlib.brotliCompressSync(json, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              },
            })
          : zlib.gzipSync(json, { level: 9 });
      return forms[encoding];
    },
  };
}

/**
 * A per-process cache of public read answers (issue 12 item 4, decision 008): home lists, categories, a game,
 * the first pages of each sort. No HTTP types: routes ask `get(key, build)` and send what it returns
 * (plugins/read-cache-http.ts does the ETag, 304 and encoding).
 *
 * Contract:
 * - Answers belong to a generation. `invalidate()` starts a new one here at once and tells every other
 *   process through NOTIFY on READ_CACHE_CHANNEL; each process starts a new generation when it hears one.
 *   Call it after the change has committed. An admin's change is therefore served by every process as soon
 *   as the NOTIFY arrives (milliseconds; the issue asks for one second).
 * - A build that started before an invalidation is answered but not kept for the new generation, so a
 *   read racing a write never pins the old data.
 * - Concurrent requests for a missing key share one build.
 * - While the LISTEN connection is down (`listener.listening` false) nothing is served from the cache:
 *   a change made elsewhere could go unheard. When it comes back a new generation starts.
 * - `invalidate({ frequent: true })` (plays) starts the new generation here at once but coalesces the
 *   NOTIFYs to one per `coalesceMs`, so a burst of plays costs the other processes a few rebuilds a second.
 * - Bounded: at most `maxEntries` answers (and `maxSearchEntries` answers to searches, kept apart), least
 *   recently used evicted first, none older than `maxAgeMs`
 *   (changes made outside the application, e.g. by an operator's SQL, show within that time).
 */
export class ReadCache {
  /** This process's id, the NOTIFY payload, so that a process does not act on its own echo. */
  readonly id = crypto.randomUUID();
  private generation = 0;
  private readonly groups: Record<ReadGroup, { entries: Map<string, Entry>; max: number }>;
  private readonly coalesceMs: number;
  private readonly maxAgeMs: number;
  private readonly detach: Array<() => void> = [];
  private notifyTimer: NodeJS.Timeout | null = null;
  private lastNotifyAt = 0;
  /** For tests and operations: answers built, answers served from memory. */
  readonly stats = { builds: 0, hits: 0 };

  constructor(
    private readonly listener: PgListener,
    options: ReadCacheOptions = {},
  ) {
    this.groups = {
      lists: { entries: new Map(), max: options.maxEntries ?? 2000 },
      searches: { entries: new Map(), max: options.maxSearchEntries ?? 500 },
      pages: { entries: new Map(), max: options.maxPageEntries ?? 1000 },
    };
    this.coalesceMs = options.coalesceMs ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.detach.push(
      listener.on(READ_CACHE_CHANNEL, (origin) => {
        if (origin !== this.id) this.newGeneration();
      }),
      listener.onReconnect(() => this.newGeneration()),
    );
  }

  /** How many answers are kept, in all groups. */
  get size(): number {
    return this.groups.lists.entries.size + this.groups.searches.entries.size + this.groups.pages.entries.size;
  }

  /** The answer for `key`, built with `build` unless this generation has it. */
  get(key: string, build: () => Promise<ReadBody>, group: ReadGroup = "lists"): Promise<CachedRead> {
    if (!this.listener.listening) {
      this.stats.builds++;
      return build().then(makeCachedRead);
    }
    const { entries, max } = this.groups[group];
    const hit = entries.get(key);
    const now = Date.now();
    if (hit && hit.generation === this.generation && now - hit.at < this.maxAgeMs) {
      this.stats.hits++;
      // Least recently used order: a hit moves to the end.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    this.stats.builds++;
    const generation = this.generation;
    const value = build().then(makeCachedRead);
    const entry: Entry = { generation, at: now, value };
    entries.delete(key);
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    while (entries.size > max) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
    return value;
  }

  /** Drops one answer of this process (nothing is told to the others). */
  forget(key: string, group: ReadGroup = "lists"): void {
    this.groups[group].entries.delete(key);
  }

  /** Forgets every answer here and tells the other processes to do the same (see the contract above). */
  invalidate(options: { frequent?: boolean } = {}): Promise<void> {
    this.newGeneration();
    if (this.listener.mode !== "postgres") return Promise.resolve();
    if (!options.frequent) return this.sendNotify();
    const wait = this.lastNotifyAt + this.coalesceMs - Date.now();
    if (wait <= 0) return this.sendNotify();
    if (!this.notifyTimer) {
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = null;
        void this.sendNotify();
      }, wait);
      this.notifyTimer.unref();
    }
    return Promise.resolve();
  }

  close(): void {
    for (const off of this.detach.splice(0)) off();
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.clearEntries();
  }

  private newGeneration() {
    this.generation++;
    this.clearEntries();
  }

  private clearEntries() {
    for (const group of Object.values(this.groups)) group.entries.clear();
  }

  private async sendNotify(): Promise<void> {
    this.lastNotifyAt = Date.now();
    await this.listener.notify(READ_CACHE_CHANNEL, this.id);
  }
}
