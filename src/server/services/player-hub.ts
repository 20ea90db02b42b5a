import crypto from "node:crypto";
import type { PlayerLiveEvent } from "../../contract/player-live";
import { NOTIFY_MAX_BYTES, type ListenerLogger, type PgListener } from "./pg-listener";

/** The PostgreSQL channel of personal live events. */
export const PLAYER_CHANNEL = "arcadium_players";

/** Who an event is for: some players, or every signed-in player (an announcement). */
export type PlayerTarget = readonly number[] | "everyone";

type Listener = (event: PlayerLiveEvent) => void;
type WireEvent = { origin: string; to: number[] | "everyone"; event: PlayerLiveEvent };

const noopLogger: ListenerLogger = { info: () => {}, warn: () => {} };

/**
 * Personal live events (presence, notifications, direct messages), the per-player sibling of
 * chat-hub.ts. `publish(target, event)` delivers to this process's subscribers of those players at once and, on
 * PostgreSQL, to every other process through NOTIFY on the shared LISTEN connection (pg-listener.ts); a process
 * skips its own echo by the hub id. On PGlite there is one process: local delivery only.
 *
 * Events are small nudges (ids, a notification, a presence): one larger than a NOTIFY payload is not sent to
 * the other processes as it is but as `{type: "notifications-changed"}`, and pages refetch. After the LISTEN
 * connection reconnects every subscriber gets `notifications-changed` and `friends-changed` (events sent while
 * it was down were missed).
 *
 * `connected(userId)` says whether this process holds a live socket of that player (presence).
 *
 * No HTTP types here: the WebSocket route (routes/chat.ts) subscribes each signed-in socket (ADR 012).
 */
export class PlayerHub {
  readonly id = crypto.randomUUID();
  private readonly subscribers = new Map<number, Set<Listener>>();
  private readonly detach: Array<() => void> = [];
  private readonly logger: ListenerLogger;
  private closed = false;

  constructor(
    private readonly listener: PgListener,
    options: { logger?: ListenerLogger } = {},
  ) {
    this.logger = options.logger ?? noopLogger;
    this.detach.push(
      listener.on(PLAYER_CHANNEL, (payload) => this.onNotification(payload)),
      listener.onReconnect(() => {
        this.deliver("everyone", { type: "notifications-changed" });
        this.deliver("everyone", { type: "friends-changed" });
      }),
    );
  }

  /** Adds a subscriber for one player's events; returns the function that removes it. */
  subscribe(userId: number, listener: Listener): () => void {
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      const current = this.subscribers.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.subscribers.delete(userId);
    };
  }

  /** True while this process holds at least one subscriber (a live socket) of the player. */
  connected(userId: number): boolean {
    return this.subscribers.has(userId);
  }

  /** The players with a live socket on this process. */
  connectedPlayers(): number[] {
    return [...this.subscribers.keys()];
  }

  /**
   * Sends an event to its players on every process. Call it after the change has committed; a failed NOTIFY
   * is logged, not thrown (the change is stored; other processes' pages catch up when they refetch).
   */
  async publish(target: PlayerTarget, event: PlayerLiveEvent): Promise<void> {
    if (this.closed) return;
    const to = target === "everyone" ? "everyone" : [...new Set(target)];
    if (to !== "everyone" && to.length === 0) return;
    this.deliver(to, event);
    if (this.listener.mode !== "postgres") return;
    let payload = JSON.stringify({ origin: this.id, to, event } satisfies WireEvent);
    if (Buffer.byteLength(payload, "utf8") > NOTIFY_MAX_BYTES) {
      payload = JSON.stringify({
        origin: this.id,
        to: "everyone",
        event: { type: "notifications-changed" },
      } satisfies WireEvent);
    }
    if (!(await this.listener.notify(PLAYER_CHANNEL, payload))) {
      this.logger.warn({}, "players: NOTIFY failed; other processes will miss this event until their pages refetch");
    }
  }

  close(): void {
    this.closed = true;
    this.subscribers.clear();
    for (const off of this.detach.splice(0)) off();
  }

  private deliver(to: number[] | "everyone", event: PlayerLiveEvent) {
    const sets =
      to === "everyone"
        ? [...this.subscribers.values()]
        : to.map((id) => this.subscribers.get(id)).filter((s) => s !== undefined);
    for (const set of sets) {
      for (const listener of [...set]) {
        try {
          listener(event);
        } catch (err) {
          this.logger.warn({ err }, "players: a subscriber failed");
        }
      }
    }
  }

  private onNotification(payload: string) {
    if (this.closed) return;
    let wire: WireEvent;
    try {
      wire = JSON.parse(payload) as WireEvent;
    } catch {
      return;
    }
    if (!wire || typeof wire !== "object" || wire.origin === this.id) return;
    if (typeof wire.event !== "object" || wire.event === null || typeof wire.event.type !== "string") return;
    const to =
      wire.to === "everyone"
        ? "everyone"
        : Array.isArray(wire.to)
          ? wire.to.filter((id) => Number.isSafeInteger(id))
          : null;
    if (to) this.deliver(to, wire.event);
  }
}
