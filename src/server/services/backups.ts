import { createHash } from "node:crypto";
import { once } from "node:events";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import * as tar from "tar-stream";
import type { Database, Db, Tx } from "../db/client";
import { assertKey, type FileStore } from "./file-store";

/**
 * Backups that restore (D160): one archive holding the database and the stored files, and its way back in.
 * One concern, no HTTP types.
 *
 * Contract:
 * - `writeBackup(database, files, out)` writes a gzipped tar to `out`: `database/{table}.{nnnnn}.jsonl` (every row
 *   of every table of the public schema as `row_to_json`, all columns, in parts of at most PART_ROWS rows or about PART_BYTES, tables in
 *   foreign-key order), then `files/{key}` for every stored file outside `backups/`, then `manifest.json` (last,
 *   because it holds the files' sha256s, known once they are streamed). The rows are read inside ONE
 *   `repeatable read, read only` transaction: the dump is the database at one instant, whatever the site writes
 *   meanwhile. Files are streamed one at a time; no file is ever held whole in memory. A file removed between the
 *   listing and its reading is left out. Resolves to the manifest.
 * - `verifyBackup(open)` reads an archive through and checks it against its manifest: every table part's rows and
 *   sha256, every file's size and sha256, nothing missing, nothing extra. It throws `BackupError` otherwise.
 * - `restoreBackup(open, database, files)` refuses with `BackupError`, writing nothing, unless the database has
 *   the same migrations applied as the archive's and no row in any table, and the store holds no file; and unless
 *   `verifyBackup` passes. It then loads the rows in the archive's order in one transaction with the tables' own triggers off, sets every column's
 *   sequence to the column's maximum, and writes the files, checking each one's sha256 again; a failure there
 *   rolls the rows back and removes the files it wrote. `open` is called once per pass (twice): an archive is
 *   read, never buffered.
 */

export const BACKUP_FORMAT = 1;
/** At most this many rows, or about this many bytes, in one part of a table: a part is held in memory while it is written and loaded. */
export const PART_ROWS = 5000;
export const PART_BYTES = 8 * 1024 * 1024;
const FETCH_ROWS = 500;
const INSERT_ROWS = 500;

export type BackupManifest = {
  format: number;
  app: { name: "arcadium"; version: string };
  createdAt: string;
  database: {
    kind: Database["kind"];
    migrations: Array<{ hash: string; createdAt: string }>;
    /** in load order (referenced tables first) */
    tables: Array<{ name: string; rows: number; sha256: string }>;
  };
  files: Array<{ key: string; size: number; sha256: string }>;
};

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

type Runner = Db | Tx;
const rowsOf = async <T>(db: Runner, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const partName = (table: string, index: number) => `database/${table}.${String(index).padStart(5, "0")}.jsonl`;
const PART = /^database\/([a-z_][a-z0-9_]*)\.(\d{5})\.jsonl$/;

/** The public schema's tables, each after the tables its foreign keys reference. */
async function tablesInLoadOrder(db: Runner): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
        where k.contype = 'f' and ch.relnamespace = 'public'::regnamespace and ch.oid <> pa.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map(({ name }) => [name, new Set()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < parents.size) {
    const ready = [...parents].filter(([name, refs]) => !placed.has(name) && [...refs].every((ref) => placed.has(ref)));
    if (ready.length === 0)
      throw new BackupError(
        `The tables' foreign keys form a cycle: ${[...parents.keys()].filter((n) => !placed.has(n)).join(", ")}`,
      );
    for (const [name] of ready) {
      placed.add(name);
      order.push(name);
    }
  }
  return order;
}

async function appliedMigrations(db: Runner): Promise<BackupManifest["database"]["migrations"]> {
  const rows = await rowsOf<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: String(row.created_at) }));
}

function addBuffer(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: body.length, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve())),
  );
}

async function addStream(pack: tar.Pack, name: string, size: number, body: Readable): Promise<string> {
  const hash = createHash("sha256");
  let done!: Promise<void>;
  const sink = await new Promise<ReturnType<tar.Pack["entry"]>>((resolve) => {
    done = new Promise((ok, fail) =>
      resolve(pack.entry({ name, size, mode: 0o600 }, (err) => (err ? fail(err) : ok()))),
    );
  });
  try {
    for await (const chunk of body) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      if (!sink.write(bytes)) await once(sink, "drain");
    }
  } catch (err) {
    sink.destroy(err as Error);
    throw err;
  }
  sink.end(undefined);
  await done;
  return hash.digest("hex");
}

