import crypto from "node:crypto";
import type pg from "pg";
import { chatLiveEventSchema, type ChatLiveEvent, type ChatMessage } from "../../contract/chat";
import type { Database } from "../db/client";

/** The PostgreSQL channel every process LISTENs on (D8, D37). */
export const CHAT_CHANNEL = "arcadium_chat";
/** application_name of the LISTEN connection, so that operators (and tests) can find it. */
export const CHAT_LISTENER_APPLICATION_NAME = "arcadium-chat-listener";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events travel by reference. */
const NOTIFY_MAX_BYTES = 7900;

export type ChatHubLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};

export type ChatHubOptions = {
  logger?: ChatHubLogger;
  /** Loads a message by id: used when an event was too large for a NOTIFY payload and was sent as a reference. */
  loadMessage?: (id: number) => Promise<ChatMessage | null>;
  /** Backoff of the LISTEN connection after it is lost (default 250 ms doubling up to 10 s, with jitter). */
  reconnect?: { initialMs?: number; maxMs?: number };
  /** How often the LISTEN connection is probed with `select 1` so that a silently dead connection is noticed (default 30 s). */
  healthCheckMs?: number;
};

type Listener = (event: ChatLiveEvent) => void;
/** What travels through NOTIFY: the sending hub's id (so that it skips its own echo) and the event or a reference. */
type WireEvent = { origin: string; event: ChatLiveEvent } | { origin: string; messageRef: number };

const noopLogger: ChatHubLogger = { info: () => {}, warn: () => {} };

/**
 * Chat fan-out (D8, D37). `publish` delivers an event to this process's subscribers at once and,
 * on PostgreSQL, sends it with `pg_notify` to every other process; a dedicated LISTEN connection
 * re-delivers other processes' events to this process's subscribers. Each process therefore delivers
 * each event exactly once: its own events locally, everybody else's through LISTEN (its own echo is
 * recognised by the hub id and skipped). On PGlite there is only one process: local delivery only.
 *
 * The LISTEN connection reconnects with backoff when it is lost (database restart, terminated
 * backend); after a reconnect subscribers get `{type: "resync"}` because events sent while the
 * connection was down were not received.
 *
 * No HTTP types here: the WebSocket route subscribes and writes to its sockets.
 */
export class ChatHub {
  /** This process's hub id, carried in every NOTIFY payload. */
  readonly id = crypto.randomUUID();
  readonly mode: "local" | "postgres";

  private readonly subscribers = new Set<Listener>();
  private readonly logger: ChatHubLogger;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly healthCheckMs: number;

  private client: pg.Client | null = null;
  private clientPid: number | null = null;
  private readonly lostClients = new WeakSet<pg.Client>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private everConnected = false;
  private closed = false;
  private connectedWaiters: Array<() => void> = [];

  constructor(
    private readonly database: Database,
    private readonly options: ChatHubOptions = {},
  ) {
    this.mode = database.kind === "postgres" && database.pool ? "postgres" : "local";
    this.logger = options.logger ?? noopLogger;
    this.initialBackoffMs = options.reconnect?.initialMs ?? 250;
    this.maxBackoffMs = options.reconnect?.maxMs ?? 10_000;
    this.healthCheckMs = options.healthCheckMs ?? 30_000;
  }

  /** Opens the LISTEN connection on PostgreSQL. Never throws: a failed first attempt is retried with backoff. */
  async start(): Promise<void> {
    if (this.mode !== "postgres" || this.closed) return;
    await this.connect();
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
    return this.mode === "local" || this.client !== null;
  }

  /** The backend pid of the LISTEN connection (operations and tests). */
  get listenerPid(): number | null {
    return this.clientPid;
  }

  /** Resolves once the LISTEN connection is up (immediately in the in-process mode). */
  whenListening(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
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
    try {
      await this.database.pool!.query("select pg_notify($1, $2)", [CHAT_CHANNEL, payload]);
    } catch (err) {
      this.logger.warn({ err }, "chat: NOTIFY failed; other processes will miss this event until their pages refetch");
    }
  }

  /** Stops listening and forgets every subscriber. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.reconnectTimer = null;
    this.healthTimer = null;
    this.subscribers.clear();
    const client = this.client;
    this.client = null;
    this.clientPid = null;
    if (client) {
      this.lostClients.add(client);
      await client.end().catch(() => {});
    }
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
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

  private async connect(): Promise<void> {
    const { default: pgModule } = await import("pg");
    const o = this.database.pool!.options;
    const client = new pgModule.Client({
      connectionString: o.connectionString,
      host: o.host,
      port: o.port,
      user: o.user,
      password: o.password,
      database: o.database,
      ssl: o.ssl,
      application_name: CHAT_LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client));
    client.on("notification", (msg) => {
      if (msg.channel === CHAT_CHANNEL && msg.payload) void this.onNotification(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHAT_CHANNEL}`);
      const res = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      if (this.lostClients.has(client)) return;
      if (this.closed) {
        this.lostClients.add(client);
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.clientPid = res.rows[0]?.pid ?? null;
      this.attempt = 0;
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.startHealthCheck(client);
      if (reconnected) {
        this.logger.info({ pid: this.clientPid }, "chat: database listener reconnected");
        // Events sent while the connection was down were not received: pages refetch.
        this.deliver({ type: "resync" });
      }
      for (const resolve of this.connectedWaiters.splice(0)) resolve();
    } catch (err) {
      this.lost(client, err);
    }
  }

  private startHealthCheck(client: pg.Client) {
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = setInterval(() => {
      if (this.client !== client) return;
      const timeout = setTimeout(() => this.lost(client, new Error("health check timed out")), 10_000);
      client
        .query("select 1")
        .catch((err: unknown) => this.lost(client, err))
        .finally(() => clearTimeout(timeout));
    }, this.healthCheckMs);
    this.healthTimer.unref();
  }

  private lost(client: pg.Client, err?: unknown) {
    if (this.lostClients.has(client)) return;
    this.lostClients.add(client);
    if (this.client === client) {
      this.client = null;
      this.clientPid = null;
      if (this.healthTimer) clearInterval(this.healthTimer);
      this.healthTimer = null;
    }
    client.end().catch(() => {});
    if (this.closed) return;
    const base = Math.min(this.maxBackoffMs, this.initialBackoffMs * 2 ** this.attempt);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.attempt = Math.min(this.attempt + 1, 20);
    this.logger.warn({ err, retryInMs: delay }, "chat: database listener lost; reconnecting");
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed) void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private async onNotification(payload: string) {
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
