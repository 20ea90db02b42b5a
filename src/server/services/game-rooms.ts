import crypto from "node:crypto";
import { z } from "zod";
import {
  jsonByteLength,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_LIST_LIMIT,
  ROOM_MAX_PLAYERS,
  ROOM_MESSAGE_MAX_BYTES,
  ROOM_MESSAGES_PER_SECOND,
  ROOM_MIN_PLAYERS,
  ROOM_OPEN_ROOMS_PER_PLAYER,
  ROOM_SEAT_GRACE_MS,
  ROOM_STATE_MAX_BYTES,
  ROOM_TURN_BASED_KEEP_MS,
  ROOM_VISIBILITIES,
  roomJsonSchema,
  roomRequestSchema,
  type RoomCreateRequest,
  type RoomError,
  type RoomErrorCode,
  type RoomEvent,
  type RoomFilter,
  type RoomJson,
  type RoomListing,
  type RoomPlayer,
  type RoomSnapshot,
  type RoomVisibility,
} from "../../contract/rooms";

/**
 * The rooms of one server process (D120–D124): the state machine of every room this process is the home of,
 * and so the one sequencer of those rooms' events (ADR 027). Pure logic: no sockets, no database, no timers.
 *
 * Contract:
 * - Who asks is a `RoomActor`: the member the caller took from the connection's session (a user, or a guest with a
 *   server-made guest id and name) and the id of the connection the request came on. A member's room player id is
 *   `u{userId}` or `g{guestId}` (`roomPlayerId`); other players see it, so a guest id must not be a secret. Nothing
 *   a request carries names who is asking.
 * - Every method answers a `RoomResult`: `{ok: true, value, deliveries, save, forget}` or `{ok: false, error}` with
 *   a code and a sentence a player can read (nothing changed then). Bad input never throws: `request(actor, gameId,
 *   raw)` parses anything a player sent with the contract's schema and dispatches it.
 * - `deliveries` are the events to send, each to a list of connection ids (only connected seats; the player who
 *   asked gets `value` instead of an event about their own action). The caller only delivers, in order.
 * - Rooms: `create` seats the creator as host under a new 6-character code (alphabet without look-alikes, unique
 *   among this process's open rooms); `join(code)` takes a free seat, or gives a seated player their seat back;
 *   `quickJoin(filter)` takes a seat in the fullest public joinable room of the game whose metadata holds the
 *   filter's values, answering null when there is none; `list` answers the game's public joinable rooms with a
 *   free seat, newest first. A join from a second connection of a seated player moves the seat to it (the old
 *   connection is told `closed: replaced`).
 * - Who may sit: guests not in friends rooms; a friends room only admits users who are friends (the injected
 *   `areFriends`) with every player seated; a kicked player never again; at most ROOM_OPEN_ROOMS_PER_PLAYER rooms
 *   a player (counted among this process's rooms); with `schoolMode()` on, only friends rooms may be created or joined, and list and quick join find
 *   nothing (D124); `closeNotAmongFriends()` closes every other room (`closed: school_mode`) when it is switched on.
 * - `send` relays data (at most ROOM_MESSAGE_MAX_BYTES as JSON) to all others or to one player; `setState` keeps a
 *   key (null removes it) while the whole state stays within ROOM_STATE_MAX_BYTES, else it refuses and keeps the
 *   state as it was. Both are stamped with `from`, `at` (the clock) and `seq` (one counter a room, increasing).
 * - Seats: `drop(connectionId)` marks that connection's seats dropped (event `drop`); a join within
 *   ROOM_SEAT_GRACE_MS gives the seat back (`reconnect`); `tick()` frees seats dropped longer (`leave`, reason
 *   timeout). A turn-based room keeps its dropped seats for as long as it is kept. The host is always a connected
 *   player when there is one: the longest connected (connected since the earliest; ties by join order); event
 *   `host`. `leave`, host-only `kick` and `setJoinable` as D120 says.
 * - Closing: a room closes when its last seat is freed (`closed: empty` to nobody left); a turn-based room with
 *   nobody connected closes ROOM_TURN_BASED_KEEP_MS after its last activity, at a `tick()` (`expired`).
 * - Persistence (turn-based rooms only): results list in `save` the rooms whose `PersistedRoom` changed and in
 *   `forget` the ids of those closed; `restore(persisted)` brings rooms back after a restart with every seat
 *   dropped, skipping what is malformed, expired or clashing with an open room.
 * - For what other processes see (ADR 027), results list in `listed` the rooms created or whose seats or joinable
 *   changed and in `closed` every room closed; `listing(roomId)` answers that view of an open room.
 * - D121 turns: in a turn-based room the shared state key `turn` holds the player id of whoever moves next (or null).
 *   Results list in `turns` the signed-in players who must be told it is their turn because they are not connected:
 *   `turn` was set to a user whose seat is dropped, or a user dropped while `turn` named them; each with the room's
 *   game and code and the other player meant (who set it, else the first other seat).
 * - `nextDeadline()` says when `tick()` next has something to do (null: nothing), so that the caller sets one timer.
 * - MessageRateBucket is ROOM_MESSAGES_PER_SECOND for one socket, which the caller keeps per connection.
 */

