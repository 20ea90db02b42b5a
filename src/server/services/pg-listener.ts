import type pg from "pg";
import type { Database } from "../db/client";

/** application_name of the LISTEN connection, so that operators (and tests) can find it. */
export const LISTENER_APPLICATION_NAME = "arcadium-listener";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7900;

export type ListenerLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};

export type PgListenerOptions = {
  logger?: ListenerLogger;
  /** Backoff of the LISTEN connection after it is lost (default 250 ms doubling up to 10 s, with jitter). */
  reconnect?: { initialMs?: number; maxMs?: number };
  /** How often the connection is probed with `select 1` so that a silently dead connection is noticed (default 30 s). */
  healthCheckMs?: number;
};

type Handler = (payload: string) => void;

const noopLogger: ListenerLogger = { info: () => {}, warn: () => {} };

/**
 * One process's LISTEN connection to PostgreSQL (D8), shared by everything that hears the
 * other processes: chat fan-out (chat-hub.ts) and the invalidation of cached reads (read-cache.ts).
 *
 * Contract:
 * - `on(channel, handler)` before `start()`: the connection LISTENs on every channel that has a handler.
 * - `notify(channel, payload)` sends with `pg_notify` over the pool (never throws: a failure is returned
 *   as `false` and logged), so that a NOTIFY goes out after the caller's change has committed; `notifyAll` sends
 *   several in one transaction, delivered together and in order.
 * - The connection reconnects with backoff when it is lost (database restart, terminated backend) and is
 *   probed every `healthCheckMs`. After a reconnect every `onReconnect` callback runs: whatever was
 *   sent while the connection was down was not received, and each user decides how to catch up.
 * - While the connection is down `listening` is false; users that cannot afford to miss a notification
 *   (the read cache) consult it.
 * - On PGlite (one process, no pool) it is `mode: "local"`: nothing to listen to, `listening` is true
 *   and `notify` does nothing.
 *
 * No HTTP types here.
 */
export class PgListener {
  readonly mode: "local" | "postgres";
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnectCallbacks = new Set<() => void>();
  private readonly logger: ListenerLogger;
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
  private started = false;
  private closed = false;
  private connectedWaiters: Array<() => void> = [];

  constructor(
    private readonly database: Database,
    options: PgListenerOptions = {},
  ) {
    this.mode = database.kind === "postgres" && database.pool ? "postgres" : "local";
    this.logger = options.logger ?? noopLogger;
    this.initialBackoffMs = options.reconnect?.initialMs ?? 250;
    this.maxBackoffMs = options.reconnect?.maxMs ?? 10_000;
    this.healthCheckMs = options.healthCheckMs ?? 30_000;
  }

  /** Registers a handler for a channel (a valid lower-case SQL identifier); returns the function that removes it. */
  on(channel: string, handler: Handler): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = this.client;
      if (client) void client.query(`LISTEN ${channel}`).catch((err: unknown) => this.lost(client, err));
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Runs after every reconnect (not after the first connect). */
  onReconnect(callback: () => void): () => void {
    this.reconnectCallbacks.add(callback);
    return () => {
      this.reconnectCallbacks.delete(callback);
    };
  }

  /** Opens the LISTEN connection on PostgreSQL. Never throws: a failed first attempt is retried with backoff. Idempotent. */
  async start(): Promise<void> {
    if (this.mode !== "postgres" || this.closed || this.started) return this.whenListening();
    this.started = true;
    await this.connect();
  }

  /** True while the LISTEN connection is up (always true in the local mode). */
  get listening(): boolean {
    return this.mode === "local" || this.client !== null;
  }

  /** The backend pid of the LISTEN connection (operations and tests). */
  get pid(): number | null {
    return this.clientPid;
  }

  /** Resolves once the LISTEN connection is up (immediately in the local mode or once closed). */
  whenListening(): Promise<void> {
    if (this.listening || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  /** Sends a notification to every process (this one included: handlers see their own echoes). */
  async notify(channel: string, payload: string): Promise<boolean> {
    if (this.mode !== "postgres" || this.closed) return false;
    try {
      await this.database.pool!.query("select pg_notify($1, $2)", [channel, payload]);
      return true;
    } catch (err) {
      this.logger.warn({ err, channel }, "listener: NOTIFY failed");
      return false;
    }
  }

  /**
   * Sends several notifications on one channel in one transaction: PostgreSQL delivers them together and in this
   * order (a payload split into parts, ADR 027). Never throws, like `notify`.
   */
  async notifyAll(channel: string, payloads: readonly string[]): Promise<boolean> {
    if (payloads.length === 1) return this.notify(channel, payloads[0]!);
    if (this.mode !== "postgres" || this.closed || payloads.length === 0) return false;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.database.pool!.connect();
      await client.query("begin");
      for (const payload of payloads) await client.query("select pg_notify($1, $2)", [channel, payload]);
      await client.query("commit");
      return true;
    } catch (err) {
      await client?.query("rollback").catch(() => {});
      this.logger.warn({ err, channel }, "listener: NOTIFY failed");
      return false;
    } finally {
      client?.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.reconnectTimer = null;
    this.healthTimer = null;
    const client = this.client;
    this.client = null;
    this.clientPid = null;
    if (client) {
      this.lostClients.add(client);
      await client.end().catch(() => {});
    }
    for (const resolve of this.connectedWaiters.splice(0)) resolve();
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
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client));
    client.on("notification", (msg) => {
      if (msg.payload === undefined) return;
      for (const handler of [...(this.handlers.get(msg.channel) ?? [])]) {
        try {
          handler(msg.payload);
        } catch (err) {
          this.logger.warn({ err, channel: msg.channel }, "listener: a handler failed");
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
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
        this.logger.info({ pid: this.clientPid }, "listener: database listener reconnected");
        for (const callback of [...this.reconnectCallbacks]) {
          try {
            callback();
          } catch (err) {
            this.logger.warn({ err }, "listener: a reconnect callback failed");
          }
        }
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
    this.logger.warn({ err, retryInMs: delay }, "listener: database listener lost; reconnecting");
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed) void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
