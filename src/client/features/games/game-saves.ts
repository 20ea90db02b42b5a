/**
 * Cloud saves on the game page (D76): the store a game's `Arcadium.data.*` calls (SDK v2, sdk-v2.ts) read and
 * write. The game never talks to the server: the page answers from a copy loaded when the game starts, and
 * sends the changes on at most once a second (one batch per game).
 *
 * Two backends:
 * - signed in, the account's saves: GET /api/games/{id}/saves, POST /api/games/{id}/saves with the batched
 *   changes, each stamped with the time the game made it (the newer write of a key wins on the server);
 * - a guest, this browser's localStorage (`arcadium-saves:{gameId}`). When the player later opens the game
 *   signed in, that data is sent to the account first (moveGuestSaves; the newer value of a key wins) and
 *   removed from the browser once the server has it.
 *
 * A write that would take the game's data past the quota (1 MiB unless the site says otherwise) is refused
 * at once with the SDK's "quota" error; the server checks the same rule. No HTTP types leak to callers.
 */
import { ApiError, apiRequest, getJson } from "@/lib/api-client";
import { DEFAULT_CLOUD_SAVE_QUOTA_BYTES, entryBytes, formatBytes, quotaMessage } from "@contract/saves-constants";
import { SdkV2Error } from "./sdk-v2";

export type SaveEntry = { value: string; updatedAt: string };
export type SaveBatch = {
  set: Array<{ key: string; value: string; updatedAt: string }>;
  remove: Array<{ key: string; updatedAt: string }>;
  clear?: { updatedAt: string };
};
/** What GET and POST /api/games/{id}/saves answer (src/contract/saves.ts). */
export type SavesAnswer = {
  entries: Array<{ key: string; value: string; updatedAt: string }>;
  usedBytes: number;
  quotaBytes: number;
};

/** D76's default quota, the one a guest's browser store keeps to. */
export const DEFAULT_SAVE_QUOTA_BYTES = DEFAULT_CLOUD_SAVE_QUOTA_BYTES;
/** D76: at most one write request a second per game. */
export const SAVE_FLUSH_INTERVAL_MS = 1000;
export const GUEST_SAVES_PREFIX = "arcadium-saves:";

/** The bytes an entry counts for and sizes for people, as the server counts and words them. */
export { entryBytes, formatBytes };

export interface SaveBackend {
  load(): Promise<{ entries: Map<string, SaveEntry>; quotaBytes: number }>;
  /** Sends the changes; throws SdkV2Error "quota" when the server refuses them for size, anything else when it could not. */
  write(batch: SaveBatch): Promise<void>;
}

const toMap = (answer: SavesAnswer) =>
  new Map(answer.entries.map((e) => [e.key, { value: e.value, updatedAt: e.updatedAt }]));

// ---- guest: this browser ---------------------------------------------------------------------------

function readGuest(gameId: number): Record<string, SaveEntry> {
  try {
    const raw = window.localStorage.getItem(`${GUEST_SAVES_PREFIX}${gameId}`);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const out: Record<string, SaveEntry> = {};
    for (const [key, e] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = e as Partial<SaveEntry> | null;
      if (entry && typeof entry.value === "string" && typeof entry.updatedAt === "string")
        out[key] = { value: entry.value, updatedAt: entry.updatedAt };
    }
    return out;
  } catch {
    return {};
  }
}

export function guestBackend(gameId: number): SaveBackend {
  const storageKey = `${GUEST_SAVES_PREFIX}${gameId}`;
  return {
    async load() {
      return { entries: new Map(Object.entries(readGuest(gameId))), quotaBytes: DEFAULT_SAVE_QUOTA_BYTES };
    },
    async write(batch) {
      const data = batch.clear ? {} : readGuest(gameId);
      for (const r of batch.remove) delete data[r.key];
      for (const s of batch.set) data[s.key] = { value: s.value, updatedAt: s.updatedAt };
      try {
        if (Object.keys(data).length === 0) window.localStorage.removeItem(storageKey);
        else window.localStorage.setItem(storageKey, JSON.stringify(data));
      } catch {
        throw new SdkV2Error("quota", "This browser has no room left for the game's data");
      }
    },
  };
}

// ---- signed in: the account ------------------------------------------------------------------------

async function postBatch(gameId: number, batch: SaveBatch): Promise<SavesAnswer> {
  try {
    const res = await apiRequest("POST", `/api/games/${gameId}/saves`, batch);
    return (await res.json()) as SavesAnswer;
  } catch (err) {
    if (err instanceof ApiError && err.status === 413) throw new SdkV2Error("quota", err.serverMessage);
    if (err instanceof ApiError && err.status === 400) throw new SdkV2Error("invalid", err.serverMessage);
    throw new SdkV2Error("unavailable", "Could not reach Arcadium to save the game's data");
  }
}

/**
 * A guest's saves of this game, kept in this browser, sent to the signed-in account (the newer value of each
 * key wins) and removed from the browser once the server has them. Kept when the server refuses or fails:
 * they are tried again the next time.
 */
