import crypto from "node:crypto";
import { chatLiveEventSchema, type ChatLiveEvent, type ChatMessage } from "../../contract/chat";
import type { Database } from "../db/client";
import { NOTIFY_MAX_BYTES, PgListener, type ListenerLogger, type PgListenerOptions } from "./pg-listener";

/** The PostgreSQL channel every process LISTENs on (D8). */
export const CHAT_CHANNEL = "arcadium_chat";

export type ChatHubLogger = ListenerLogger;

export type ChatHubOptions = PgListenerOptions & {
  /** Loads a message by id: used when an event was too large for a NOTIFY payload and was sent as a reference. */
  loadMessage?: (id: number) => Promise<ChatMessage | null>;
  /**
   * The process's shared LISTEN connection (app.ts). Without it the hub opens and closes its own
   * (`reconnect` and `healthCheckMs` apply to that one).
   */
  listener?: PgListener;
};

type Listener = (event: ChatLiveEvent) => void;
/** What travels through NOTIFY: the sending hub's id (so that it skips its own echo) and the event or a reference. */
type WireEvent = { origin: string; event: ChatLiveEvent } | { origin: string; messageRef: number };

const noopLogger: ChatHubLogger = { info: () => {}, warn: () => {} };

/**
 * Chat fan-out. `publish` delivers an event to this process's subscribers at once and,
 * on PostgreSQL, sends it with `pg_notify` to every other process; the process's LISTEN connection
 * (pg-listener.ts) re-delivers other processes' events to this process's subscribers. Each process
 * therefore delivers each event exactly once: its own events locally, everybody else's through LISTEN
 * (its own echo is recognised by the hub id and skipped). On PGlite there is only one process: local
 * delivery only.
 *
 * After the LISTEN connection reconnects subscribers get `{type: "resync"}` because events sent while
 * the connection was down were not received.
 *
 * No HTTP types here: the WebSocket route subscribes and writes to its sockets.
 */
export class ChatHub {
  /** This process's hub id, carried in every NOTIFY payload. */
  readonly id = crypto.randomUUID();
  readonly mode: "local" | "postgres";

  private readonly subscribers = new Set<Listener>();
  private readonly logger: ChatHubLogger;
  private readonly listener: PgListener;
  private readonly ownsListener: boolean;
  private readonly detach: Array<() => void> = [];
  private closed = false;

  constructor(
    database: Database,
    private readonly options: ChatHubOptions = {},
  ) {
    this.logger = options.logger ?? noopLogger;
    this.ownsListener = !options.listener;
    this.listener = options.listener ?? new PgListener(database, options);
    this.mode = this.listener.mode;
    this.detach.push(
      this.listener.on(CHAT_CHANNEL, (payload) => void this.onNotification(payload)),
      // Events sent while the connection was down were not received: pages refetch.
      this.listener.onReconnect(() => this.deliver({ type: "resync" })),
    );
  }

  /** Opens the LISTEN connection on PostgreSQL (when the hub owns it). Never throws. */
  async start(): Promise<void> {
    if (this.closed) return;
    await this.listener.start();
  }

  /** Adds a subscriber; returns the function that removes it. */
  subscribe(listener: Listener): () => void {
    this.subscribers.add(listener);
    return () => {
      this.subscribers.delete(listener);
    };
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** True while the LISTEN connection is up (always true for the in-process mode). */
  get listening(): boolean {
    return !this.closed && this.listener.listening;
  }

  /** The backend pid of the LISTEN connection (operations and tests). */
  get listenerPid(): number | null {
    return this.closed ? null : this.listener.pid;
  }

  /** Resolves once the LISTEN connection is up (immediately in the in-process mode). */
  whenListening(): Promise<void> {
    return this.listener.whenListening();
  }

  /**
   * Publishes an event: to local subscribers now, and to the other processes through NOTIFY.
   * Call it after the change has committed. A failed NOTIFY is logged, not thrown: the change is
   * stored, and the other processes' pages catch up when they refetch.
   */
  async publish(event: ChatLiveEvent): Promise<void> {
    this.deliver(event);
    if (this.mode !== "postgres" || this.closed) return;
    let payload = JSON.stringify({ origin: this.id, event } satisfies WireEvent);
    if (Buffer.byteLength(payload, "utf8") > NOTIFY_MAX_BYTES) {
      if (event.type !== "message") return;
      payload = JSON.stringify({ origin: this.id, messageRef: event.message.id } satisfies WireEvent);
    }
    if (!(await this.listener.notify(CHAT_CHANNEL, payload))) {
      this.logger.warn({}, "chat: NOTIFY failed; other processes will miss this event until their pages refetch");
    }
  }

  /** Stops listening and forgets every subscriber. */
  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    for (const off of this.detach.splice(0)) off();
    if (this.ownsListener) await this.listener.close();
  }

  private deliver(event: ChatLiveEvent) {
    for (const listener of [...this.subscribers]) {
      try {
        listener(event);
      } catch (err) {
        this.logger.warn({ err }, "chat: a subscriber failed");
      }
    }
  }

  private async onNotification(payload: string) {
    if (this.closed) return;
    let wire: WireEvent;
    try {
      wire = JSON.parse(payload) as WireEvent;
    } catch {
      return;
    }
    if (!wire || typeof wire !== "object" || wire.origin === this.id) return;
    if ("messageRef" in wire) {
      if (typeof wire.messageRef !== "number" || !this.options.loadMessage) return;
      try {
        const message = await this.options.loadMessage(wire.messageRef);
        if (message && !this.closed) this.deliver({ type: "message", message });
      } catch (err) {
        this.logger.warn({ err }, "chat: could not load a referenced message");
      }
      return;
    }
    const parsed = chatLiveEventSchema.safeParse(wire.event);
    if (parsed.success && parsed.data.type !== "resync") this.deliver(parsed.data);
  }
}
