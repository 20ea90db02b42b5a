import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import {
  ROOM_LIST_LIMIT,
  ROOM_OPEN_ROOMS_PER_PLAYER,
  ROOM_TURN_BASED_KEEP_MS,
  roomRequestSchema,
  type RoomError,
  type RoomErrorCode,
  type RoomEvent,
  type RoomFilter,
  type RoomJson,
  type RoomListing,
  type RoomRequest,
} from "../../contract/rooms";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { gamesTable, openRoomsTable, processesTable } from "../db/schema";
import { communitySettings } from "./community-settings";
import { friendIds } from "./friends";
import { gameIsShown, gameVisibility } from "./game-catalogue";
import {
  GameRooms,
  roomPlayerId,
  type RoomActor,
  type RoomMember,
  type RoomOutcome,
  type RoomTurnNotice,
} from "./game-rooms";
import type { ListenerLogger, PgListener } from "./pg-listener";
import type { PlayerHub } from "./player-hub";
import { HEARTBEAT_MS } from "./process-registry";
import { READ_CACHE_CHANNEL } from "./read-cache";
import { notifyRoomTurn } from "./room-turns";
import { RoomsHub } from "./rooms-hub";

/** ADR 027: a home whose heartbeat is older than three beats is gone. */
export const HOME_GONE_AFTER_MS = 3 * HEARTBEAT_MS;
/** How long a request forwarded to another process waits for its answer. */
const FORWARD_TIMEOUT_MS = 10_000;
/** How long whether a game may be played, or a process is alive, is taken as known. */
const GAME_CHECK_MS = 30_000;
const PROCESS_CHECK_MS = 5_000;
/** How soon a start that could not reach the database tries again to restore the rooms homed here. */
const RESTORE_RETRY_MS = 5_000;
/** A friend's rooms reach the friends list at most this late, one push for all the changes meanwhile (D122). */
const FRIEND_ROOMS_PUSH_MS = 1_000;
/** A quick join tries this many rooms before answering that there is none. */
const QUICK_JOIN_TRIES = 3;
/**
 * Requests of a seated, connected player that change no seat: they move no deadline, so the timer is left as it is
 * (GameRooms.nextDeadline walks every seat of every room, too much for each relayed message).
 */
const MOVES_NO_DEADLINE: ReadonlySet<RoomRequest["type"]> = new Set(["send", "setState"]);

/**
 * A relayed message or state change for a room whose home is another process: the socket's next request need not
 * wait for its answer, since the home runs one socket's requests in the order they arrive (bench/RESULTS.md, "Rooms
 * relay": waiting made a socket's queue grow without end once the round trip passed its sending interval).
 */
type Pipelined = { pipelined: Promise<RoomAnswer> };
const isPipelined = (result: RoomAnswer | Pipelined): result is Pipelined => "pipelined" in result;

/** D161: what /metrics reports of one process's rooms; the totals count since the process started. */
export type RoomStats = ReturnType<GameRooms["counts"]> & {
  messagesRelayed: number;
  framesRejected: Record<RejectedFrameReason, number>;
  forwards: number;
};
/** Why the live socket refused a room frame before reading it (D124). */
export type RejectedFrameReason = "rate" | "size";

/** What the page is answered for one room request. */
export type RoomAnswer = { ok: true; value: unknown } | { ok: false; error: RoomError };

/** How this process hands an event to one of its sockets, for one of its game frames. */
export type RoomSocketDeliver = (frame: string, event: RoomEvent) => void;

export type RoomRuntimeOptions = {
  db: Db;
  listener: PgListener;
  /** this process's id (process-registry.ts): the home recorded with its rooms */
  processId: string;
  /** the rooms' clock (seats' grace, stamps), in ms since 1970; tests move it */
  now: () => number;
  /** friendship changes reach the preloaded friends sets through it */
  playerHub: PlayerHub;
  logger?: ListenerLogger;
};

type Socket = {
  deliver: RoomSocketDeliver;
  frames: Set<string>;
  /** the other processes this socket's frames sent requests to: told when the socket or a frame goes */
  remoteHomes: Set<string>;
  /** the rooms at other homes this socket's frames sit in: told `closed: home_gone` when a real-time one's home is gone */
  remoteRooms: Map<string, { home: string; frame: string }>;
  chain: Promise<unknown>;
};

type RoomRow = typeof openRoomsTable.$inferSelect;

/** What the processes tell each other (rooms-hub.ts carries it). */
type HubMessage =
  | { k: "req"; from: string; rid: number; actor: RoomActor; gameId: number; request: RoomRequest }
  | { k: "res"; rid: number; answer: RoomAnswer }
  | { k: "ev"; to: string[]; event: RoomEvent }
  | { k: "drop"; connections: string[] };

const noopLogger: ListenerLogger = { info: () => {}, warn: () => {} };

function fail(code: RoomErrorCode, message: string): { ok: false; error: RoomError } {
  return { ok: false, error: { code, message } };
}

const ROOM_CLOSED = fail("not_found", "That room is closed");

