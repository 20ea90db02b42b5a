import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where the site's stored files live (D162): game packages, uploads, covers, og images, avatars and backups.
 * One concern, no HTTP types and no database.
 *
 * Contract:
 * - A key is a relative POSIX path of 1 to 1,024 characters: segments of at most 255 characters, none a control
 *   character or a backslash, no empty, `.` or `..` segment, no leading or trailing `/` (the names a game package
 *   may hold).
 *   `assertKey` throws `InvalidKeyError` otherwise; a prefix for `list`/`removePrefix` is "" or a key followed by `/`.
 * - Layout: a key's first segment is one of `STORE_AREAS`: `games/{id}/…` live packages, `builds/{id}/{n}/…` every
 *   build kept whole (D131, ADR 031), `uploads/…` what /uploads/
 *   serves, `og-cards/…` link preview cards (served by their own route, D71), `backups/…` archives (D160). Other keys are invalid, so that on disk the store never reaches the
 *   database or the secrets that share DATA_DIR, and `list("")` yields stored files only.
 * - `put` replaces the whole object or leaves the old one: readers never see half a file.
 * - `get` answers `undefined` for a missing key; with a range (inclusive byte offsets, as HTTP's Range) the body
 *   is those bytes only and `size` stays the whole object's size. A range that starts past the end is
 *   `RangeNotSatisfiableError`.
 * - `list(prefix)` yields every object under the prefix (recursively), in no promised order.
 * - `remove` of a missing key and `removePrefix` of a prefix with nothing under it are no-ops; `removePrefix("")`
 *   is refused (`InvalidKeyError`): nothing empties the whole store.
 * - A store that cannot be reached fails the call with `StorageUnavailableError` within its time limit, never hangs.
 * - `openFileStore(config)` (services/open-file-store.ts) is the site's store: S3Store when STORAGE_URL is set,
 *   else DiskStore over DATA_DIR.
 * - `DiskStore(root)` keeps key `a/b` at `root/a/b`, files 0600 and folders 0700 (ADR 020), and skips its own
 *   half-written `.tmp-*` files when listing.
 */

export type StoredObject = { key: string; size: number; modified: Date };
export type ByteRange = { start: number; end?: number };
export type StoredBody = StoredObject & { body: Readable };
export type PutBody = Buffer | Uint8Array | string | Readable;

export interface FileStore {
  /** "disk" or "s3": for the system page and logs, never for branching on behaviour. */
  readonly kind: string;
  put(key: string, body: PutBody, options?: { contentType?: string }): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredBody | undefined>;
  head(key: string): Promise<StoredObject | undefined>;
  remove(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  list(prefix: string): AsyncIterable<StoredObject>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Not a valid stored file key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "InvalidKeyError";
  }
}

/** The store could not be reached or answered with a fault (object storage down, timed out, refused): a 503. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super("The requested range starts past the end of the file");
    this.name = "RangeNotSatisfiableError";
  }
}

// Any name a game package may hold (zip-packages.ts refuses control characters and backslashes too).
// eslint-disable-next-line no-control-regex -- control characters are exactly what a key may not hold
const SEGMENT = /^[^/\\\u0000-\u001f\u007f]{1,255}$/u;
export const STORE_AREAS = ["games", "builds", "uploads", "og-cards", "backups"] as const;

export function assertKey(key: string): void {
  if (key.length === 0 || key.length > 1024) throw new InvalidKeyError(key);
  const segments = key.split("/");
  if (!(STORE_AREAS as readonly string[]).includes(segments[0]!)) throw new InvalidKeyError(key);
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === "." || segment === "..") throw new InvalidKeyError(key);
  }
}

export function isValidKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

export function assertPrefix(prefix: string): void {
  if (prefix === "") return;
  if (!prefix.endsWith("/")) throw new InvalidKeyError(prefix);
  assertKey(prefix.slice(0, -1));
}

/** Every key starts with one of these (an area alone is a valid prefix, `games/`). */
function areaPrefixes(): string[] {
  return STORE_AREAS.map((area) => `${area}/`);
}

/** Reads a stored body whole; for small objects only (covers, settings files), never packages. */
export async function readAll(stored: StoredBody): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const TEMP_PREFIX = ".tmp-";

export class DiskStore implements FileStore {
  readonly kind = "disk";

  constructor(readonly root: string) {}

  private fileOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: PutBody): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${crypto.randomBytes(6).toString("hex")}`);
    try {
      if (body instanceof Readable) {
        const handle = await fs.open(temp, "wx", 0o600);
        await pipeline(body, handle.createWriteStream());
      } else {
        await fs.writeFile(temp, body, { mode: 0o600, flag: "wx" });
      }
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const stat = await fs.stat(this.fileOf(key));
      return stat.isFile() ? { key, size: stat.size, modified: stat.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | undefined> {
    const found = await this.head(key);
    if (!found) return undefined;
    if (range && range.start >= found.size && found.size > 0) throw new RangeNotSatisfiableError(found.size);
    const end = range?.end === undefined ? undefined : Math.min(range.end, found.size - 1);
    const body = createReadStream(this.fileOf(key), range ? { start: range.start, end } : {});
    return { ...found, body };
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    if (prefix === "") throw new InvalidKeyError(prefix);
    await fs.rm(path.join(this.root, ...prefix.slice(0, -1).split("/")), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertPrefix(prefix);
    if (prefix === "") {
      for (const area of areaPrefixes()) yield* this.list(area);
      return;
    }
    yield* this.walk(path.join(this.root, ...prefix.slice(0, -1).split("/")), prefix);
  }

  private async *walk(dir: string, keyPrefix: string): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(TEMP_PREFIX)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(full, `${keyPrefix}${entry.name}/`);
      } else if (entry.isFile()) {
        const stat = await fs.stat(full);
        yield { key: `${keyPrefix}${entry.name}`, size: stat.size, modified: stat.mtime };
      }
    }
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT" || (error as NodeJS.ErrnoException)?.code === "ENOTDIR";
}