/** Who is asking, as the caller knows from the session (never from the request). */
export type RoomMember =
  | { kind: "user"; userId: number; name: string; avatarUrl: string | null }
  | { kind: "guest"; guestId: string; name: string };

export type RoomActor = { member: RoomMember; connectionId: string };

export type RoomCreateInput = Pick<RoomCreateRequest, "maxPlayers" | "visibility"> &
  Partial<Pick<RoomCreateRequest, "turnBased" | "metadata">>;

export type RoomDelivery = { to: string[]; event: RoomEvent };

/** D121: a signed-in player away from a turn-based room whose turn it is, and who they play with. */
export type RoomTurnNotice = {
  userId: number;
  roomId: string;
  gameId: number;
  code: string;
  with: { userId: number | null; name: string } | null;
};

/**
 * What the caller must do after a change: deliver events, write or delete persisted rooms, and update what other
 * processes see of a room (`listed`: created, or its seats or joinable changed; `closed`: every room closed).
 */
export type RoomOutcome = {
  deliveries: RoomDelivery[];
  save: PersistedRoom[];
  forget: string[];
  listed: string[];
  closed: string[];
  turns: RoomTurnNotice[];
};

/** What other processes see of an open room: its listing, who sits in it, when it opened. */
export type RoomListingRow = {
  id: string;
  code: string;
  gameId: number;
  visibility: RoomVisibility;
  joinable: boolean;
  maxPlayers: number;
  turnBased: boolean;
  metadata: Record<string, RoomJson>;
  playerIds: string[];
  createdAt: number;
};

export type RoomResult<T> = ({ ok: true; value: T } & RoomOutcome) | { ok: false; error: RoomError };

export type GameRoomsOptions = {
  /** the clock, in ms since 1970 */
  now: () => number;
  /** whether two users are friends (D84); asked for friends rooms only */
  areFriends: (a: number, b: number) => boolean;
  /** D124: read at each create and join */
  schoolMode: () => boolean;
  /** a random integer in [0, max); tests make codes collide with it */
  randomInt?: (max: number) => number;
  newRoomId?: () => string;
};

const persistedMemberSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("user"),
    userId: z.number().int(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  z.object({ kind: z.literal("guest"), guestId: z.string().min(1), name: z.string() }),
]);

/** A room as the caller stores it (turn-based rooms) and gives back to `restore`. */
export const persistedRoomSchema = z.object({
  version: z.literal(1),
  id: z.string().min(1),
  code: z.string().length(ROOM_CODE_LENGTH),
  gameId: z.number().int(),
  visibility: z.enum(ROOM_VISIBILITIES),
  maxPlayers: z.number().int(),
  turnBased: z.boolean(),
  joinable: z.boolean(),
  metadata: z.record(z.string(), roomJsonSchema),
  state: z.record(z.string(), roomJsonSchema),
  seq: z.number().int(),
  hostId: z.string().nullable(),
  kicked: z.array(z.string()),
  createdAt: z.number(),
  lastActiveAt: z.number(),
  seats: z.array(z.object({ member: persistedMemberSchema, joinedAt: z.number() })),
});
export type PersistedRoom = z.infer<typeof persistedRoomSchema>;

type Seat = {
  id: string;
  member: RoomMember;
  joinedAt: number;
  /** the connection holding the seat; null while dropped */
  connectionId: string | null;
  connectedSince: number | null;
  droppedAt: number | null;
};

type Room = {
  id: string;
  code: string;
  gameId: number;
  visibility: RoomVisibility;
  maxPlayers: number;
  turnBased: boolean;
  joinable: boolean;
  metadata: Record<string, RoomJson>;
  /** key → value and the bytes of its `"key":value` in the state's JSON */
  state: Map<string, { value: RoomJson; bytes: number }>;
  /** the bytes of all entries (the JSON object adds its braces and commas) */
  stateEntryBytes: number;
  seq: number;
  hostId: string | null;
  /** in join order */
  seats: Map<string, Seat>;
  kicked: Set<string>;
  createdAt: number;
  lastActiveAt: number;
};

/** The player id others see: users by their public user id, guests by the id the server made for them. */
export function roomPlayerId(member: RoomMember): string {
  return member.kind === "user" ? `u${member.userId}` : `g${member.guestId}`;
}

function fail(code: RoomErrorCode, message: string): { ok: false; error: RoomError } {
  return { ok: false, error: { code, message } };
}

