import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import type { Entry } from "yauzl";
import { PACKAGE_LIMITS } from "../../contract/admin/games";
import { Invalid, TooLarge, UnsupportedType, DomainError } from "../errors";
import { makeStagingDir } from "./packages";

/** D44 limits of an uploaded game package (tests lower them through buildApp's settings, context.ts). */
export type PackageLimits = { maxUploadBytes: number; maxEntries: number; maxUncompressedBytes: number };

export const DEFAULT_PACKAGE_LIMITS: Readonly<PackageLimits> = Object.freeze({
  maxUploadBytes: PACKAGE_LIMITS.maxUploadBytes,
  maxEntries: PACKAGE_LIMITS.maxEntries,
  maxUncompressedBytes: PACKAGE_LIMITS.maxUncompressedBytes,
});

export type PackageKind = "zip" | "html";

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

function mb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function shown(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is shown as "?"
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

const BINARY_MAGIC: Buffer[] = [
  Buffer.from("PK"), // zip, docx, jar …
  Buffer.from("MZ"), // Windows executables
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from("%PDF"),
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from("GIF8"),
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]), // Mach-O / Java class
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), // Mach-O 64
];

/**
 * D44: what an upload really is, from its name AND its first bytes (magic numbers), so that a
 * renamed executable is refused with 415. `head` is at least the first 512 bytes (fewer if the file is shorter).
 */
export function detectPackageKind(filename: string, head: Buffer): PackageKind {
  const ext = path.extname(filename || "").toLowerCase();
  if (ext === ".zip") {
    const isZip =
      head.length >= 4 &&
      head[0] === 0x50 &&
      head[1] === 0x4b &&
      ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06));
    if (!isZip) throw new UnsupportedType("This file is not a zip archive. Upload a .zip or a .html file.");
    return "zip";
  }
  if (ext === ".html" || ext === ".htm") {
    const binary =
      head.includes(0) || BINARY_MAGIC.some((m) => head.length >= m.length && head.subarray(0, m.length).equals(m));
    if (binary) throw new UnsupportedType("This file is not an HTML document. Upload a .zip or a .html file.");
    return "html";
  }
  throw new UnsupportedType("Only .zip and .html files can be uploaded");
}

/** The zip library's own refusals (it checks names before handing out an entry) as clear messages. */
function zipError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith("invalid characters in fileName")) {
    return new Invalid(
      `Refused: the archive contains a path with a backslash (${shown(message.replace(/^[^:]*: /, ""))})`,
    );
  }
  if (message.startsWith("absolute path")) {
    return new Invalid(`Refused: the archive contains an absolute path (${shown(message.replace(/^[^:]*: /, ""))})`);
  }
  if (message.startsWith("invalid relative path")) {
    return new Invalid(`Refused: the archive contains a path with '..' (${shown(message.replace(/^[^:]*: /, ""))})`);
  }
  if (/encrypt/i.test(message)) return new Invalid("Encrypted zip archives are not supported");
  return new Invalid("The zip archive is damaged or uses an unsupported format");
}

type PlannedEntry = { entry: Entry; name: string; isDir: boolean };

/** Our own checks on each name, on top of the library's (defence in depth, D44). */
function checkEntryName(name: string): void {
  if (name.length === 0 || name.length > 1024) throw new Invalid("Refused: the archive contains an invalid file name");
  // eslint-disable-next-line no-control-regex -- a file name with a control character is refused
  if (/[\u0000-\u001f\u007f\\]/.test(name))
    throw new Invalid(`Refused: the archive contains an invalid file name (${shown(name)})`);
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name))
    throw new Invalid(`Refused: the archive contains an absolute path (${shown(name)})`);
  const segments = name.replace(/\/$/, "").split("/");
  if (segments.includes("..")) throw new Invalid(`Refused: the archive contains a path with '..' (${shown(name)})`);
  if (segments.some((s) => s === "" || s === "."))
    throw new Invalid(`Refused: the archive contains an invalid path (${shown(name)})`);
  if (segments.length > 32) throw new Invalid(`Refused: the archive's folders are nested too deeply (${shown(name)})`);
}

/** macOS Finder adds these; they are not part of the game. */
function isJunk(name: string): boolean {
  return (
    name === "__MACOSX/" || name.startsWith("__MACOSX/") || path.posix.basename(name.replace(/\/$/, "")) === ".DS_Store"
  );
}

/**
 * Reads the archive's central directory and decides what to extract: every entry checked
 * (count, sizes, names, links) before a single byte is written.
 */