/**
 * The rooms of one server process at work (D120–D124, ADR 027): one GameRooms (the sequencer of the rooms this
 * process is home to) fed by the live sockets of this process and by the other processes, its timer, what it
 * writes for the other processes to see, and its traffic to them (rooms-hub.ts).
 *
 * Contract:
 * - `attachSocket(deliver)` registers a live socket and answers its id (random, made here) and `detach()`, which
 *   drops the seats of all its frames (here and at other homes). A room connection id is
 *   `{process id}.{socket id}.{frame id}`: made here from the socket, never taken from a page.
 * - `request(socketId, member, frame, gameId, raw)` answers one request of a socket's game frame as `member` (the
 *   socket's session or its guest), one at a time per socket, in order. `gameId` must be a game players can see
 *   (`game_unavailable` else); `raw` is parsed with the contract (`invalid`). `closeFrame(socketId, frame)` drops
 *   one frame's seats.
 * - Homes: a room is created here; a request about a room homed elsewhere is forwarded to its home and answered
 *   from there (`unavailable` when it does not answer within 10 s); a home whose heartbeat is older than
 *   HOME_GONE_AFTER_MS (or on PGlite any other home) is gone: its turn-based rooms are adopted by the first process
 *   asked about them (restored from their snapshot), its real-time rooms are deleted (`not_found`) and the players
 *   this process holds in them are told `closed: home_gone` (`checkHomes()`, every heartbeat).
 * - What others see: every open room homed here has its `open_rooms` row (code unique among open rooms, seats,
 *   joinable, players, a turn-based room's snapshot), written in order after each change; `list`, `quickJoin`, join
 *   by code and the limit of ROOM_OPEN_ROOMS_PER_PLAYER rooms read them, so they work across processes.
 * - Friends rooms ask a friends set per user, loaded before an entering request and dropped on `friends-changed`;
 *   school mode comes from the community settings (D124). `enforceSchoolMode()` closes, when it is on, this
 *   process's rooms that are not among friends and the released ones (home null); each process runs it when it
 *   hears a settings change (the cached reads' NOTIFY), and the settings routes run it at once. An orphaned room
 *   that is not among friends is not adopted in school mode.
 * - One timer at GameRooms' next deadline runs `tick()` (public: tests move the clock and call it).
 * - `start()` restores the turn-based rooms homed here (on PGlite: every turn-based room; real-time rows are stale
 *   there and deleted), and retries while the database is unreachable instead of failing the app's start. `stop()` deletes the rows of its real-time rooms and releases its turn-based ones (home
 *   null), so that the next process adopts them at once.
 * No HTTP types.
 */
export class RoomRuntime {
  readonly rooms: GameRooms;
  readonly processId: string;
  private readonly db: Db;
  private readonly hub: RoomsHub;
  private readonly logger: ListenerLogger;
  private readonly sockets = new Map<string, Socket>();
  private readonly pending = new Map<number, { resolve: (answer: RoomAnswer) => void; timer: NodeJS.Timeout }>();
  private readonly friends = new Map<number, { ids: Set<number>; off: () => void }>();
  private readonly games = new Map<number, { ok: Promise<boolean>; at: number }>();
  private readonly processes = new Map<string, { alive: boolean; at: number }>();
  /** forwarded requests from one remote socket, kept in order */
  private readonly remoteChains = new Map<string, Promise<unknown>>();
  private writes: Promise<unknown> = Promise.resolve();
  /** the signed-in players of the rooms homed here that friends lists show (not private), by room */
  private readonly shownToFriends = new Map<string, number[]>();
  private readonly friendRoomsChanged = new Set<number>();
  private friendRoomsTimer: NodeJS.Timeout | null = null;
  private readonly totals = { messagesRelayed: 0, framesRejected: { rate: 0, size: 0 }, forwards: 0 };
  private schoolMode = false;
  private nextRid = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt: number | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private restoreTimer: NodeJS.Timeout | null = null;
  private readonly offHub: () => void;
  private readonly offSettings: () => void;
  private stopped = false;

  constructor(private readonly options: RoomRuntimeOptions) {
    this.db = options.db;
    this.processId = options.processId;
    this.logger = options.logger ?? noopLogger;
    this.rooms = new GameRooms({
      now: options.now,
      areFriends: (a, b) => this.friends.get(a)?.ids.has(b) ?? false,
      schoolMode: () => this.schoolMode,
    });
    this.hub = new RoomsHub(options.listener, options.processId, { logger: this.logger });
    this.offHub = this.hub.onMessage((message) => this.onHubMessage(message as HubMessage));
    // the settings routes announce a change with the cached reads' NOTIFY (app.ts drops the cached settings first)
    this.offSettings = options.listener.on(READ_CACHE_CHANNEL, () => void this.enforceSchoolMode());
  }