export async function writeBackup(
  database: Database,
  files: FileStore,
  out: Writable,
  options: { appVersion?: string; now?: Date } = {},
): Promise<BackupManifest> {
  const pack = tar.pack();
  const piping = pipeline(pack as unknown as Readable, createGzip(), out);
  // A failed destination must stop the writer, which may be waiting for the archive to drain.
  const failed = new Promise<never>((_, reject) => piping.catch(reject));
  const produce = async (): Promise<BackupManifest> => {
    const { migrations, tables } = await database.db.transaction(
      async (tx) => {
        const order = await tablesInLoadOrder(tx);
        const tables: BackupManifest["database"]["tables"] = [];
        for (const table of order) tables.push(await dumpTable(tx, pack, table));
        return { migrations: await appliedMigrations(tx), tables };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const listed: Array<{ key: string }> = [];
    for await (const object of files.list("")) if (!object.key.startsWith("backups/")) listed.push(object);
    listed.sort((a, b) => a.key.localeCompare(b.key));
    const stored: BackupManifest["files"] = [];
    for (const { key } of listed) {
      const found = await files.get(key);
      if (!found) continue;
      const sha256 = await addStream(pack, `files/${key}`, found.size, found.body);
      stored.push({ key, size: found.size, sha256 });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: { name: "arcadium", version: options.appVersion ?? "unknown" },
      createdAt: (options.now ?? new Date()).toISOString(),
      database: { kind: database.kind, migrations, tables },
      files: stored,
    };
    await addBuffer(pack, "manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    return manifest;
  };
  try {
    const manifest = await Promise.race([produce(), failed]);
    await piping;
    return manifest;
  } catch (err) {
    pack.destroy(err as Error);
    await piping.catch(() => undefined);
    throw err;
  }
}

/** One table through a cursor of the backup's transaction, in parts of at most PART_ROWS rows. */
async function dumpTable(tx: Tx, pack: tar.Pack, table: string): Promise<BackupManifest["database"]["tables"][number]> {
  const hash = createHash("sha256");
  let rows = 0;
  let part = 0;
  let lines: string[] = [];
  let bytes = 0;
  const flush = async () => {
    const body = Buffer.from(lines.join(""));
    hash.update(body);
    await addBuffer(pack, partName(table, part++), body);
    lines = [];
    bytes = 0;
  };
  await tx.execute(
    sql`declare arcadium_backup no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`,
  );
  for (;;) {
    const batch = await rowsOf<{ j: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from arcadium_backup`));
    for (const { j } of batch) {
      lines.push(`${j}\n`);
      bytes += j.length;
    }
    rows += batch.length;
    if (lines.length >= PART_ROWS || bytes >= PART_BYTES) await flush();
    if (batch.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close arcadium_backup`);
  if (lines.length > 0 || part === 0) await flush();
  return { name: table, rows, sha256: hash.digest("hex") };
}

type Entry = { name: string; body: AsyncIterable<Buffer> };

/** Each entry of the archive in turn; the caller reads an entry's body whole before asking for the next. */
async function* entriesOf(open: () => Readable): AsyncGenerator<Entry> {
  const extract = tar.extract();
  const reading = pipeline(open(), createGunzip(), extract as unknown as Writable);
  const failure = reading.catch((err: Error) => err);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== "file")
        throw new BackupError(`The archive holds an unexpected entry: ${entry.header.name}`);
      yield { name: entry.header.name, body: entry as unknown as AsyncIterable<Buffer> };
    }
  } catch (err) {
    const cause = await Promise.race([failure, new Promise((resolve) => setTimeout(resolve, 10, undefined))]);
    throw corrupted(cause ?? err);
  }
  const err = await failure;
  if (err) throw corrupted(err);
}

function corrupted(err: unknown): Error {
  if (err instanceof BackupError) return err;
  return new BackupError(`The archive is damaged or not an Arcadium backup (${(err as Error)?.message ?? err})`);
}

async function readWhole(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const countLines = (body: Buffer) => {
  let n = 0;
  for (let i = body.indexOf(10); i !== -1; i = body.indexOf(10, i + 1)) n++;
  return n;
};

export async function verifyBackup(open: () => Readable): Promise<BackupManifest> {
  try {
    return await checkArchive(open);
  } catch (err) {
    throw corrupted(err);
  }
}

async function checkArchive(open: () => Readable): Promise<BackupManifest> {
  const tables = new Map<string, { rows: number; hash: ReturnType<typeof createHash>; parts: number }>();
  const seenFiles = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  for await (const { name, body } of entriesOf(open)) {
    if (manifest) throw new BackupError(`The archive goes on after its manifest (${name})`);
    const part = PART.exec(name);
    if (part) {
      const table = tables.get(part[1]!) ?? { rows: 0, hash: createHash("sha256"), parts: 0 };
      if (Number(part[2]) !== table.parts) throw new BackupError(`The archive's parts of ${part[1]} are out of order`);
      const bytes = await readWhole(body);
      table.rows += countLines(bytes);
      table.hash.update(bytes);
      table.parts++;
      tables.set(part[1]!, table);
    } else if (name.startsWith("files/")) {
      const key = fileKeyOf(name);
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of body) {
        hash.update(chunk);
        size += chunk.length;
      }
      seenFiles.set(key, { size, sha256: hash.digest("hex") });
    } else if (name === "manifest.json") {
      manifest = parseManifest(await readWhole(body));
    } else {
      throw new BackupError(`The archive holds an unexpected entry: ${name}`);
    }
  }
  if (!manifest) throw new BackupError("The archive has no manifest.json: it is incomplete or not an Arcadium backup");
  const listedTables = manifest.database.tables.map((t) => t.name);
  if (listedTables.join() !== [...tables.keys()].join())
    throw new BackupError("The archive's tables differ from its manifest");
  for (const expected of manifest.database.tables) {
    const found = tables.get(expected.name)!;
    if (found.rows !== expected.rows)
      throw new BackupError(
        `Table ${expected.name}: ${found.rows} rows in the archive, ${expected.rows} in its manifest`,
      );
    if (found.hash.digest("hex") !== expected.sha256)
      throw new BackupError(`Table ${expected.name} does not match its checksum`);
  }
  if (manifest.files.length !== seenFiles.size) throw new BackupError("The archive's files differ from its manifest");
  for (const expected of manifest.files) {
    const found = seenFiles.get(expected.key);
    if (!found || found.size !== expected.size || found.sha256 !== expected.sha256) {
      throw new BackupError(`File ${expected.key} is missing from the archive or does not match its checksum`);
    }
  }
  return manifest;
}

function fileKeyOf(name: string): string {
  const key = name.slice("files/".length);
  try {
    assertKey(key);
  } catch {
    throw new BackupError(`The archive holds a file outside the store's areas: ${name}`);
  }
  if (key.startsWith("backups/")) throw new BackupError(`The archive holds a backup inside it: ${name}`);
  return key;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString("utf8")) as BackupManifest;
  } catch {
    throw new BackupError("The archive's manifest.json is not valid JSON");
  }
  if (manifest?.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `The archive's format ${String(manifest?.format)} is not one this version reads (${BACKUP_FORMAT})`,
    );
  }
  if (
    !Array.isArray(manifest.database?.tables) ||
    !Array.isArray(manifest.files) ||
    !Array.isArray(manifest.database?.migrations)
  ) {
    throw new BackupError("The archive's manifest.json is incomplete");
  }
  return manifest;
}

