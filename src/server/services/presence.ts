import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { FriendRoom } from "../../contract/friends";
import type { Presence } from "../../contract/player-live";
import type { Db } from "../db/client";
import { gamesTable, presenceTable, usersTable } from "../db/schema";
import { Conflict } from "../errors";
import { friendIds } from "./friends";
import { gameIsShown, gameVisibility } from "./game-catalogue";
import type { ListenerLogger } from "./pg-listener";
import type { PlayerHub } from "./player-hub";

/** D84: a player is "Online" while a live socket of theirs was seen within this window (sockets refresh it every `refreshMs`). */
export const PRESENCE_WINDOW_MS = 90_000;
export const PRESENCE_TIMINGS = {
  /** how often each process marks its connected players as seen */
  refreshMs: 30_000,
  /** a page reload or a navigation closes the socket for a moment: offline is announced only after this */
  offlineGraceMs: 10_000,
};

/**
 * D84 presence, opt-in (users.presence_enabled), shown to friends only: "Online" while the player has a live
 * socket (any process; presence.last_seen_at is refreshed by every process for its sockets), "Playing {game}"
 * while the game page says a game is open (POST /api/presence). Changes are pushed to the player's friends
 * (player-hub.ts). A player who turned presence off is "offline" to everyone. No HTTP types here.
 *
 * D122: while a game is open, the page may add the joinable room of the game's own servers the player is in
 * (`setOwnRoom`, CrazyGames' updateRoom). It belongs to the open game: it goes when the game closes or changes,
 * when the player goes away, and is shown (`ownRoomsFor`) only while the player is seen playing that game.
 */
