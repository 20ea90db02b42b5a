import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROOM_VISIBILITIES } from "../../../contract/rooms-constants";
import { gamesTable } from "./catalog";

/**
 * D120, ADR 027: the open rooms of every process, one row a room, deleted when it closes. Each room lives in the memory
 * of its home process (services/room-runtime.ts); this row is what the other processes need: its code (unique among
 * open rooms), where its home is, what a list and a quick join show, who sits in it (the 5 rooms a player), and for a
 * turn-based room the snapshot another process restores it from when its home is gone.
 */
export const openRoomsTable = pgTable(
  "open_rooms",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    gameId: integer("game_id")
      .notNull()
      .references(() => gamesTable.id, { onDelete: "cascade" }),
    /** the process holding the room (processes.id); null once released by a process that stopped cleanly */
    homeProcess: text("home_process"),
    visibility: text("visibility", { enum: ROOM_VISIBILITIES }).notNull(),
    joinable: boolean("joinable").notNull(),
    seatsTaken: integer("seats_taken").notNull(),
    maxPlayers: integer("max_players").notNull(),
    turnBased: boolean("turn_based").notNull(),
    /** the room player ids seated (`u{userId}`, `g{guestId}`) */
    playerIds: text("player_ids").array().notNull(),
    metadata: jsonb("metadata").notNull(),
    /** turn-based rooms: game-rooms.ts's PersistedRoom */
    snapshot: jsonb("snapshot"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("open_rooms_code_idx").on(t.code),
    index("open_rooms_game_idx").on(t.gameId, t.createdAt),
    index("open_rooms_home_idx").on(t.homeProcess),
    index("open_rooms_players_idx").using("gin", t.playerIds),
    check("open_rooms_seats_check", sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.maxPlayers}`),
  ],
);
