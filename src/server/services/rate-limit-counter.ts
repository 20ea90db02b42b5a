import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * A fixed-window counter in the database, so that every server process shares it (D8).
 * One atomic statement: a new window starts when the old one has passed. `weight` is what the request
 * counts for (1; a byte budget counts KiB).
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
  weight = 1,
): Promise<RateLimitResult> {
  const windowStartFloor = new Date(now.getTime() - windowMs).toISOString();
  const nowIso = now.toISOString();
  const res = await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, ${weight}, ${nowIso}::timestamptz)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartFloor}::timestamptz then ${weight} else rate_limits.count + ${weight} end,
      window_start = case when rate_limits.window_start <= ${windowStartFloor}::timestamptz then ${nowIso}::timestamptz else rate_limits.window_start end
    returning count, window_start`);
  const row = res.rows[0] as { count: number; window_start: string | Date };
  const count = Number(row.count);
  const start = new Date(row.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/** Gives back one counted request (an attempt reserved by hitRateLimit that succeeded); never below zero. */
export async function releaseRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`);
}

export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Old windows are dropped periodically. */
export async function purgeRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000, now = new Date()): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where window_start < ${new Date(now.getTime() - olderThanMs).toISOString()}::timestamptz`,
  );
}