  /** D124: with school mode on, closes the rooms not among friends homed here or released; answers how many. */
  async enforceSchoolMode(): Promise<number> {
    if (this.stopped) return 0;
    try {
      this.schoolMode = (await communitySettings(this.db)).schoolMode;
      if (!this.schoolMode || this.stopped) return 0;
      const outcome = this.rooms.closeNotAmongFriends();
      await this.apply(outcome);
      const released = await this.db
        .delete(openRoomsTable)
        .where(and(isNull(openRoomsTable.homeProcess), ne(openRoomsTable.visibility, "friends")))
        .returning({ id: openRoomsTable.id });
      return outcome.closed.length + released.length;
    } catch (err) {
      this.logger.warn({ err }, "rooms: could not close the rooms school mode ends");
      return 0;
    }
  }

  /**
   * Restores the rooms homed here. A process may start while the database is unreachable (D60): it then warns and
   * tries again every RESTORE_RETRY_MS, and the rest of the site starts without waiting for rooms.
   */
  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.restoreHomedRooms();
    } catch (err) {
      this.logger.warn({ err }, "rooms: could not restore this process's rooms; trying again");
      this.restoreTimer = setTimeout(() => void this.start(), RESTORE_RETRY_MS);
      this.restoreTimer.unref();
    }
  }

  private async restoreHomedRooms(): Promise<void> {
    const rows = await this.db
      .select()
      .from(openRoomsTable)
      .where(this.hub.mode === "local" ? undefined : eq(openRoomsTable.homeProcess, this.processId));
    const stale = rows.filter((row) => !row.turnBased || !row.snapshot).map((row) => row.id);
    const claimed: unknown[] = [];
    for (const row of rows) {
      if (!row.turnBased || !row.snapshot) continue;
      const [won] = await this.db
        .update(openRoomsTable)
        .set({ homeProcess: this.processId })
        .where(and(eq(openRoomsTable.id, row.id), homeIs(row.homeProcess)))
        .returning({ id: openRoomsTable.id });
      if (won) claimed.push(row.snapshot);
    }
    const restored = this.rooms.restore(claimed);
    for (const id of [...stale, ...restored.forget]) await this.deleteRow(id);
    this.schedule();
    if (this.hub.mode === "local") return;
    // the real-time rooms of processes gone since nobody asked about them
    await this.db
      .delete(openRoomsTable)
      .where(
        and(
          eq(openRoomsTable.turnBased, false),
          sql`not exists (select 1 from ${processesTable} where ${processesTable.id} = ${openRoomsTable.homeProcess} and ${processesTable.seenAt} >= ${new Date(Date.now() - HOME_GONE_AFTER_MS)})`,
        ),
      );
    this.sweepTimer ??= setInterval(() => void this.checkHomes(), HEARTBEAT_MS);
    this.sweepTimer.unref();
  }

  /**
   * ADR 027: tells this process's players of real-time rooms whose home is gone that the room is closed
   * (`home_gone`) and deletes those rooms' rows. Runs every heartbeat; tests call it.
   */
  async checkHomes(): Promise<void> {
    const homes = new Set<string>();
    for (const socket of this.sockets.values()) for (const { home } of socket.remoteRooms.values()) homes.add(home);
    for (const home of homes) {
      if (await this.processAlive(home)) continue;
      for (const socket of this.sockets.values()) {
        for (const [roomId, seat] of socket.remoteRooms) {
          if (seat.home !== home) continue;
          const row = await this.rowWhere(eq(openRoomsTable.id, roomId));
          // a turn-based room waits for its adoption at the next request about it
          if (row?.turnBased && row.snapshot) continue;
          socket.remoteRooms.delete(roomId);
          if (row) await this.db.delete(openRoomsTable).where(and(eq(openRoomsTable.id, roomId), homeIs(home)));
          socket.deliver(seat.frame, { type: "closed", roomId, reason: "home_gone" });
        }
      }
    }
  }

  attachSocket(deliver: RoomSocketDeliver): { socketId: string; detach: () => void } {
    const socketId = crypto.randomBytes(9).toString("base64url");
    this.sockets.set(socketId, {
      deliver,
      frames: new Set(),
      remoteHomes: new Set(),
      remoteRooms: new Map(),
      chain: Promise.resolve(),
    });
    return { socketId, detach: () => this.detachSocket(socketId) };
  }

  request(socketId: string, member: RoomMember, frame: string, gameId: number, raw: unknown): Promise<RoomAnswer> {
    const socket = this.sockets.get(socketId);
    if (!socket) return Promise.resolve(fail("not_connected", "This connection is closed"));
    const handled = socket.chain.then(async () => {
      const result = await this.handle(socket, socketId, member, frame, gameId, raw);
      // the socket closed while this request was on its way: a seat it took is dropped as its others were
      if (!this.sockets.has(socketId)) this.dropConnections(socket, [this.connectionId(socketId, frame)]);
      return result;
    });
    socket.chain = handled.catch(() => {});
    const answer = handled.then((result) => (isPipelined(result) ? result.pipelined : result));
    return answer.catch((err: unknown) => {
      this.logger.warn({ err }, "rooms: a request failed");
      return fail("unavailable", "Rooms are not available just now; try again");
    });
  }

  closeFrame(socketId: string, frame: string): void {
    const socket = this.sockets.get(socketId);
    if (!socket || !socket.frames.delete(frame)) return;
    this.dropConnections(socket, [this.connectionId(socketId, frame)]);
  }

  /** D161: this process's rooms and traffic, for /metrics. */
  stats(): RoomStats {
    return {
      ...this.rooms.counts(),
      messagesRelayed: this.totals.messagesRelayed,
      framesRejected: { ...this.totals.framesRejected },
      forwards: this.totals.forwards,
    };
  }

  /** D124: the live socket refused a room frame before reading it (counted for /metrics). */
  countRejectedFrame(reason: RejectedFrameReason): void {
    this.totals.framesRejected[reason]++;
  }

  /** Frees the seats whose grace is over (the timer calls it; tests too, after moving the clock). */
  tick(): void {
    this.apply(this.rooms.tick());
  }

  /** Resolves once the writes and NOTIFYs asked for so far are done (a clean stop; tests). */
  async settled(): Promise<void> {
    await this.writes;
    await this.hub.settled();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
    if (this.friendRoomsTimer) clearTimeout(this.friendRoomsTimer);
    for (const { resolve, timer } of this.pending.values()) {
      clearTimeout(timer);
      resolve(fail("unavailable", "The server is stopping"));
    }
    this.pending.clear();
    for (const { off } of this.friends.values()) off();
    this.friends.clear();
    await this.writes.catch(() => {});
    for (const roomId of this.rooms.roomIds()) {
      const snapshot = this.rooms.snapshot(roomId);
      if (snapshot?.turnBased) {
        await this.db
          .update(openRoomsTable)
          .set({ homeProcess: null, snapshot, updatedAt: new Date(this.options.now()) })
          .where(and(eq(openRoomsTable.id, roomId), eq(openRoomsTable.homeProcess, this.processId)))
          .catch((err: unknown) => this.logger.warn({ err }, "rooms: could not release a turn-based room"));
      } else {
        await this.deleteRow(roomId);
      }
    }
    await this.hub.settled();
    this.offHub();
    this.offSettings();
    this.hub.close();
  }

  // ---- one request ------------------------------------------------------------------------------

  private async handle(
    socket: Socket,
    socketId: string,
    member: RoomMember,
    frame: string,
    gameId: number,
    raw: unknown,
  ): Promise<RoomAnswer | Pipelined> {
    const parsed = roomRequestSchema.safeParse(raw);
    if (!parsed.success) return fail("invalid", parsed.error.issues[0]?.message ?? "That request is not valid");
    const request = parsed.data;
    if (!(await this.gamePlayable(gameId))) return fail("game_unavailable", "That game cannot be played here");
    socket.frames.add(frame);
    const actor: RoomActor = { member, connectionId: this.connectionId(socketId, frame) };
    switch (request.type) {
      case "create":
        return this.executeHere(actor, gameId, request);
      case "list":
        return { ok: true, value: await this.list(gameId) };
      case "quickJoin":
        return this.quickJoin(socket, actor, gameId, request.filter ?? {});
      case "join": {
        const row = await this.rowWhere(eq(openRoomsTable.code, request.code));
        if (!row) return this.executeHere(actor, gameId, request);
        if (row.gameId !== gameId) return fail("not_found", "There is no open room with that code");
        return this.atHome(socket, row, actor, gameId, request);
      }
      default: {
        if (this.rooms.has(request.roomId)) return this.executeHere(actor, gameId, request);
        const known = socket.remoteRooms.get(request.roomId);
        if (known && MOVES_NO_DEADLINE.has(request.type) && (await this.processAlive(known.home)))
          return { pipelined: this.forward(known.home, actor, gameId, request) };
        const row = await this.rowWhere(eq(openRoomsTable.id, request.roomId));
        if (!row) return ROOM_CLOSED;
        return this.atHome(socket, row, actor, gameId, request);
      }
    }
  }

  /** Runs a request on this process's GameRooms: it is, or becomes, the room's home. */
  private async executeHere(actor: RoomActor, gameId: number, request: RoomRequest): Promise<RoomAnswer> {
    const entering = request.type === "create" || request.type === "join" || request.type === "quickJoin";
    if (entering) {
      const refused = await this.prepareEntering(actor, request);
      if (refused) return refused;
    }
    for (let attempt = 0; ; attempt++) {
      const result = this.rooms.request(actor, gameId, request);
      if (!result.ok) return result;
      if (request.type === "send") this.totals.messagesRelayed++;
      const written = this.apply(result, !MOVES_NO_DEADLINE.has(request.type));
      if (request.type !== "create") return { ok: true, value: result.value };
      // a code is unique among every process's open rooms: the row's insert decides
      const error = await written;
      const roomId = (result.value as { id: string }).id;
      if (!isUniqueViolation(error)) return { ok: true, value: result.value };
      const undone = this.rooms.leave(actor, roomId);
      if (undone.ok) this.apply(undone);
      if (attempt >= 2) return fail("busy", "No room code is free just now; try again");
    }
  }

  private async prepareEntering(actor: RoomActor, request: RoomRequest): Promise<RoomAnswer | null> {
    const member = actor.member;
    const [settings] = await Promise.all([
      communitySettings(this.db),
      member.kind === "user" ? this.loadFriends(member.userId) : undefined,
    ]);
    this.schoolMode = settings.schoolMode;
    // D124: the rooms a player sits in at other homes count too
    const playerId = roomPlayerId(member);
    const elsewhere = await this.db
      .select({ id: openRoomsTable.id })
      .from(openRoomsTable)
      .where(
        and(
          sql`${openRoomsTable.playerIds} @> array[${playerId}]::text[]`,
          or(isNull(openRoomsTable.homeProcess), sql`${openRoomsTable.homeProcess} <> ${this.processId}`),
        ),
      );
    if (elsewhere.length === 0) return null;
    if (request.type === "join") {
      const roomId = this.rooms.findByCode(request.code);
      if (roomId && this.rooms.listing(roomId)?.playerIds.includes(playerId)) return null;
    }
    if (elsewhere.length + this.rooms.openRoomCount(playerId) >= ROOM_OPEN_ROOMS_PER_PLAYER)
      return fail("too_many_rooms", `You can be in at most ${ROOM_OPEN_ROOMS_PER_PLAYER} rooms at once`);
    return null;
  }

  /** Sends a request to the room's home: here, another process, or (the home gone) here after adopting it. */
  private async atHome(
    socket: Socket,
    row: RoomRow,
    actor: RoomActor,
    gameId: number,
    request: RoomRequest,
  ): Promise<RoomAnswer> {
    const home = await this.homeOf(row);
    if (home === "here") return this.executeHere(actor, gameId, request);
    if (home === "closed")
      return request.type === "join" ? fail("not_found", "There is no open room with that code") : ROOM_CLOSED;
    socket.remoteHomes.add(home);
    const answer = await this.forward(home, actor, gameId, request);
    const frame = actor.connectionId.split(".")[2]!;
    if (answer.ok && request.type === "join") socket.remoteRooms.set(row.id, { home, frame });
    if (answer.ok && request.type === "leave") socket.remoteRooms.delete(row.id);
    return answer;
  }

  private async homeOf(row: RoomRow): Promise<"here" | "closed" | string> {
    if (row.homeProcess === this.processId && this.rooms.has(row.id)) return "here";
    if (row.homeProcess && row.homeProcess !== this.processId && (await this.processAlive(row.homeProcess)))
      return row.homeProcess;
    if (!row.turnBased || !row.snapshot) {
      await this.db.delete(openRoomsTable).where(and(eq(openRoomsTable.id, row.id), homeIs(row.homeProcess)));
      return "closed";
    }
    if (row.visibility !== "friends" && (await communitySettings(this.db)).schoolMode) {
      await this.db.delete(openRoomsTable).where(and(eq(openRoomsTable.id, row.id), homeIs(row.homeProcess)));
      return "closed";
    }
    // ADR 027: the first process a player of an orphaned turn-based room comes through adopts it
    const [won] = await this.db
      .update(openRoomsTable)
      .set({ homeProcess: this.processId })
      .where(and(eq(openRoomsTable.id, row.id), homeIs(row.homeProcess)))
      .returning({ id: openRoomsTable.id });
    if (!won) {
      const now = await this.rowWhere(eq(openRoomsTable.id, row.id));
      if (!now || now.homeProcess === row.homeProcess) return "closed";
      return this.homeOf(now);
    }
    const restored = this.rooms.restore([row.snapshot]);
    if (restored.restored.includes(row.id)) {
      this.schedule();
      return "here";
    }
    await this.deleteRow(row.id);
    return "closed";
  }

  private async quickJoin(socket: Socket, actor: RoomActor, gameId: number, filter: RoomFilter): Promise<RoomAnswer> {
    this.schoolMode = (await communitySettings(this.db)).schoolMode;
    if (this.schoolMode) return { ok: true, value: null };
    const playerId = roomPlayerId(actor.member);
    const candidates = (await this.openToStrangers(gameId, 200))
      .filter((row) => !row.playerIds.includes(playerId) && matchesFilter(row.metadata, filter))
      .sort((a, b) => b.seatsTaken - a.seatsTaken)
      .slice(0, QUICK_JOIN_TRIES);
    for (const row of candidates) {
      const answer = await this.atHome(socket, row, actor, gameId, { type: "join", code: row.code });
      if (answer.ok || !["full", "not_joinable", "kicked", "not_found"].includes(answer.error.code)) return answer;
    }
    return { ok: true, value: null };
  }

  private async list(gameId: number): Promise<RoomListing[]> {
    this.schoolMode = (await communitySettings(this.db)).schoolMode;
    if (this.schoolMode) return [];
    const rows = await this.openToStrangers(gameId, ROOM_LIST_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      players: row.seatsTaken,
      maxPlayers: row.maxPlayers,
      turnBased: row.turnBased,
      metadata: row.metadata as Record<string, RoomJson>,
    }));
  }

  /** A game's public joinable rooms with a free seat whose home is alive (or which can be adopted), newest first. */
  private openToStrangers(gameId: number, limit: number): Promise<RoomRow[]> {
    const aliveSince = new Date(Date.now() - HOME_GONE_AFTER_MS);
    const homeAlive =
      this.hub.mode === "local"
        ? eq(openRoomsTable.homeProcess, this.processId)
        : or(
            eq(openRoomsTable.homeProcess, this.processId),
            sql`exists (select 1 from ${processesTable} where ${processesTable.id} = ${openRoomsTable.homeProcess} and ${processesTable.seenAt} >= ${aliveSince})`,
          );
    return this.db
      .select()
      .from(openRoomsTable)
      .where(
        and(
          eq(openRoomsTable.gameId, gameId),
          eq(openRoomsTable.visibility, "public"),
          eq(openRoomsTable.joinable, true),
          lt(openRoomsTable.seatsTaken, openRoomsTable.maxPlayers),
          or(homeAlive, eq(openRoomsTable.turnBased, true)),
        ),
      )
      .orderBy(desc(openRoomsTable.createdAt), desc(openRoomsTable.id))
      .limit(limit);
  }

  // ---- what a change does ---------------------------------------------------------------------

  /** Delivers a change's events, writes its rows (in order; resolves to the write's error, if any) and re-arms the timer. */
  private apply(outcome: RoomOutcome, deadlinesMoved = true): Promise<unknown> {
    if (this.stopped) return Promise.resolve(null);
    for (const delivery of outcome.deliveries) this.deliver(delivery.to, delivery.event);
    if (deadlinesMoved) this.schedule();
    this.noteFriendRooms(outcome);
    const persisted = this.persist(outcome);
    if (outcome.turns.length > 0) this.notifyTurns(outcome.turns);
    return persisted;
  }

  /**
   * D122: the friends of the players who entered or left a room that friends lists show, or sat in one that closed,
   * are told to ask for the list again, once a second at most, after the rooms' rows are written.
   */
  private noteFriendRooms(outcome: RoomOutcome) {
    for (const id of outcome.closed) {
      for (const userId of this.shownToFriends.get(id) ?? []) this.friendRoomsChanged.add(userId);
      this.shownToFriends.delete(id);
    }
    for (const id of outcome.listed) {
      const listing = this.rooms.listing(id);
      if (!listing || listing.visibility === "private") continue;
      const seated = listing.playerIds.filter((seat) => seat.startsWith("u")).map((seat) => Number(seat.slice(1)));
      const before = this.shownToFriends.get(id) ?? [];
      for (const userId of new Set([...before, ...seated])) this.friendRoomsChanged.add(userId);
      if (seated.length) this.shownToFriends.set(id, seated);
      else this.shownToFriends.delete(id);
    }
    if (this.friendRoomsChanged.size === 0 || this.friendRoomsTimer) return;
    this.friendRoomsTimer = setTimeout(() => {
      this.friendRoomsTimer = null;
      const players = [...this.friendRoomsChanged];
      this.friendRoomsChanged.clear();
      this.writes = this.writes.then(async () => {
        try {
          const friends = new Set((await Promise.all(players.map((id) => friendIds(this.db, id)))).flat());
          if (friends.size) await this.options.playerHub.publish([...friends], { type: "friend-rooms-changed" });
        } catch (err) {
          this.logger.warn({ err }, "rooms: could not tell friends of a room");
        }
      });
    }, FRIEND_ROOMS_PUSH_MS);
    this.friendRoomsTimer.unref();
  }

  /** D121: the home process tells the players away whose turn it is; after the room's rows, in order. */
  private notifyTurns(turns: RoomTurnNotice[]) {
    const deps = { db: this.db, playerHub: this.options.playerHub };
    const at = new Date(this.options.now());
    this.writes = this.writes.then(async () => {
      for (const notice of turns)
        await notifyRoomTurn(deps, notice, at).catch((err: unknown) =>
          this.logger.warn({ err }, "rooms: could not tell a player it is their turn"),
        );
    });
  }

  private deliver(to: string[], event: RoomEvent) {
    const elsewhere = new Map<string, string[]>();
    for (const connectionId of to) {
      const [processId, socketId, frame] = connectionId.split(".") as [string, string, string];
      if (processId === this.processId) {
        const socket = this.sockets.get(socketId);
        if (event.type === "closed") socket?.remoteRooms.delete(event.roomId);
        socket?.deliver(frame, event);
        continue;
      }
      let list = elsewhere.get(processId);
      if (!list) elsewhere.set(processId, (list = []));
      list.push(connectionId);
    }
    for (const [processId, connections] of elsewhere)
      this.hub.send(processId, { k: "ev", to: connections, event } satisfies HubMessage);
  }

  private persist(outcome: RoomOutcome): Promise<unknown> {
    const at = new Date(this.options.now());
    const saved = new Map(outcome.save.map((room) => [room.id, room]));
    const writes: Array<() => Promise<unknown>> = [];
    for (const id of outcome.closed) writes.push(() => this.db.delete(openRoomsTable).where(eq(openRoomsTable.id, id)));
    for (const id of outcome.listed) {
      const listing = this.rooms.listing(id);
      if (!listing) continue;
      const snapshot = saved.get(id) ?? null;
      saved.delete(id);
      const changing = {
        homeProcess: this.processId,
        joinable: listing.joinable,
        seatsTaken: listing.playerIds.length,
        playerIds: listing.playerIds,
        updatedAt: at,
        ...(snapshot ? { snapshot } : {}),
      };
      writes.push(() =>
        this.db
          .insert(openRoomsTable)
          .values({
            ...changing,
            id,
            code: listing.code,
            gameId: listing.gameId,
            visibility: listing.visibility,
            maxPlayers: listing.maxPlayers,
            turnBased: listing.turnBased,
            metadata: listing.metadata,
            createdAt: new Date(listing.createdAt),
          })
          .onConflictDoUpdate({ target: openRoomsTable.id, set: changing }),
      );
    }
    for (const [id, snapshot] of saved)
      writes.push(() =>
        this.db.update(openRoomsTable).set({ snapshot, updatedAt: at }).where(eq(openRoomsTable.id, id)),
      );
    if (writes.length === 0) return Promise.resolve(null);
    const done = this.writes.then(async () => {
      try {
        for (const write of writes) await write();
        return null;
      } catch (err) {
        if (!isUniqueViolation(err)) this.logger.warn({ err }, "rooms: could not write an open room");
        return err;
      }
    });
    this.writes = done;
    return done;
  }

  private schedule() {
    if (this.stopped) return;
    const deadline = this.rooms.nextDeadline();
    if (deadline === this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = deadline;
    if (deadline === null) return;
    // the clock may be a test's: the timer waits at most a minute and asks again
    const wait = Math.min(60_000, Math.max(0, deadline - this.options.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = null;
      if (this.options.now() >= deadline) this.tick();
      else this.schedule();
    }, wait);
    this.timer.unref();
  }

  // ---- sockets --------------------------------------------------------------------------------

  private connectionId(socketId: string, frame: string): string {
    return `${this.processId}.${socketId}.${frame}`;
  }

  private detachSocket(socketId: string) {
    const socket = this.sockets.get(socketId);
    if (!socket) return;
    this.sockets.delete(socketId);
    this.dropConnections(
      socket,
      [...socket.frames].map((frame) => this.connectionId(socketId, frame)),
    );
  }

  private dropConnections(socket: Socket, connections: string[]) {
    if (connections.length === 0) return;
    for (const connectionId of connections) this.apply(this.rooms.drop(connectionId));
    for (const home of socket.remoteHomes) this.hub.send(home, { k: "drop", connections } satisfies HubMessage);
  }

  // ---- other processes ------------------------------------------------------------------------

  private forward(home: string, actor: RoomActor, gameId: number, request: RoomRequest): Promise<RoomAnswer> {
    const rid = ++this.nextRid;
    this.totals.forwards++;
    return new Promise<RoomAnswer>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid);
        resolve(fail("unavailable", "The room's server did not answer; try again"));
      }, FORWARD_TIMEOUT_MS);
      timer.unref();
      this.pending.set(rid, { resolve, timer });
      this.hub.send(home, { k: "req", from: this.processId, rid, actor, gameId, request } satisfies HubMessage);
    });
  }

  private onHubMessage(message: HubMessage) {
    if (this.stopped || !message || typeof message !== "object") return;
    switch (message.k) {
      case "req": {
        const { from, rid, actor, gameId, request } = message;
        // the connection must be one of the sending process's: a process speaks only for its own sockets
        if (typeof actor?.connectionId !== "string" || !actor.connectionId.startsWith(`${from}.`)) return;
        const key = actor.connectionId.split(".").slice(0, 2).join(".");
        const before = this.remoteChains.get(key) ?? Promise.resolve();
        const run = before
          .then(() => {
            const parsed = roomRequestSchema.safeParse(request);
            if (!parsed.success) return fail("invalid", "That request is not valid");
            return this.executeHere(actor, gameId, parsed.data);
          })
          .catch((err: unknown) => {
            this.logger.warn({ err }, "rooms: a forwarded request failed");
            return fail("unavailable", "Rooms are not available just now; try again");
          })
          .then((answer) => this.hub.send(from, { k: "res", rid, answer } satisfies HubMessage));
        this.remoteChains.set(key, run);
        void run.finally(() => {
          if (this.remoteChains.get(key) === run) this.remoteChains.delete(key);
        });
        return;
      }
      case "res": {
        const waiting = this.pending.get(message.rid);
        if (!waiting) return;
        this.pending.delete(message.rid);
        clearTimeout(waiting.timer);
        waiting.resolve(message.answer);
        return;
      }
      case "ev":
        if (Array.isArray(message.to))
          this.deliver(
            message.to.filter((id) => id.startsWith(`${this.processId}.`)),
            message.event,
          );
        return;
      case "drop":
        if (Array.isArray(message.connections))
          for (const connectionId of message.connections) this.apply(this.rooms.drop(connectionId));
        return;
    }
  }

  // ---- what the database knows ------------------------------------------------------------------

  private async rowWhere(condition: ReturnType<typeof eq>): Promise<RoomRow | undefined> {
    const [row] = await this.db.select().from(openRoomsTable).where(condition).limit(1);
    return row;
  }

  private async deleteRow(id: string) {
    await this.db
      .delete(openRoomsTable)
      .where(eq(openRoomsTable.id, id))
      .catch((err: unknown) => this.logger.warn({ err }, "rooms: could not delete an open room"));
  }

  private async gamePlayable(gameId: number): Promise<boolean> {
    const now = Date.now();
    const known = this.games.get(gameId);
    if (known && now - known.at < GAME_CHECK_MS) return known.ok;
    // one look-up per game, however many requests find the last answer stale at once
    const ok = (async () => {
      const visibility = await gameVisibility(this.db);
      const [game] = await this.db
        .select({ id: gamesTable.id })
        .from(gamesTable)
        .where(and(eq(gamesTable.id, gameId), gameIsShown(visibility)));
      return !!game;
    })();
    if (this.games.size > 10_000) this.games.clear();
    this.games.set(gameId, { ok, at: now });
    ok.catch(() => {
      if (this.games.get(gameId)?.ok === ok) this.games.delete(gameId);
    });
    return ok;
  }

  private async processAlive(processId: string): Promise<boolean> {
    if (this.hub.mode === "local") return false;
    // heartbeats are written in real time; what is known is kept by the rooms' clock
    const now = this.options.now();
    const known = this.processes.get(processId);
    if (known && now - known.at < PROCESS_CHECK_MS) return known.alive;
    const [row] = await this.db
      .select({ id: processesTable.id })
      .from(processesTable)
      .where(
        and(eq(processesTable.id, processId), gt(processesTable.seenAt, new Date(Date.now() - HOME_GONE_AFTER_MS))),
      );
    if (this.processes.size > 1000) this.processes.clear();
    this.processes.set(processId, { alive: !!row, at: now });
    return !!row;
  }

  private async loadFriends(userId: number) {
    if (this.friends.has(userId)) return;
    const ids = new Set(await friendIds(this.db, userId));
    if (this.friends.has(userId) || this.stopped) return;
    if (this.friends.size > 10_000) {
      for (const { off } of this.friends.values()) off();
      this.friends.clear();
    }
    const off = this.options.playerHub.subscribe(userId, (event) => {
      if (event.type !== "friends-changed") return;
      this.friends.get(userId)?.off();
      this.friends.delete(userId);
    });
    this.friends.set(userId, { ids, off });
  }
}