/** D124: a token bucket of ROOM_MESSAGES_PER_SECOND tokens, refilled at that rate; one per socket. */
export class MessageRateBucket {
  private tokens: number;
  private last: number;

  constructor(
    now: number,
    private readonly perSecond = ROOM_MESSAGES_PER_SECOND,
  ) {
    this.tokens = perSecond;
    this.last = now;
  }

  /** Takes one token when there is one; false means the message must be refused. */
  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.last);
    this.last = Math.max(this.last, now);
    this.tokens = Math.min(this.perSecond, this.tokens + (elapsed * this.perSecond) / 1000);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export const RATE_LIMITED_MESSAGE = `At most ${ROOM_MESSAGES_PER_SECOND} messages a second`;

export class GameRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly byCode = new Map<string, Room>();
  /** player id → ids of the rooms they hold a seat in */
  private readonly roomsOfPlayer = new Map<string, Set<string>>();
  /** connection id → ids of the rooms whose seat it holds */
  private readonly roomsOfConnection = new Map<string, Set<string>>();
  private readonly randomInt: (max: number) => number;
  private readonly newRoomId: () => string;

  constructor(private readonly options: GameRoomsOptions) {
    this.randomInt = options.randomInt ?? ((max) => crypto.randomInt(max));
    this.newRoomId = options.newRoomId ?? (() => crypto.randomUUID());
  }

  /** Parses what a player sent and does it; anything malformed is an `invalid` result. */
  request(actor: RoomActor, gameId: number, raw: unknown): RoomResult<unknown> {
    const parsed = roomRequestSchema.safeParse(raw);
    if (!parsed.success) return fail("invalid", parsed.error.issues[0]?.message ?? "That request is not valid");
    const request = parsed.data;
    switch (request.type) {
      case "create":
        return this.create(actor, gameId, request);
      case "join":
        return this.join(actor, gameId, request.code);
      case "quickJoin":
        return this.quickJoin(actor, gameId, request.filter);
      case "list":
        return { ok: true, value: this.list(gameId), ...noOutcome() };
      case "send":
        return this.send(actor, request.roomId, request.data, request.to);
      case "setState":
        return this.setState(actor, request.roomId, request.key, request.value);
      case "leave":
        return this.leave(actor, request.roomId);
      case "kick":
        return this.kick(actor, request.roomId, request.playerId);
      case "setJoinable":
        return this.setJoinable(actor, request.roomId, request.joinable);
    }
  }

  create(actor: RoomActor, gameId: number, input: RoomCreateInput): RoomResult<RoomSnapshot> {
    if (
      !Number.isInteger(input.maxPlayers) ||
      input.maxPlayers < ROOM_MIN_PLAYERS ||
      input.maxPlayers > ROOM_MAX_PLAYERS
    )
      return fail("invalid", `A room seats ${ROOM_MIN_PLAYERS} to ${ROOM_MAX_PLAYERS} players`);
    if (this.options.schoolMode() && input.visibility !== "friends")
      return fail("school_mode", "On this site rooms are only among friends");
    if (input.visibility === "friends" && actor.member.kind === "guest")
      return fail("guests_not_allowed", "Sign in to play in a friends room");
    const playerId = roomPlayerId(actor.member);
    if (this.openRoomCount(playerId) >= ROOM_OPEN_ROOMS_PER_PLAYER)
      return fail("too_many_rooms", `You can be in at most ${ROOM_OPEN_ROOMS_PER_PLAYER} rooms at once`);
    const code = this.freeCode();
    if (!code) return fail("busy", "No room code is free just now; try again");
    const now = this.options.now();
    const room: Room = {
      id: this.newRoomId(),
      code,
      gameId,
      visibility: input.visibility,
      maxPlayers: input.maxPlayers,
      turnBased: input.turnBased ?? false,
      joinable: true,
      metadata: input.metadata ?? {},
      state: new Map(),
      stateEntryBytes: 0,
      seq: 0,
      hostId: playerId,
      seats: new Map(),
      kicked: new Set(),
      createdAt: now,
      lastActiveAt: now,
    };
    this.rooms.set(room.id, room);
    this.byCode.set(code, room);
    this.seat(room, actor, now);
    const outcome = noOutcome();
    markListed(outcome, room.id);
    this.markChanged(room, outcome);
    return { ok: true, value: this.view(room, playerId), ...outcome };
  }

  join(actor: RoomActor, gameId: number, code: string): RoomResult<RoomSnapshot> {
    const room = this.byCode.get(code.trim().toUpperCase());
    if (!room || room.gameId !== gameId) return fail("not_found", "There is no open room with that code");
    return this.enter(room, actor);
  }

  quickJoin(actor: RoomActor, gameId: number, filter: RoomFilter = {}): RoomResult<RoomSnapshot | null> {
    if (this.options.schoolMode()) return { ok: true, value: null, ...noOutcome() };
    const playerId = roomPlayerId(actor.member);
    let best: Room | undefined;
    for (const room of this.rooms.values()) {
      if (!this.isOpenToStrangers(room, gameId) || room.kicked.has(playerId) || room.seats.has(playerId)) continue;
      if (!matchesFilter(room.metadata, filter)) continue;
      if (!best || room.seats.size > best.seats.size) best = room;
    }
    if (!best) return { ok: true, value: null, ...noOutcome() };
    return this.enter(best, actor);
  }

  list(gameId: number): RoomListing[] {
    if (this.options.schoolMode()) return [];
    const listed: Room[] = [];
    for (const room of this.rooms.values()) if (this.isOpenToStrangers(room, gameId)) listed.push(room);
    return listed
      .reverse()
      .slice(0, ROOM_LIST_LIMIT)
      .map((room) => ({
        id: room.id,
        code: room.code,
        players: room.seats.size,
        maxPlayers: room.maxPlayers,
        turnBased: room.turnBased,
        metadata: room.metadata,
      }));
  }

  send(actor: RoomActor, roomId: string, data: RoomJson, to?: string): RoomResult<{ seq: number; at: number }> {
    const found = this.seated(actor, roomId);
    if (!found.ok) return found;
    const { room, seat } = found;
    if (jsonByteLength(data) > ROOM_MESSAGE_MAX_BYTES)
      return fail("message_too_large", `A message can be at most ${ROOM_MESSAGE_MAX_BYTES / 1024} KB`);
    let recipients: string[];
    if (to === undefined) {
      recipients = this.connectionsExcept(room, seat.id);
    } else {
      const target = room.seats.get(to);
      if (!target) return fail("player_not_found", "That player is not in the room");
      if (!target.connectionId) return fail("not_connected", "That player is not connected just now");
      recipients = [target.connectionId];
    }
    const at = this.options.now();
    room.seq += 1;
    room.lastActiveAt = at;
    const outcome = noOutcome();
    deliver(outcome, recipients, { type: "message", roomId: room.id, from: seat.id, seq: room.seq, at, data });
    this.markChanged(room, outcome);
    return { ok: true, value: { seq: room.seq, at }, ...outcome };
  }

  setState(actor: RoomActor, roomId: string, key: string, value: RoomJson): RoomResult<{ seq: number; at: number }> {
    const found = this.seated(actor, roomId);
    if (!found.ok) return found;
    const { room, seat } = found;
    const previous = room.state.get(key);
    const entryBytes = value === null ? 0 : jsonByteLength(key) + 1 + jsonByteLength(value);
    const entries = room.state.size + (value === null ? 0 : 1) - (previous ? 1 : 0);
    const nextEntryBytes = room.stateEntryBytes - (previous?.bytes ?? 0) + entryBytes;
    if (stateBytes(nextEntryBytes, entries) > ROOM_STATE_MAX_BYTES)
      return fail("state_too_large", `A room's shared state can be at most ${ROOM_STATE_MAX_BYTES / 1024} KB`);
    const at = this.options.now();
    if (value === null) room.state.delete(key);
    else room.state.set(key, { value, bytes: entryBytes });
    room.stateEntryBytes = nextEntryBytes;
    room.seq += 1;
    room.lastActiveAt = at;
    const outcome = noOutcome();
    deliver(outcome, this.connectionsExcept(room, seat.id), {
      type: "state",
      roomId: room.id,
      from: seat.id,
      seq: room.seq,
      at,
      key,
      value,
    });
    if (key === TURN_STATE_KEY && typeof value === "string") {
      const next = room.seats.get(value);
      if (next && !next.connectionId) noticeTurn(room, next, seat, outcome);
    }
    this.markChanged(room, outcome);
    return { ok: true, value: { seq: room.seq, at }, ...outcome };
  }

  leave(actor: RoomActor, roomId: string): RoomResult<null> {
    const found = this.seated(actor, roomId);
    if (!found.ok) return found;
    const outcome = noOutcome();
    this.freeSeat(found.room, found.seat, "left", outcome);
    return { ok: true, value: null, ...outcome };
  }

  kick(actor: RoomActor, roomId: string, playerId: string): RoomResult<null> {
    const found = this.seated(actor, roomId);
    if (!found.ok) return found;
    const { room, seat } = found;
    if (room.hostId !== seat.id) return fail("not_host", "Only the room's host can do that");
    if (playerId === seat.id) return fail("invalid", "To leave the room, leave it");
    const target = room.seats.get(playerId);
    if (!target) return fail("player_not_found", "That player is not in the room");
    const outcome = noOutcome();
    room.kicked.add(target.id);
    if (target.connectionId) deliver(outcome, [target.connectionId], closedEvent(room, "kicked"));
    this.freeSeat(room, target, "kicked", outcome);
    return { ok: true, value: null, ...outcome };
  }

  setJoinable(actor: RoomActor, roomId: string, joinable: boolean): RoomResult<null> {
    const found = this.seated(actor, roomId);
    if (!found.ok) return found;
    const { room, seat } = found;
    if (room.hostId !== seat.id) return fail("not_host", "Only the room's host can do that");
    const outcome = noOutcome();
    if (room.joinable !== joinable) {
      room.joinable = joinable;
      markListed(outcome, room.id);
      deliver(outcome, this.connectionsExcept(room, seat.id), { type: "joinable", roomId: room.id, joinable });
      this.markChanged(room, outcome);
    }
    return { ok: true, value: null, ...outcome };
  }

  /** The connection closed: its seats are dropped (kept for ROOM_SEAT_GRACE_MS, or as long as a turn-based room). */
  drop(connectionId: string): RoomOutcome {
    const outcome = noOutcome();
    const roomIds = this.roomsOfConnection.get(connectionId);
    if (!roomIds) return outcome;
    this.roomsOfConnection.delete(connectionId);
    const now = this.options.now();
    for (const roomId of roomIds) {
      const room = this.rooms.get(roomId);
      const seat = room && [...room.seats.values()].find((s) => s.connectionId === connectionId);
      if (!room || !seat) continue;
      seat.connectionId = null;
      seat.connectedSince = null;
      seat.droppedAt = now;
      room.lastActiveAt = now;
      deliver(outcome, this.connectionsExcept(room, seat.id), { type: "drop", roomId: room.id, playerId: seat.id });
      if (room.state.get(TURN_STATE_KEY)?.value === seat.id) noticeTurn(room, seat, null, outcome);
      this.settleHost(room, outcome);
      this.markChanged(room, outcome);
    }
    return outcome;
  }

  /** D124: school mode was switched on; every room but a friends room closes (`school_mode`). */
  closeNotAmongFriends(): RoomOutcome {
    const outcome = noOutcome();
    for (const room of [...this.rooms.values()])
      if (room.visibility !== "friends") this.close(room, "school_mode", outcome);
    return outcome;
  }

  /** Frees the seats whose grace has run out and closes the turn-based rooms kept long enough. */
  tick(): RoomOutcome {
    const now = this.options.now();
    const outcome = noOutcome();
    for (const room of [...this.rooms.values()]) {
      if (room.turnBased) {
        if (!hasConnected(room) && now >= room.lastActiveAt + ROOM_TURN_BASED_KEEP_MS)
          this.close(room, "expired", outcome);
        continue;
      }
      for (const seat of [...room.seats.values()]) {
        if (seat.droppedAt !== null && now >= seat.droppedAt + ROOM_SEAT_GRACE_MS)
          this.freeSeat(room, seat, "timeout", outcome);
      }
    }
    return outcome;
  }

  /** When `tick()` next has something to do, in ms since 1970; null when nothing waits. */
  nextDeadline(): number | null {
    let next: number | null = null;
    const consider = (at: number) => {
      if (next === null || at < next) next = at;
    };
    for (const room of this.rooms.values()) {
      if (room.turnBased) {
        if (!hasConnected(room)) consider(room.lastActiveAt + ROOM_TURN_BASED_KEEP_MS);
        continue;
      }
      for (const seat of room.seats.values())
        if (seat.droppedAt !== null) consider(seat.droppedAt + ROOM_SEAT_GRACE_MS);
    }
    return next;
  }

  /** A room as the caller persists it (any room; results name the turn-based ones that changed). */
  snapshot(roomId: string): PersistedRoom | null {
    const room = this.rooms.get(roomId);
    return room ? persisted(room) : null;
  }

  /** Brings turn-based rooms back after a restart, every seat dropped; answers which were skipped and why. */
  restore(rooms: readonly unknown[]): {
    restored: string[];
    skipped: Array<{ id: string | null; reason: "malformed" | "not_turn_based" | "expired" | "clash" }>;
    forget: string[];
  } {
    const now = this.options.now();
    const result: ReturnType<GameRooms["restore"]> = { restored: [], skipped: [], forget: [] };
    for (const raw of rooms) {
      const parsed = persistedRoomSchema.safeParse(raw);
      if (!parsed.success) {
        const id = (raw as { id?: unknown } | null)?.id;
        result.skipped.push({ id: typeof id === "string" ? id : null, reason: "malformed" });
        continue;
      }
      const data = parsed.data;
      if (!data.turnBased) {
        result.skipped.push({ id: data.id, reason: "not_turn_based" });
        result.forget.push(data.id);
        continue;
      }
      if (now >= data.lastActiveAt + ROOM_TURN_BASED_KEEP_MS || data.seats.length === 0) {
        result.skipped.push({ id: data.id, reason: "expired" });
        result.forget.push(data.id);
        continue;
      }
      if (this.rooms.has(data.id) || this.byCode.has(data.code)) {
        result.skipped.push({ id: data.id, reason: "clash" });
        continue;
      }
      const { version: _version, seats, kicked, state, ...fields } = data;
      const room: Room = { ...fields, state: new Map(), stateEntryBytes: 0, seats: new Map(), kicked: new Set(kicked) };
      for (const [key, value] of Object.entries(state)) {
        if (value === null) continue;
        const bytes = jsonByteLength(key) + 1 + jsonByteLength(value);
        room.state.set(key, { value, bytes });
        room.stateEntryBytes += bytes;
      }
      for (const { member, joinedAt } of seats) {
        const id = roomPlayerId(member);
        room.seats.set(id, { id, member, joinedAt, connectionId: null, connectedSince: null, droppedAt: now });
        this.indexPlayer(id, room.id);
      }
      if (!room.hostId || !room.seats.has(room.hostId)) room.hostId = room.seats.keys().next().value ?? null;
      this.rooms.set(room.id, room);
      this.byCode.set(room.code, room);
      result.restored.push(room.id);
    }
    return result;
  }

  /** Whether this process holds the room. */
  has(roomId: string): boolean {
    return this.rooms.has(roomId);
  }

  /** The id of the open room with this code, if this process holds it. */
  findByCode(code: string): string | null {
    return this.byCode.get(code.trim().toUpperCase())?.id ?? null;
  }

  /** The ids of this process's rooms (a clean stop closes or releases each). */
  roomIds(): string[] {
    return [...this.rooms.keys()];
  }

  /** What other processes see of an open room, or null when there is no such room. */
  listing(roomId: string): RoomListingRow | null {
    const room = this.rooms.get(roomId);
    if (!room) return null;
    return {
      id: room.id,
      code: room.code,
      gameId: room.gameId,
      visibility: room.visibility,
      joinable: room.joinable,
      maxPlayers: room.maxPlayers,
      turnBased: room.turnBased,
      metadata: room.metadata,
      playerIds: [...room.seats.keys()],
      createdAt: room.createdAt,
    };
  }

  /** D161: this process's rooms by kind and their seats, taken and connected. */
  counts(): { turnBased: number; realTime: number; seated: number; connected: number } {
    const counts = { turnBased: 0, realTime: 0, seated: 0, connected: 0 };
    for (const room of this.rooms.values()) {
      if (room.turnBased) counts.turnBased++;
      else counts.realTime++;
      counts.seated += room.seats.size;
      for (const seat of room.seats.values()) if (seat.connectionId) counts.connected++;
    }
    return counts;
  }

  /** How many rooms the player holds a seat in on this process. */
  openRoomCount(playerId: string): number {
    return this.roomsOfPlayer.get(playerId)?.size ?? 0;
  }

  /** A room as `playerId` sees it, or null when there is no such room. */
  roomView(roomId: string, playerId: string): RoomSnapshot | null {
    const room = this.rooms.get(roomId);
    return room ? this.view(room, playerId) : null;
  }

  private enter(room: Room, actor: RoomActor): RoomResult<RoomSnapshot> {
    const playerId = roomPlayerId(actor.member);
    const now = this.options.now();
    const outcome = noOutcome();
    const seat = room.seats.get(playerId);
    if (seat) {
      if (seat.connectionId === actor.connectionId) return { ok: true, value: this.view(room, playerId), ...outcome };
      if (seat.connectionId) {
        deliver(outcome, [seat.connectionId], closedEvent(room, "replaced"));
        this.unindexConnection(seat.connectionId, room.id);
        seat.connectionId = actor.connectionId;
        this.indexConnection(actor.connectionId, room.id);
        seat.member = actor.member;
        return { ok: true, value: this.view(room, playerId), ...outcome };
      }
      seat.connectionId = actor.connectionId;
      seat.connectedSince = now;
      seat.droppedAt = null;
      seat.member = actor.member;
      room.lastActiveAt = now;
      this.indexConnection(actor.connectionId, room.id);
      deliver(outcome, this.connectionsExcept(room, playerId), { type: "reconnect", roomId: room.id, playerId });
      this.settleHost(room, outcome);
      this.markChanged(room, outcome);
      return { ok: true, value: this.view(room, playerId), ...outcome };
    }
    if (room.kicked.has(playerId)) return fail("kicked", "The host removed you from this room");
    if (this.options.schoolMode() && room.visibility !== "friends")
      return fail("school_mode", "On this site rooms are only among friends");
    if (!room.joinable) return fail("not_joinable", "This room is not taking new players");
    if (room.seats.size >= room.maxPlayers) return fail("full", "This room is full");
    if (room.visibility === "friends") {
      const member = actor.member;
      if (member.kind === "guest") return fail("guests_not_allowed", "Sign in to play in a friends room");
      const strangers = [...room.seats.values()].some(
        (s) => s.member.kind !== "user" || !this.options.areFriends(member.userId, s.member.userId),
      );
      if (strangers) return fail("friends_only", "This room is only for friends of everyone in it");
    }
    if (this.openRoomCount(playerId) >= ROOM_OPEN_ROOMS_PER_PLAYER)
      return fail("too_many_rooms", `You can be in at most ${ROOM_OPEN_ROOMS_PER_PLAYER} rooms at once`);
    const joined = this.seat(room, actor, now);
    room.lastActiveAt = now;
    markListed(outcome, room.id);
    deliver(outcome, this.connectionsExcept(room, playerId), {
      type: "join",
      roomId: room.id,
      player: this.player(room, joined),
    });
    this.settleHost(room, outcome);
    this.markChanged(room, outcome);
    return { ok: true, value: this.view(room, playerId), ...outcome };
  }

  private isOpenToStrangers(room: Room, gameId: number): boolean {
    return room.gameId === gameId && room.visibility === "public" && room.joinable && room.seats.size < room.maxPlayers;
  }

  /** The room and the actor's seat in it, held by the connection the request came on. */
  private seated(
    actor: RoomActor,
    roomId: string,
  ): { ok: true; room: Room; seat: Seat } | { ok: false; error: RoomError } {
    const room = this.rooms.get(roomId);
    if (!room) return fail("not_found", "That room is closed");
    const seat = room.seats.get(roomPlayerId(actor.member));
    if (!seat || seat.connectionId !== actor.connectionId) return fail("not_in_room", "Join the room first");
    return { ok: true, room, seat };
  }

  private seat(room: Room, actor: RoomActor, now: number): Seat {
    const id = roomPlayerId(actor.member);
    const seat: Seat = {
      id,
      member: actor.member,
      joinedAt: now,
      connectionId: actor.connectionId,
      connectedSince: now,
      droppedAt: null,
    };
    room.seats.set(id, seat);
    this.indexPlayer(id, room.id);
    this.indexConnection(actor.connectionId, room.id);
    return seat;
  }

  private freeSeat(room: Room, seat: Seat, reason: "left" | "kicked" | "timeout", outcome: RoomOutcome) {
    room.seats.delete(seat.id);
    const rooms = this.roomsOfPlayer.get(seat.id);
    rooms?.delete(room.id);
    if (rooms?.size === 0) this.roomsOfPlayer.delete(seat.id);
    if (seat.connectionId) this.unindexConnection(seat.connectionId, room.id);
    room.lastActiveAt = this.options.now();
    if (room.seats.size === 0) {
      this.close(room, "empty", outcome);
      return;
    }
    markListed(outcome, room.id);
    deliver(outcome, this.connectionsExcept(room, seat.id), {
      type: "leave",
      roomId: room.id,
      playerId: seat.id,
      reason,
    });
    this.settleHost(room, outcome);
    this.markChanged(room, outcome);
  }

  /** D121: the host is the longest connected player; a dropped host keeps the role only while nobody is connected. */
  private settleHost(room: Room, outcome: RoomOutcome) {
    const current = room.hostId ? room.seats.get(room.hostId) : undefined;
    if (current?.connectionId) return;
    let next: Seat | undefined;
    for (const seat of room.seats.values()) {
      if (seat.connectedSince === null) continue;
      if (!next || seat.connectedSince < (next.connectedSince ?? Infinity)) next = seat;
    }
    next ??= current ?? room.seats.values().next().value;
    if (!next || next.id === room.hostId) return;
    room.hostId = next.id;
    deliver(outcome, this.connectionsExcept(room, null), { type: "host", roomId: room.id, playerId: next.id });
  }

  private close(room: Room, reason: "empty" | "expired" | "school_mode", outcome: RoomOutcome) {
    deliver(outcome, this.connectionsExcept(room, null), closedEvent(room, reason));
    for (const seat of room.seats.values()) {
      const rooms = this.roomsOfPlayer.get(seat.id);
      rooms?.delete(room.id);
      if (rooms?.size === 0) this.roomsOfPlayer.delete(seat.id);
      if (seat.connectionId) this.unindexConnection(seat.connectionId, room.id);
    }
    this.rooms.delete(room.id);
    this.byCode.delete(room.code);
    outcome.listed = outcome.listed.filter((id) => id !== room.id);
    outcome.closed.push(room.id);
    if (room.turnBased) {
      outcome.forget.push(room.id);
      outcome.save = outcome.save.filter((saved) => saved.id !== room.id);
    }
  }

  private markChanged(room: Room, outcome: RoomOutcome) {
    if (!room.turnBased || !this.rooms.has(room.id)) return;
    outcome.save = outcome.save.filter((saved) => saved.id !== room.id);
    outcome.save.push(persisted(room));
  }

  private connectionsExcept(room: Room, playerId: string | null): string[] {
    const to: string[] = [];
    for (const seat of room.seats.values()) if (seat.id !== playerId && seat.connectionId) to.push(seat.connectionId);
    return to;
  }

  private player(room: Room, seat: Seat): RoomPlayer {
    return {
      id: seat.id,
      name: seat.member.name,
      avatarUrl: seat.member.kind === "user" ? seat.member.avatarUrl : null,
      connected: seat.connectionId !== null,
      host: room.hostId === seat.id,
    };
  }

  private view(room: Room, me: string): RoomSnapshot {
    return {
      id: room.id,
      code: room.code,
      gameId: room.gameId,
      visibility: room.visibility,
      maxPlayers: room.maxPlayers,
      turnBased: room.turnBased,
      joinable: room.joinable,
      metadata: room.metadata,
      players: [...room.seats.values()].map((seat) => this.player(room, seat)),
      me,
      state: stateObject(room),
      seq: room.seq,
    };
  }

  private freeCode(): string | null {
    for (let attempt = 0; attempt < 20; attempt++) {
      let code = "";
      for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[this.randomInt(ROOM_CODE_ALPHABET.length)];
      if (!this.byCode.has(code)) return code;
    }
    return null;
  }

  private indexPlayer(playerId: string, roomId: string) {
    let rooms = this.roomsOfPlayer.get(playerId);
    if (!rooms) this.roomsOfPlayer.set(playerId, (rooms = new Set()));
    rooms.add(roomId);
  }

  private indexConnection(connectionId: string, roomId: string) {
    let rooms = this.roomsOfConnection.get(connectionId);
    if (!rooms) this.roomsOfConnection.set(connectionId, (rooms = new Set()));
    rooms.add(roomId);
  }

  private unindexConnection(connectionId: string, roomId: string) {
    const rooms = this.roomsOfConnection.get(connectionId);
    rooms?.delete(roomId);
    if (rooms?.size === 0) this.roomsOfConnection.delete(connectionId);
  }
}