export class PresenceTracker {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private refreshTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly hub: PlayerHub,
    private readonly options: { logger?: ListenerLogger; refreshMs?: number; offlineGraceMs?: number } = {},
  ) {}

  start(): void {
    if (this.refreshTimer || this.closed) return;
    this.refreshTimer = setInterval(
      () => void this.refresh().catch((err) => this.options.logger?.warn({ err }, "presence: refresh failed")),
      this.options.refreshMs ?? PRESENCE_TIMINGS.refreshMs,
    );
    this.refreshTimer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** A live socket of the player opened or closed on this process (routes/chat.ts through ctx.onPlayerSocket). */
  onSocket(userId: number, change: "open" | "close"): void {
    if (this.closed) return;
    const pending = this.timers.get(userId);
    if (pending) {
      clearTimeout(pending);
      this.timers.delete(userId);
    }
    if (change === "open") {
      void this.seen([userId]).catch((err) =>
        this.options.logger?.warn({ err }, "presence: could not mark a player online"),
      );
      return;
    }
    if (this.hub.connected(userId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      if (this.closed || this.hub.connected(userId)) return;
      void this.wentAway(userId).catch((err) =>
        this.options.logger?.warn({ err }, "presence: could not mark a player offline"),
      );
    }, this.options.offlineGraceMs ?? PRESENCE_TIMINGS.offlineGraceMs);
    timer.unref();
    this.timers.set(userId, timer);
  }

  /** The game page opened a game (or closed it: null); a room of the game open before goes with it. */
  async setPlaying(userId: number, gameId: number | null, now = new Date()): Promise<void> {
    await this.db
      .insert(presenceTable)
      .values({ userId, lastSeenAt: now, gameId, gameSince: gameId === null ? null : now })
      .onConflictDoUpdate({
        target: presenceTable.userId,
        set: {
          lastSeenAt: now,
          gameId,
          gameSince: gameId === null ? null : now,
          ownRoom: sql`case when ${presenceTable.gameId} is not distinct from ${gameId} then ${presenceTable.ownRoom} end`,
        },
      });
    await this.announce(userId, now);
  }

  /**
   * D122: the joinable room of the game's own servers the player is in (null: none). Conflict unless `gameId` is
   * the game the player's presence says is open (the page reports it first, POST /api/presence).
   */
  async setOwnRoom(
    userId: number,
    gameId: number,
    room: { id: string; inviteParams: Record<string, string> | null } | null,
  ): Promise<void> {
    const updated = await this.db
      .update(presenceTable)
      .set({ ownRoom: room })
      .where(and(eq(presenceTable.userId, userId), eq(presenceTable.gameId, gameId)))
      .returning({ userId: presenceTable.userId });
    if (!updated.length && room !== null) throw new Conflict("That game is not open for you");
  }

  /**
   * D122: the own rooms of `ids` that `viewer` may see on the friends list: only the viewer's friends who share
   * their presence and are seen playing the room's game just now.
   */
  async ownRoomsFor(viewer: number, ids: number[], now = new Date()): Promise<Map<number, FriendRoom>> {
    const result = new Map<number, FriendRoom>();
    if (!ids.length) return result;
    const cutoff = new Date(now.getTime() - PRESENCE_WINDOW_MS);
    const visibility = await gameVisibility(this.db);
    const rows = await this.db
      .select({
        userId: presenceTable.userId,
        ownRoom: presenceTable.ownRoom,
        gameId: gamesTable.id,
        title: gamesTable.title,
      })
      .from(presenceTable)
      .innerJoin(usersTable, eq(usersTable.id, presenceTable.userId))
      .innerJoin(gamesTable, eq(gamesTable.id, presenceTable.gameId))
      .where(
        and(
          inArray(presenceTable.userId, ids),
          eq(usersTable.presenceEnabled, true),
          isNotNull(presenceTable.ownRoom),
          gt(presenceTable.lastSeenAt, cutoff),
          gameIsShown(visibility),
          sql`exists (select 1 from friendships f where f.user_id = ${viewer} and f.friend_id = ${presenceTable.userId})`,
        ),
      );
    for (const row of rows)
      if (row.ownRoom)
        result.set(row.userId, {
          code: null,
          inviteParams: row.ownRoom.inviteParams,
          game: { id: row.gameId, title: row.title },
        });
    return result;
  }

  /**
   * The player turned presence sharing on or off (D87's settings): their friends are told at once what they may
   * see now ("offline" when it is off).
   */
  async sharingChanged(userId: number, now = new Date()): Promise<void> {
    const [row] = await this.db
      .select({ enabled: usersTable.presenceEnabled })
      .from(usersTable)
      .where(eq(usersTable.id, userId));
    if (!row) return;
    if (row.enabled) {
      await this.announce(userId, now);
      return;
    }
    const friends = await friendIds(this.db, userId);
    if (friends.length) await this.hub.publish(friends, { type: "presence", userId, presence: { status: "offline" } });
  }

  /** Marks this process's connected players as seen; announces those who had dropped out of the window. */
  async refresh(now = new Date()): Promise<void> {
    const ids = this.hub.connectedPlayers();
    if (ids.length) await this.seen(ids, now);
  }

  /**
   * D84: the presence of `ids` as `viewer` may see it: only the viewer's friends who share their presence
   * (everybody else is left out of the map: offline).
   */
  async presenceFor(viewer: number, ids: number[], now = new Date()): Promise<Map<number, Presence>> {
    const result = new Map<number, Presence>();
    if (!ids.length) return result;
    const rows = await this.db
      .select({
        userId: presenceTable.userId,
        lastSeenAt: presenceTable.lastSeenAt,
        gameId: gamesTable.id,
        title: gamesTable.title,
      })
      .from(presenceTable)
      .innerJoin(usersTable, eq(usersTable.id, presenceTable.userId))
      .leftJoin(gamesTable, eq(gamesTable.id, presenceTable.gameId))
      .where(
        and(
          inArray(presenceTable.userId, ids),
          eq(usersTable.presenceEnabled, true),
          sql`exists (select 1 from friendships f where f.user_id = ${viewer} and f.friend_id = ${presenceTable.userId})`,
        ),
      );
    for (const row of rows) result.set(row.userId, toPresence(row, now));
    return result;
  }

  private async seen(ids: number[], now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - PRESENCE_WINDOW_MS).toISOString();
    // The rows as they were, so that only players coming back into the window are announced.
    const before = await this.db.execute<{ user_id: number; was_online: boolean }>(sql`
      select user_id, last_seen_at > ${cutoff}::timestamptz as was_online from presence where user_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const wasOnline = new Set(before.rows.filter((r) => r.was_online).map((r) => r.user_id));
    for (const userId of ids) {
      await this.db
        .insert(presenceTable)
        .values({ userId, lastSeenAt: now })
        .onConflictDoUpdate({ target: presenceTable.userId, set: { lastSeenAt: now } });
    }
    for (const userId of ids) if (!wasOnline.has(userId)) await this.announce(userId, now);
  }

  private async wentAway(userId: number, now = new Date()): Promise<void> {
    const away = new Date(now.getTime() - PRESENCE_WINDOW_MS - 1000);
    await this.db
      .update(presenceTable)
      .set({ lastSeenAt: away, gameId: null, gameSince: null, ownRoom: null })
      .where(eq(presenceTable.userId, userId));
    await this.announce(userId, now);
  }

  /** Tells the player's friends what they are doing now, if the player shares it. */
  private async announce(userId: number, now: Date): Promise<void> {
    const [row] = await this.db
      .select({
        enabled: usersTable.presenceEnabled,
        lastSeenAt: presenceTable.lastSeenAt,
        gameId: gamesTable.id,
        title: gamesTable.title,
      })
      .from(usersTable)
      .leftJoin(presenceTable, eq(presenceTable.userId, usersTable.id))
      .leftJoin(gamesTable, eq(gamesTable.id, presenceTable.gameId))
      .where(eq(usersTable.id, userId));
    if (!row?.enabled || !row.lastSeenAt) return;
    const friends = await friendIds(this.db, userId);
    if (friends.length)
      await this.hub.publish(friends, {
        type: "presence",
        userId,
        presence: toPresence({ ...row, lastSeenAt: row.lastSeenAt }, now),
      });
  }
}

function toPresence(row: { lastSeenAt: Date; gameId: number | null; title: string | null }, now: Date): Presence {
  if (now.getTime() - row.lastSeenAt.getTime() > PRESENCE_WINDOW_MS) return { status: "offline" };
  if (row.gameId !== null && row.title !== null)
    return { status: "playing", game: { id: row.gameId, title: row.title } };
  return { status: "online" };
}