function homeIs(home: string | null) {
  return home === null ? isNull(openRoomsTable.homeProcess) : eq(openRoomsTable.homeProcess, home);
}

function matchesFilter(metadata: unknown, filter: RoomFilter): boolean {
  if (!metadata || typeof metadata !== "object") return Object.keys(filter).length === 0;
  const values = metadata as Record<string, unknown>;
  return Object.entries(filter).every(([key, value]) => Object.hasOwn(values, key) && values[key] === value);
}

/**
 * ADR 027, D121: deletes the `open_rooms` rows nobody can come back to: real-time rooms whose home is gone (their
 * state died with it) and turn-based rooms whose home is gone (or that were released) and that were untouched for
 * ROOM_TURN_BASED_KEEP_MS. A turn-based room with a live home is its home's to close. Answers how many.
 */
export async function purgeAbandonedRooms(db: Db, now: Date): Promise<number> {
  const aliveSince = new Date(now.getTime() - HOME_GONE_AFTER_MS);
  const homeGone = or(
    isNull(openRoomsTable.homeProcess),
    sql`not exists (select 1 from ${processesTable} where ${processesTable.id} = ${openRoomsTable.homeProcess} and ${processesTable.seenAt} >= ${aliveSince})`,
  );
  const rows = await db
    .delete(openRoomsTable)
    .where(
      and(
        homeGone,
        or(
          eq(openRoomsTable.turnBased, false),
          lt(openRoomsTable.updatedAt, new Date(now.getTime() - ROOM_TURN_BASED_KEEP_MS)),
        ),
      ),
    )
    .returning({ id: openRoomsTable.id });
  return rows.length;
}

/** A guest's secret (ADR 027): random, kept in a cookie of the site, so that a reload finds the same seat. */
export function newGuestSecret(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export const GUEST_SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * D120: the guest a secret stands for. Other players see the id, which cannot be turned back into the secret, so it
 * cannot be replayed to take the seat; the name ("Guest 1234") comes from the same hash.
 */
export function guestMember(secret: string): RoomMember {
  const hash = crypto.createHash("sha256").update(`arcadium-room-guest:${secret}`).digest();
  return {
    kind: "guest",
    guestId: hash.subarray(0, 12).toString("base64url"),
    name: `Guest ${1000 + (hash.readUInt32BE(12) % 9000)}`,
  };
}