export async function moveGuestSaves(gameId: number): Promise<void> {
  const guest = readGuest(gameId);
  const set = Object.entries(guest).map(([key, e]) => ({ key, value: e.value, updatedAt: e.updatedAt }));
  if (set.length === 0) return;
  await postBatch(gameId, { set, remove: [] });
  try {
    window.localStorage.removeItem(`${GUEST_SAVES_PREFIX}${gameId}`);
  } catch {
    // storage unavailable: nothing to remove
  }
}

export function accountBackend(gameId: number): SaveBackend {
  return {
    async load() {
      try {
        await moveGuestSaves(gameId);
      } catch (err) {
        console.warn("Could not move this browser's saves of the game to the account; they stay here for now", err);
      }
      try {
        const answer = await getJson<SavesAnswer>(`/api/games/${gameId}/saves`);
        return { entries: toMap(answer), quotaBytes: answer.quotaBytes };
      } catch {
        throw new SdkV2Error("unavailable", "Could not load the game's saved data");
      }
    },
    async write(batch) {
      await postBatch(gameId, batch);
    },
  };
}

// ---- the store ---------------------------------------------------------------------------------------

/** The page's copy of a game's saves: answers reads, checks the quota, batches writes (one request a second at most). */
export class GameSaves {
  private entries = new Map<string, SaveEntry>();
  private quotaBytes = DEFAULT_SAVE_QUOTA_BYTES;
  private pending: SaveBatch = { set: [], remove: [] };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSentAt = 0;
  private sending: Promise<void> | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly backend: SaveBackend,
    private readonly options: { now?: () => Date; intervalMs?: number } = {},
  ) {
    this.ready = backend.load().then(({ entries, quotaBytes }) => {
      this.entries = entries;
      this.quotaBytes = quotaBytes;
    });
    // a failed load leaves the store unusable: every call then rejects with the load's error
    this.ready.catch(() => undefined);
  }

  private stamp(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  usedBytes(): number {
    let total = 0;
    for (const [key, e] of this.entries) total += entryBytes(key, e.value);
    return total;
  }

  async getItem(key: string): Promise<string | null> {
    await this.ready;
    return this.entries.get(key)?.value ?? null;
  }

  async keys(): Promise<string[]> {
    await this.ready;
    return [...this.entries.keys()].sort();
  }

  async setItem(key: string, value: string): Promise<void> {
    await this.ready;
    const before = this.entries.get(key);
    const used = this.usedBytes() - (before ? entryBytes(key, before.value) : 0) + entryBytes(key, value);
    if (used > this.quotaBytes) throw new SdkV2Error("quota", quotaMessage(used, this.quotaBytes));
    const updatedAt = this.stamp();
    this.entries.set(key, { value, updatedAt });
    this.pending.remove = this.pending.remove.filter((r) => r.key !== key);
    this.pending.set = [...this.pending.set.filter((s) => s.key !== key), { key, value, updatedAt }];
    this.schedule();
  }

  async removeItem(key: string): Promise<void> {
    await this.ready;
    const updatedAt = this.stamp();
    this.entries.delete(key);
    this.pending.set = this.pending.set.filter((s) => s.key !== key);
    this.pending.remove = [...this.pending.remove.filter((r) => r.key !== key), { key, updatedAt }];
    this.schedule();
  }

  async clear(): Promise<void> {
    await this.ready;
    this.entries.clear();
    this.pending = { set: [], remove: [], clear: { updatedAt: this.stamp() } };
    this.schedule();
  }

  private hasPending(): boolean {
    return this.pending.set.length > 0 || this.pending.remove.length > 0 || this.pending.clear !== undefined;
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const interval = this.options.intervalMs ?? SAVE_FLUSH_INTERVAL_MS;
    const wait = Math.max(0, this.lastSentAt + interval - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  /** Sends what is waiting now (the page calls it when it is hidden or the game closes); resolves when sent or failed. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.sending) await this.sending;
    if (!this.hasPending()) return;
    const batch = this.pending;
    this.pending = { set: [], remove: [] };
    this.lastSentAt = Date.now();
    this.sending = this.backend.write(batch).then(
      () => undefined,
      (err: unknown) => {
        if (err instanceof SdkV2Error && (err.code === "quota" || err.code === "invalid")) {
          // the server refused the batch (another tab filled the quota): its data wins, reload it
          console.warn("The game's saved data was refused by the server:", err.message);
          void this.backend.load().then(
            ({ entries, quotaBytes }) => {
              this.entries = entries;
              this.quotaBytes = quotaBytes;
            },
            () => undefined,
          );
          return;
        }
        // not sent (offline, server down): keep it, merged under anything newer, and try again
        this.pending = mergeBatches(batch, this.pending);
        this.schedule();
      },
    );
    try {
      await this.sending;
    } finally {
      this.sending = null;
    }
  }
}

/** `later` applied after `earlier`, as one batch. */
export function mergeBatches(earlier: SaveBatch, later: SaveBatch): SaveBatch {
  if (later.clear) return later;
  const laterKeys = new Set([...later.set.map((s) => s.key), ...later.remove.map((r) => r.key)]);
  return {
    ...(earlier.clear ? { clear: earlier.clear } : {}),
    set: [...earlier.set.filter((s) => !laterKeys.has(s.key)), ...later.set],
    remove: [...earlier.remove.filter((r) => !laterKeys.has(r.key)), ...later.remove],
  };
}