/** Why `database` and `files` may not receive a backup, or undefined when they are empty. */
export async function refusalToRestore(
  database: Database,
  files: FileStore,
  manifest?: BackupManifest,
): Promise<string | undefined> {
  const db = database.db;
  const tables = await tablesInLoadOrder(db);
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = await rowsOf<{ any: boolean }>(db, sql`select exists(select 1 from ${ident(table)}) as any`);
    if (row!.any) filled.push(table);
  }
  if (filled.length > 0) {
    return `The database is not empty (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""} hold rows): restore only into a new, empty database`;
  }
  for await (const object of files.list("")) {
    return `The file store is not empty (it holds ${object.key}): restore only into an empty data folder or bucket`;
  }
  if (manifest) {
    const here = (await appliedMigrations(db)).map((m) => m.hash).join();
    const there = manifest.database.migrations.map((m) => m.hash).join();
    if (here !== there) {
      return `The backup was made by Arcadium ${manifest.app.version} with ${manifest.database.migrations.length} migrations; this database has ${(await appliedMigrations(db)).length}. Restore it with the same version, then upgrade`;
    }
    const unknown = manifest.database.tables.map((t) => t.name).filter((name) => !tables.includes(name));
    if (unknown.length > 0) return `The backup holds tables this database does not have: ${unknown.join(", ")}`;
  }
  return undefined;
}