function noOutcome(): RoomOutcome {
  return { deliveries: [], save: [], forget: [], listed: [], closed: [], turns: [] };
}

/** D121: the shared state key naming whose turn it is in a turn-based room. */
export const TURN_STATE_KEY = "turn";

function noticeTurn(room: Room, next: Seat, by: Seat | null, outcome: RoomOutcome) {
  if (!room.turnBased || next.member.kind !== "user") return;
  const other = by && by.id !== next.id ? by : [...room.seats.values()].find((s) => s.id !== next.id);
  outcome.turns.push({
    userId: next.member.userId,
    roomId: room.id,
    gameId: room.gameId,
    code: room.code,
    with: other ? { userId: other.member.kind === "user" ? other.member.userId : null, name: other.member.name } : null,
  });
}

function markListed(outcome: RoomOutcome, roomId: string) {
  if (!outcome.listed.includes(roomId)) outcome.listed.push(roomId);
}

function deliver(outcome: RoomOutcome, to: string[], event: RoomEvent) {
  if (to.length > 0) outcome.deliveries.push({ to, event });
}

function closedEvent(room: Room, reason: "empty" | "expired" | "kicked" | "replaced" | "school_mode"): RoomEvent {
  return { type: "closed", roomId: room.id, reason };
}

function hasConnected(room: Room): boolean {
  for (const seat of room.seats.values()) if (seat.connectionId) return true;
  return false;
}

