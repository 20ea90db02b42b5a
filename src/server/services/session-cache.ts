import type { Db } from "../db/client";
import type { PgListener } from "./pg-listener";
import type { SessionUser } from "./session-user";

/**
 * The channel on which PostgreSQL itself announces that sessions or the users behind them changed: triggers
 * (migration 0003_session_notify.sql) send the ids of the users concerned, comma-separated, or "*" when a
 * statement touched too many to list.
 */
export const SESSION_CHANNEL = "arcadium_sessions";

/** What a lookup found, as the cache keeps it. */
export type CachedSession = { user: SessionUser; lastSeenAt: Date; expiresAt: Date };

/** A change this process made and knows of before PostgreSQL's notification comes back. */
export type SessionChange = { userIds?: readonly number[]; tokenHashes?: readonly string[] } | "all";

export type SessionCacheOptions = {
  /** An entry older than this is looked up again even without a notification (default 60 s). */
  maxAgeMs?: number;
  /** At most this many sessions are kept (least recently used leave first). Default 10,000. */
  maxEntries?: number;
};

type Entry = CachedSession & { at: number };

/** The caches of each database handle, so that a service that changed sessions can tell them at once. */
const cachesByDb = new WeakMap<Db, Set<SessionCache>>();

/**
 * Tells this process's session caches of a change that has just committed (a sign-out, an account disabled,
 * a role or name changed). Other processes hear it from PostgreSQL's triggers; this call only closes the gap
 * of a few milliseconds before the notification reaches this process too, so that a sign-out is final for the
 * very next request.
 */
export function sessionsChanged(db: Db, change: SessionChange): void {
  for (const cache of cachesByDb.get(db) ?? []) cache.forget(change);
}

/**
 * A per-process cache of resolved sessions (ADR 009), so that a signed-in read costs one
 * database round trip (its own data), not two. No HTTP types: the auth plugin asks `get` before looking a
 * session up and `set` after.
 *
 * Contract:
 * - Only live sessions are kept; an unknown, expired or idle token is always looked up (and refused) again.
 * - Invalidation does not depend on the application remembering to send it: PostgreSQL's triggers notify
 *   SESSION_CHANNEL whenever a session is deleted or changed and whenever a user's role, name, avatar or
 *   disabled state changes, whoever made the change (this process, another one, an operator's SQL). Each
 *   process forgets the sessions of the users named. `sessionsChanged` does the same here at once.
 * - A lookup that started before an invalidation is not kept (generations), so a read racing a sign-out or a
 *   disabling never pins the old answer.
 * - While the LISTEN connection is down (`listener.listening` false) nothing is served from the cache; after
 *   a reconnect everything is forgotten. On PGlite (one process, no network between it and the data) nothing
 *   is cached: there is no round trip to save.
 * - An entry lives at most `maxAgeMs`; a hit whose idle time looks exceeded is looked up again (another process
 *   may have seen the session more recently). At most `maxEntries` entries.
 */
export class SessionCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly detach: Array<() => void> = [];
  /** For tests and operations. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Db,
    private readonly listener: PgListener,
    options: SessionCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    if (listener.mode !== "postgres") return;
    this.detach.push(
      listener.on(SESSION_CHANNEL, (payload) => this.forget(parsePayload(payload))),
      listener.onReconnect(() => this.forget("all")),
    );
    let caches = cachesByDb.get(db);
    if (!caches) cachesByDb.set(db, (caches = new Set()));
    caches.add(this);
  }

  get enabled(): boolean {
    return this.listener.mode === "postgres" && this.listener.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached session of a token hash, if it may be used at `now`. */
  get(tokenHash: string, now: Date): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry || Date.now() - entry.at >= this.maxAgeMs || entry.expiresAt.getTime() <= now.getTime()) {
      if (entry) this.entries.delete(tokenHash);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry;
  }

  /** Marks the start of a lookup: pass what it returns to `set`. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a looked-up session, unless something changed since `begin()`. */
  set(tokenHash: string, session: CachedSession, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...session, at: Date.now() });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Records that the session was seen (the database is told in the background by the caller). */
  seen(tokenHash: string, at: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastSeenAt = at;
  }

  forget(change: SessionChange): void {
    this.generation++;
    if (change === "all") {
      this.entries.clear();
      return;
    }
    for (const hash of change.tokenHashes ?? []) this.entries.delete(hash);
    if (change.userIds?.length) {
      const ids = new Set(change.userIds);
      for (const [hash, entry] of this.entries) if (ids.has(entry.user.id)) this.entries.delete(hash);
    }
  }

  close(): void {
    for (const off of this.detach.splice(0)) off();
    cachesByDb.get(this.db)?.delete(this);
    this.entries.clear();
  }
}

/** "12,40" → user ids; "*" or anything unreadable → everything (forgetting too much is always safe). */
function parsePayload(payload: string): SessionChange {
  if (!/^\d+(,\d+)*$/.test(payload)) return "all";
  return { userIds: payload.split(",").map(Number) };
}
