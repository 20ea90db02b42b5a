import type { LiveStatus, LiveSubscriber } from "@/lib/live-socket";
import type { RoomError, RoomPlayer, RoomSnapshot } from "@contract/rooms";
import type { RoomRelayEvent, RoomRequestType } from "./sdk-v2";

/**
 * The page's half of rooms (ADR 027): one game frame's room calls go out on the page's one live connection under a
 * frame id of this relay's, and only that frame's answers and events come back to it. The server knows the player
 * from the connection's session; the relay adds nothing about who plays.
 *
 * - A frame id names one document in the frame: when the frame shows another document (its SDK names itself with a
 *   new `instance`, or says it is leaving) or the relay is disposed, the server is told `room-frame-closed`, and the
 *   seats of that id drop as a closed connection's do.
 * - Calls made while the connection is not open wait for it, at most QUEUE_MS; calls that were sent when it broke
 *   are answered `unavailable` (sending them again could relay a message twice).
 * - The relay remembers the rooms the frame sits in (by code). When the connection opens again it joins each of
 *   them again, which gives the seat back, and passes the frame the new snapshot (`snapshot`); when a call about a
 *   room is answered `not_in_room` (a turn-based room taken over by another process after its home went, ADR 027),
 *   it joins again and retries the call once. A seat that cannot be taken back is told as `closed: lost`.
 */

/** The live connection as the relay uses it (lib/live-socket.ts). */
export type LiveLink = {
  subscribe(subscriber: LiveSubscriber): () => void;
  send(frame: unknown): boolean;
};

export type RoomAnswer = { ok: true; value: unknown } | { ok: false; error: RoomError };
export type RoomCall = { type: RoomRequestType } & Record<string, unknown>;

/** D122: the room the frame entered last, as far as "Invite friends" and "Players" (D124) need it; `me` is the frame's player. */
export type CurrentRoom = {
  id: string;
  code: string;
  joinable: boolean;
  players: readonly RoomPlayer[];
  maxPlayers: number;
  me: string;
};

export type RoomRelayOptions = {
  gameId: number;
  live: LiveLink;
  /** passes an event to this relay's frame only */
  postEvent(event: RoomRelayEvent): void;
  /** the room the frame entered last changed (seats, joinable) or is left (null) */
  onCurrentRoom?(room: CurrentRoom | null): void;
  now?: () => number;
};

/** How long a call waits for the connection to open: then the SDK has given up on it anyway (its 10 s). */
export const QUEUE_MS = 10_000;

/** Failures after which taking a seat back may work later: the room is kept, and tried again at the next open. */
const PASSING = new Set(["unavailable", "busy", "rate_limited"]);
const CONNECTION_LOST_ERROR: RoomError = {
  code: "unavailable",
  message: "The connection to Arcadium dropped; try again",
};
const CONNECTION_LOST: RoomAnswer = { ok: false, error: CONNECTION_LOST_ERROR };

let requestCounter = 0;
/** Request ids are the page's own: unique among all the relays sharing the connection. */
function nextRequestId(): string {
  requestCounter += 1;
  return `r${requestCounter}`;
}