function matchesFilter(metadata: Record<string, RoomJson>, filter: RoomFilter): boolean {
  return Object.entries(filter).every(([key, value]) => Object.hasOwn(metadata, key) && metadata[key] === value);
}

/** The size of the state's JSON object: braces, the entries and the commas between them. */
function stateBytes(entryBytes: number, entries: number): number {
  return 2 + entryBytes + Math.max(0, entries - 1);
}

/** The state as one object (a copy: later changes do not reach what was handed out). */
function stateObject(room: Room): Record<string, RoomJson> {
  return Object.fromEntries([...room.state].map(([key, entry]) => [key, entry.value]));
}

function persisted(room: Room): PersistedRoom {
  return {
    version: 1,
    id: room.id,
    code: room.code,
    gameId: room.gameId,
    visibility: room.visibility,
    maxPlayers: room.maxPlayers,
    turnBased: room.turnBased,
    joinable: room.joinable,
    metadata: room.metadata,
    state: stateObject(room),
    seq: room.seq,
    hostId: room.hostId,
    kicked: [...room.kicked],
    createdAt: room.createdAt,
    lastActiveAt: room.lastActiveAt,
    seats: [...room.seats.values()].map((seat) => ({ member: seat.member, joinedAt: seat.joinedAt })),
  };
}