export async function restoreBackup(
  open: () => Readable,
  database: Database,
  files: FileStore,
): Promise<BackupManifest> {
  const early = await refusalToRestore(database, files);
  if (early) throw new BackupError(early);
  const manifest = await verifyBackup(open);
  const refusal = await refusalToRestore(database, files, manifest);
  if (refusal) throw new BackupError(refusal);
  const written: string[] = [];
  const expectedFiles = new Map(manifest.files.map((f) => [f.key, f]));
  try {
    await database.db.transaction(async (tx) => {
      // The rows arrive with what triggers would derive from them (board counts, season totals) already in them;
      // the triggers stay off while they load. Foreign keys stay on: the load order satisfies them.
      for (const table of manifest.database.tables)
        await tx.execute(sql`alter table ${ident(table.name)} disable trigger user`);
      for await (const { name, body } of entriesOf(open)) {
        const part = PART.exec(name);
        if (part) {
          await loadPart(tx, part[1]!, await readWhole(body));
        } else if (name.startsWith("files/")) {
          const key = fileKeyOf(name);
          const hash = createHash("sha256");
          const hashed = Readable.from(
            (async function* () {
              for await (const chunk of body) {
                hash.update(chunk);
                yield chunk;
              }
            })(),
          );
          written.push(key);
          await files.put(key, hashed);
          if (hash.digest("hex") !== expectedFiles.get(key)?.sha256)
            throw new BackupError(`File ${key} changed while it was restored`);
        } else {
          for await (const chunk of body) void chunk;
        }
      }
      for (const table of manifest.database.tables) {
        const [row] = await rowsOf<{ n: number | string }>(tx, sql`select count(*) as n from ${ident(table.name)}`);
        if (Number(row!.n) !== table.rows)
          throw new BackupError(`Table ${table.name} holds ${row!.n} rows after the restore, not ${table.rows}`);
      }
      await resetSequences(tx);
      for (const table of manifest.database.tables)
        await tx.execute(sql`alter table ${ident(table.name)} enable trigger user`);
    });
  } catch (err) {
    for (const key of written) await files.remove(key).catch(() => undefined);
    throw err;
  }
  return manifest;
}

async function loadPart(tx: Tx, table: string, bytes: Buffer): Promise<void> {
  const lines = bytes.toString("utf8").split("\n");
  lines.pop();
  for (let i = 0; i < lines.length; i += INSERT_ROWS) {
    const json = `[${lines.slice(i, i + INSERT_ROWS).join(",")}]`;
    await tx.execute(
      sql`insert into ${ident(table)} select * from json_populate_recordset(null::${ident(table)}, ${json}::json)`,
    );
  }
}

/** Every sequence a public table's column owns (serial or identity) continues after the column's largest value. */
async function resetSequences(tx: Tx): Promise<void> {
  const owned = await rowsOf<{ seq: string; tbl: string; col: string }>(
    tx,
    sql`select s.relname as seq, t.relname as tbl, a.attname as col from pg_class s
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace`,
  );
  for (const { seq, tbl, col } of owned) {
    await tx.execute(
      sql`select setval((quote_ident(${"public"}) || ${"."} || quote_ident(${seq}))::regclass, coalesce((select max(${ident(col)}) from ${ident(tbl)}), 1), (select max(${ident(col)}) from ${ident(tbl)}) is not null)`,
    );
  }
}