function newFrameId(): string {
  return `f${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}

type Pending = {
  call: RoomCall;
  /** null for the relay's own joins */
  respond: (answer: RoomAnswer) => void;
  /** not yet on the wire: waiting for the connection */
  queuedAt: number | null;
  retried: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSnapshot(value: unknown): value is RoomSnapshot {
  return isRecord(value) && typeof value.id === "string" && typeof value.code === "string";
}

export class RoomRelay {
  private frameId = newFrameId();
  /** the document the frame id belongs to (null: none has called yet) */
  private instance: string | null = null;
  /** the rooms the frame sits in: id → code */
  private readonly rooms = new Map<string, string>();
  private current: CurrentRoom | null = null;
  private readonly pending = new Map<string, Pending>();
  private status: LiveStatus = "connecting";
  private hasOpened = false;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;

  constructor(private readonly options: RoomRelayOptions) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = options.live.subscribe({
      onMessage: (data) => this.onMessage(data),
      onStatus: (status) => this.onStatus(status),
    });
  }

  /** One room call of the frame's document `instance`; `respond` gets the server's answer. */
  request(instance: string, call: RoomCall, respond: (answer: RoomAnswer) => void): void {
    if (this.instance !== instance) {
      if (this.instance !== null) this.closeFrame();
      this.instance = instance;
    }
    this.transmit(nextRequestId(), { call, respond, queuedAt: null, retried: false });
  }

  /** The frame's document `instance` is going away (sdk/v2.js on pagehide). */
  unload(instance: string): void {
    if (this.instance !== instance) return;
    this.closeFrame();
    this.instance = null;
  }

  /** The frame is gone: its seats drop. */
  dispose(): void {
    // before leaving the connection: leaving may close it
    if (this.instance !== null) this.closeFrame();
    this.unsubscribe();
  }

  /** The rooms the frame sits in, by id, with their codes (for tests and diagnostics). */
  roomCodes(): ReadonlyMap<string, string> {
    return this.rooms;
  }

  /** D122: the room the frame entered last and still sits in, or null. */
  currentRoom(): CurrentRoom | null {
    return this.current;
  }

  private setCurrent(room: CurrentRoom | null) {
    if (room === this.current) return;
    this.current = room;
    this.options.onCurrentRoom?.(room);
  }

  private entered(room: RoomSnapshot) {
    this.rooms.set(room.id, room.code);
    const { id, code, joinable, maxPlayers, players, me } = room;
    this.setCurrent({ id, code, joinable, maxPlayers, players, me });
  }

  private forget(roomId: string) {
    this.rooms.delete(roomId);
    if (this.current?.id === roomId) this.setCurrent(null);
  }

  /** Keeps the current room's players and joinable up to date from its events. */
  private follow(event: RoomRelayEvent) {
    const room = this.current;
    if (event.type === "snapshot" || !room || event.roomId !== room.id) return;
    const players = (change: (players: readonly RoomPlayer[]) => readonly RoomPlayer[]) =>
      this.setCurrent({ ...room, players: change(room.players) });
    const update = (playerId: string, change: (player: RoomPlayer) => RoomPlayer) =>
      players((all) => all.map((p) => (p.id === playerId ? change(p) : p)));
    if (event.type === "join") players((all) => [...all.filter((p) => p.id !== event.player.id), event.player]);
    else if (event.type === "leave") players((all) => all.filter((p) => p.id !== event.playerId));
    else if (event.type === "drop") update(event.playerId, (p) => ({ ...p, connected: false }));
    else if (event.type === "reconnect") update(event.playerId, (p) => ({ ...p, connected: true }));
    else if (event.type === "host") players((all) => all.map((p) => ({ ...p, host: p.id === event.playerId })));
    else if (event.type === "joinable") this.setCurrent({ ...room, joinable: event.joinable });
  }

  private closeFrame() {
    this.options.live.send({ type: "room-frame-closed", frame: this.frameId });
    this.pending.clear();
    this.rooms.clear();
    this.setCurrent(null);
    this.frameId = newFrameId();
  }

  private transmit(id: string, entry: Pending) {
    this.pending.set(id, entry);
    const sent =
      this.status === "open" &&
      this.options.live.send({
        type: "room",
        id,
        frame: this.frameId,
        gameId: this.options.gameId,
        request: entry.call,
      });
    entry.queuedAt = sent ? null : (entry.queuedAt ?? this.now());
  }

  private onStatus(status: LiveStatus) {
    const wasOpen = this.status === "open";
    this.status = status;
    if (status !== "open") {
      if (!wasOpen) return;
      // answers to what was on the wire will not come on another connection
      for (const [id, entry] of [...this.pending]) {
        if (entry.queuedAt !== null) continue;
        this.pending.delete(id);
        entry.respond(CONNECTION_LOST);
      }
      return;
    }
    if (wasOpen) return;
    const reconnected = this.hasOpened;
    this.hasOpened = true;
    // seats first: the waiting calls may be about these rooms
    if (reconnected) for (const [roomId, code] of this.rooms) this.rejoin(roomId, code, null);
    const now = this.now();
    for (const [id, entry] of [...this.pending]) {
      if (entry.queuedAt === null) continue;
      this.pending.delete(id);
      if (now - entry.queuedAt > QUEUE_MS) entry.respond(CONNECTION_LOST);
      else this.transmit(id, entry);
    }
  }

  /** Joins a room the frame sat in again; then retries `retry` (a call answered not_in_room), if any. */
  private rejoin(roomId: string, code: string, retry: { id: string; entry: Pending; failure: RoomAnswer } | null) {
    const respond = (answer: RoomAnswer) => {
      if (answer.ok && isSnapshot(answer.value)) {
        this.entered(answer.value);
        this.options.postEvent({ type: "snapshot", room: answer.value });
        if (retry) this.transmit(retry.id, { ...retry.entry, queuedAt: null, retried: true });
        return;
      }
      if (!answer.ok && !PASSING.has(answer.error.code)) {
        this.forget(roomId);
        this.options.postEvent({ type: "closed", roomId, reason: "lost" });
      }
      retry?.entry.respond(retry.failure);
    };
    this.transmit(nextRequestId(), { call: { type: "join", code }, respond, queuedAt: null, retried: true });
  }

  private onMessage(data: unknown) {
    if (!isRecord(data)) return;
    if (data.type === "room-result") {
      if (typeof data.id !== "string") return;
      const entry = this.pending.get(data.id);
      if (!entry) return;
      this.pending.delete(data.id);
      const answer: RoomAnswer =
        data.ok === true
          ? { ok: true, value: data.value ?? null }
          : { ok: false, error: isRecord(data.error) ? (data.error as RoomError) : CONNECTION_LOST_ERROR };
      this.settle(data.id, entry, answer);
      return;
    }
    if (data.type === "room-event" && data.frame === this.frameId && isRecord(data.event)) {
      const event = data.event as RoomRelayEvent;
      if (event.type === "closed") this.forget(event.roomId);
      else this.follow(event);
      this.options.postEvent(event);
    }
  }

  private settle(id: string, entry: Pending, answer: RoomAnswer) {
    const { call } = entry;
    const roomId = typeof call.roomId === "string" ? call.roomId : null;
    if (!answer.ok) {
      const code = roomId === null ? undefined : this.rooms.get(roomId);
      if (answer.error.code === "not_in_room" && roomId !== null && code !== undefined && !entry.retried) {
        this.rejoin(roomId, code, { id, entry, failure: answer });
        return;
      }
      entry.respond(answer);
      return;
    }
    if ((call.type === "create" || call.type === "join" || call.type === "quickJoin") && isSnapshot(answer.value))
      this.entered(answer.value);
    if (call.type === "leave" && roomId !== null) this.forget(roomId);
    entry.respond(answer);
  }
}