async function planZip(
  zip: yauzl.ZipFile,
  packageLimits: PackageLimits,
): Promise<{ files: PlannedEntry[]; prefix: string }> {
  if (zip.entryCount > packageLimits.maxEntries) {
    throw new Invalid(
      `The archive has ${zip.entryCount} entries; at most ${packageLimits.maxEntries.toLocaleString("en-US")} are allowed`,
    );
  }
  const planned: PlannedEntry[] = [];
  let count = 0;
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      count += 1;
      if (count > packageLimits.maxEntries) {
        throw new Invalid(`The archive has more than ${packageLimits.maxEntries.toLocaleString("en-US")} entries`);
      }
      const name = entry.fileName;
      checkEntryName(name);
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) throw new Invalid(`Refused: the archive contains a symbolic link (${shown(name)})`);
      if (mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR)
        throw new Invalid(`Refused: the archive contains a special file (${shown(name)})`);
      if (entry.isEncrypted()) throw new Invalid("Encrypted zip archives are not supported");
      const isDir = name.endsWith("/") || mode === S_IFDIR;
      if (isDir && entry.uncompressedSize > 0)
        throw new Invalid(`Refused: a folder entry has content (${shown(name)})`);
      total += entry.uncompressedSize;
      if (total > packageLimits.maxUncompressedBytes) {
        throw new TooLarge(`The archive unpacks to more than ${mb(packageLimits.maxUncompressedBytes)}`);
      }
      if (isJunk(name)) continue;
      planned.push({ entry, name: name.replace(/\/$/, ""), isDir });
    }
  } catch (err) {
    throw zipError(err);
  }

  const files = planned.filter((p) => !p.isDir);
  if (files.some((f) => f.name === "index.html")) return { files: planned, prefix: "" };
  const tops = new Set(planned.map((p) => p.name.split("/")[0]));
  const rootFiles = files.filter((f) => !f.name.includes("/"));
  if (tops.size === 1 && rootFiles.length === 0) {
    const top = [...tops][0];
    if (files.some((f) => f.name === `${top}/index.html`)) return { files: planned, prefix: `${top}/` };
  }
  throw new Invalid("The archive must contain index.html at its root or inside its single top-level folder");
}

/** Counts bytes as they are written, so that an archive that lies about its sizes still stops at the limit. */
function byteCounter(budget: { left: number; limit: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      budget.left -= chunk.length;
      if (budget.left < 0) return done(new TooLarge(`The archive unpacks to more than ${mb(budget.limit)}`));
      done(null, chunk);
    },
  });
}

/** Extracts a checked zip into an empty folder (streaming, entry by entry). */
export async function extractZip(
  zipPath: string,
  destDir: string,
  packageLimits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, {
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (err) {
    throw zipError(err);
  }
  // Late errors (after we stopped listening) must never crash the process.
  zip.on("error", () => {});
  try {
    const { files, prefix } = await planZip(zip, packageLimits);
    const root = path.resolve(destDir);
    const budget = { left: packageLimits.maxUncompressedBytes, limit: packageLimits.maxUncompressedBytes };
    for (const item of files) {
      const rel = item.name.slice(prefix.length);
      if (rel === "") continue;
      const target = path.resolve(root, ...rel.split("/"));
      if (!target.startsWith(root + path.sep))
        throw new Invalid(`Refused: the archive contains a path outside its folder (${shown(item.name)})`);
      try {
        if (item.isDir) {
          await fsp.mkdir(target, { recursive: true });
          continue;
        }
        await fsp.mkdir(path.dirname(target), { recursive: true });
        const stream = await zip.openReadStreamPromise(item.entry);
        // "wx": never overwrite, so a duplicate name cannot replace a checked file.
        await pipeline(stream, byteCounter(budget), fs.createWriteStream(target, { flags: "wx", mode: 0o644 }));
      } catch (err) {
        if (err instanceof DomainError) throw err;
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "EEXIST" || code === "ENOTDIR" || code === "EISDIR") {
          throw new Invalid(`Refused: the archive contains the same name twice (${shown(item.name)})`);
        }
        if (code === "ENOSPC" || code === "EACCES" || code === "EMFILE") throw err;
        throw zipError(err);
      }
    }
    const stat = await fsp.lstat(path.join(root, "index.html")).catch(() => undefined);
    if (!stat?.isFile())
      throw new Invalid("The archive must contain index.html at its root or inside its single top-level folder");
  } finally {
    zip.close();
  }
}

/**
 * D44: turns an uploaded .zip or .html (already on disk at `uploadPath`) into a complete package
 * folder in DATA_DIR/tmp, ready for commitPackage. On any failure the staging folder is removed
 * and the error (a domain error: Invalid, TooLarge or UnsupportedType and a clear message) is thrown.
 */
export async function stageUploadedPackage(
  dataDir: string,
  uploadPath: string,
  kind: PackageKind,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<string> {
  const staging = await makeStagingDir(dataDir);
  try {
    if (kind === "html") {
      await fsp.copyFile(uploadPath, path.join(staging, "index.html"));
    } else {
      await extractZip(uploadPath, staging, limits);
    }
    return staging;
  } catch (err) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw err;
  }
}
