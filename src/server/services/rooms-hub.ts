import { NOTIFY_MAX_BYTES, type ListenerLogger, type PgListener } from "./pg-listener";

/** The channel a process hears its rooms' traffic on: one a process, so that each reads only its own (ADR 027). */
export function roomsChannel(processId: string): string {
  return `arcadium_rooms_${processId}`;
}

/** A whole batch of messages: `B` and a JSON array. */
const BATCH_MARK = "B";
/** One part of a message too large for a payload: `C{message id}:{index}:{count}:{text}`. */
const PART_MARK = "C";
/** Characters of a part: at most 4 bytes each in UTF-8, so a part stays under NOTIFY_MAX_BYTES with its header. */
const PART_CHARACTERS = Math.floor((NOTIFY_MAX_BYTES - 100) / 4);

const noopLogger: ListenerLogger = { info: () => {}, warn: () => {} };

/**
 * How the processes of one site send each other room traffic (ADR 027) over PostgreSQL NOTIFY on the shared LISTEN
 * connection (pg-listener.ts), as chat-hub.ts and player-hub.ts do.
 *
 * Contract:
 * - Process ids are lower-case letters and digits (process-registry.ts makes hex); each process LISTENs on
 *   `roomsChannel(its id)` from construction.
 * - `send(processId, message)` queues a JSON message for that process; the messages queued for one process in one
 *   turn of the event loop, or while the previous NOTIFY to it was on its way, travel together, packed into payloads
 *   under NOTIFY_MAX_BYTES (7,900 bytes: PostgreSQL refuses 8,000). A message larger than a payload (a 16 KB room
 *   message is) is split into parts; all payloads of one flush go in one transaction, which PostgreSQL delivers
 *   together and in order.
 * - Messages to one process arrive there in the order they were sent: one flush to a destination at a time.
 * - `onMessage(handler)` hears every message sent to this process, parsed, in order. Malformed payloads are dropped.
 * - On PGlite (`mode: "local"`) there are no other processes: `send` does nothing.
 * No HTTP types; it knows nothing of rooms beyond carrying their JSON.
 */
export class RoomsHub {
  readonly mode: "local" | "postgres";
  private readonly handlers = new Set<(message: unknown) => void>();
  private readonly queued = new Map<string, unknown[]>();
  private readonly flushing = new Map<string, Promise<void>>();
  private readonly parts = new Map<string, string[]>();
  private readonly logger: ListenerLogger;
  private flushScheduled = false;
  private partCounter = 0;
  private readonly off: () => void;
  private closed = false;

  constructor(
    private readonly listener: PgListener,
    private readonly processId: string,
    options: { logger?: ListenerLogger } = {},
  ) {
    this.mode = listener.mode;
    this.logger = options.logger ?? noopLogger;
    this.off = listener.on(roomsChannel(processId), (payload) => this.onPayload(payload));
  }

  onMessage(handler: (message: unknown) => void): () => void {
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  send(processId: string, message: unknown): void {
    if (this.mode !== "postgres" || this.closed) return;
    let queue = this.queued.get(processId);
    if (!queue) this.queued.set(processId, (queue = []));
    queue.push(message);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Resolves once everything queued so far has been handed to PostgreSQL (a clean stop; tests). */
  async settled(): Promise<void> {
    while (this.flushScheduled || this.flushing.size > 0) {
      if (this.flushScheduled) await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([...this.flushing.values()]);
    }
  }

  close(): void {
    this.closed = true;
    this.off();
    this.handlers.clear();
    this.queued.clear();
  }

  private flush() {
    this.flushScheduled = false;
    for (const processId of [...this.queued.keys()]) if (!this.flushing.has(processId)) this.flushTo(processId);
  }

  /** One NOTIFY round to a process at a time: what is queued for it meanwhile goes in the next round, together. */
  private flushTo(processId: string) {
    const messages = this.queued.get(processId);
    if (!messages || this.closed) return;
    this.queued.delete(processId);
    const payloads = this.pack(messages);
    const next = this.listener.notifyAll(roomsChannel(processId), payloads).then((sent) => {
      if (!sent)
        this.logger.warn({ to: processId, messages: messages.length }, "rooms: NOTIFY to another process failed");
    });
    this.flushing.set(processId, next);
    void next.finally(() => {
      this.flushing.delete(processId);
      this.flushTo(processId);
    });
  }

  private pack(messages: unknown[]): string[] {
    const payloads: string[] = [];
    let batch: string[] = [];
    let batchBytes = BATCH_MARK.length + 2;
    const closeBatch = () => {
      if (batch.length > 0) payloads.push(`${BATCH_MARK}[${batch.join(",")}]`);
      batch = [];
      batchBytes = BATCH_MARK.length + 2;
    };
    for (const message of messages) {
      const text = JSON.stringify(message);
      const bytes = Buffer.byteLength(text, "utf8");
      if (batchBytes + bytes + 1 <= NOTIFY_MAX_BYTES) {
        batch.push(text);
        batchBytes += bytes + 1;
        continue;
      }
      closeBatch();
      if (BATCH_MARK.length + 2 + bytes <= NOTIFY_MAX_BYTES) {
        batch.push(text);
        batchBytes += bytes + 1;
        continue;
      }
      payloads.push(...this.split(text));
    }
    closeBatch();
    return payloads;
  }

  private split(text: string): string[] {
    const pieces: string[] = [];
    let start = 0;
    while (start < text.length) {
      let end = Math.min(text.length, start + PART_CHARACTERS);
      // never split a surrogate pair: a lone half would not survive the trip as UTF-8
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      pieces.push(text.slice(start, end));
      start = end;
    }
    const id = `${this.processId}-${++this.partCounter}`;
    return pieces.map((piece, index) => `${PART_MARK}${id}:${index}:${pieces.length}:${piece}`);
  }

  private onPayload(payload: string) {
    if (this.closed) return;
    if (payload.startsWith(BATCH_MARK)) {
      let messages: unknown;
      try {
        messages = JSON.parse(payload.slice(BATCH_MARK.length));
      } catch {
        return;
      }
      if (Array.isArray(messages)) for (const message of messages) this.hand(message);
      return;
    }
    if (!payload.startsWith(PART_MARK)) return;
    const match = /^C([a-z0-9]+-\d+):(\d+):(\d+):/.exec(payload);
    if (!match) return;
    const [header, id, indexText, countText] = match as unknown as [string, string, string, string];
    const index = Number(indexText);
    const count = Number(countText);
    let pieces = this.parts.get(id);
    if (index === 0) this.parts.set(id, (pieces = []));
    if (!pieces || pieces.length !== index) {
      this.parts.delete(id);
      return;
    }
    pieces.push(payload.slice(header.length));
    if (pieces.length < count) return;
    this.parts.delete(id);
    try {
      this.hand(JSON.parse(pieces.join("")));
    } catch {
      return;
    }
  }

  private hand(message: unknown) {
    for (const handler of [...this.handlers]) {
      try {
        handler(message);
      } catch (err) {
        this.logger.warn({ err }, "rooms: a handler failed");
      }
    }
  }
}
