import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { SdkAdapterName } from "../../contract/admin/games";
import type { Db } from "../db/client";
import { gamesTable } from "../db/schema";
import type { FileStore } from "./file-store";
import { commitPackage, gamePrefix, hasPackageFiles, makeStagingDir } from "./packages";

/** D77: the other portals' SDKs a package may load (contract SDK_ADAPTERS), each answered by an adapter at /sdk/compat/{name}.js. */
export type SdkAdapter = SdkAdapterName;

/** Where the games origin serves an adapter (games-origin.ts). */
export function adapterPath(adapter: SdkAdapter): string {
  return `/sdk/compat/${adapter}.js`;
}

/**
 * The portals' published script addresses (scheme http, https or none: "//host/…"; any query or fragment),
 * from their public documentation:
 * - Poki SDK v2: https://game-cdn.poki.com/scripts/v2/poki-sdk.js (sdk.poki.com/html5)
 * - CrazyGames HTML5 SDK v2 and v3: https://sdk.crazygames.com/crazygames-sdk-v2.js and …-v3.js
 *   (docs.crazygames.com/sdk/html5-v2/intro, /sdk/html5-v3/intro)
 * - GameDistribution HTML5 SDK: https://html5.api.gamedistribution.com/main.min.js (the GD-HTML5 wiki's
 *   "SDK Implementation" snippet), and the older //html5.api.gamedistribution.com/main.js of its npm README.
 * Other SDKs (CrazyGames v1, Construct or Unity builds of them, GameDistribution's legacy libs/gd/api.js) are
 * not matched: such a package is left alone.
 */
const PORTAL_URLS: { adapter: SdkAdapter; pattern: string }[] = [
  { adapter: "poki", pattern: String.raw`game-cdn\.poki\.com/scripts/v2/poki-sdk\.js` },
  { adapter: "crazygames", pattern: String.raw`sdk\.crazygames\.com/crazygames-sdk-v[23]\.js` },
  { adapter: "gamedistribution", pattern: String.raw`html5\.api\.gamedistribution\.com/main(?:\.min)?\.js` },
];

/** A whole attribute value that is one of the addresses above. */
const WHOLE_URL = PORTAL_URLS.map(({ adapter, pattern }) => ({
  adapter,
  re: new RegExp(String.raw`^\s*(?:https?:)?//${pattern}(?:[?#][^\s]*)?\s*$`, "i"),
}));

/** GameDistribution's snippet adds the script from JavaScript: its address, wherever it is written literally. */
const GD_LITERAL = new RegExp(String.raw`(?:https?:)?//${PORTAL_URLS[2].pattern}(?:\?[^\s"'\`<>\\]*)?`, "gi");

/** An address this rewrite wrote: a second scan of the same package finds the same adapter. */
const ALREADY_ADAPTER = /^\s*\/sdk\/compat\/(poki|crazygames|gamedistribution)\.js\s*$/i;

const SCRIPT_TAG = /<script\b[^>]*>/gi;
const SRC_ATTR = /(\ssrc\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)/i;

function adapterFor(url: string): SdkAdapter | null {
  for (const { adapter, re } of WHOLE_URL) if (re.test(url)) return adapter;
  return null;
}

/**
 * Points every <script src> of an HTML text that loads a portal SDK at its adapter, and (for GameDistribution)
 * every literal address of its script. Returns the new text and the adapters it found, in order of appearance.
 */
export function rewriteHtml(html: string): { text: string; found: SdkAdapter[] } {
  const found: SdkAdapter[] = [];
  let text = html.replace(SCRIPT_TAG, (tag) =>
    tag.replace(SRC_ATTR, (whole, before: string, quoted: string) => {
      const quote = quoted[0] === '"' || quoted[0] === "'" ? quoted[0] : "";
      const url = quote ? quoted.slice(1, -1) : quoted;
      const installed = ALREADY_ADAPTER.exec(url);
      if (installed) {
        // rewritten by an earlier scan: found, kept as it is
        found.push(installed[1].toLowerCase() as SdkAdapter);
        return whole;
      }
      const adapter = adapterFor(url);
      if (!adapter) return whole;
      found.push(adapter);
      return `${before}${quote || '"'}${adapterPath(adapter)}${quote || '"'}`;
    }),
  );
  const js = rewriteScript(text);
  text = js.text;
  found.push(...js.found);
  return { text, found };
}

/** GameDistribution's script address written literally in a script (the snippet that injects it). */
export function rewriteScript(source: string): { text: string; found: SdkAdapter[] } {
  const found: SdkAdapter[] = [];
  const text = source.replace(GD_LITERAL, () => {
    found.push("gamedistribution");
    return adapterPath("gamedistribution");
  });
  return { text, found };
}

export type PackageScan = { sdkAdapter: SdkAdapter | null; packageBytes: number; packageFiles: number };

const HTML_EXT = new Set([".html", ".htm"]);
const JS_EXT = new Set([".js", ".mjs"]);
/** Cheap test before a file is searched with the regular expressions above. */
const HINTS = ["poki-sdk.js", "crazygames-sdk-v", "gamedistribution.com", "/sdk/compat/"];

/** Every regular file under a folder (no symbolic links followed), with its path. */
async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  await walk(root);
  return out.sort();
}

/**
 * D77 and issue 14 item 7, at install: rewrites a package folder in place (the portal SDK addresses of its .html
 * files, and GameDistribution's address in its .js files), and answers which adapter it now uses (the first
 * found in index.html, else in any file; null when it loads none of the portals' SDKs) and its size and file
 * count after the rewrite. Files are read and written as latin1, so that every byte not rewritten stays as it was.
 */
export async function preparePackage(dir: string): Promise<PackageScan> {
  const files = await listFiles(dir);
  const found: SdkAdapter[] = [];
  let indexFound: SdkAdapter | null = null;
  let bytes = 0;
  for (const file of files) {
    const ext = path.extname(file).toLowerCase();
    if (HTML_EXT.has(ext) || JS_EXT.has(ext)) {
      const source = await fs.readFile(file, "latin1");
      const lower = source.toLowerCase();
      if (HINTS.some((h) => lower.includes(h))) {
        const result = HTML_EXT.has(ext) ? rewriteHtml(source) : rewriteScript(source);
        if (result.text !== source) await fs.writeFile(file, result.text, "latin1");
        found.push(...result.found);
        if (path.relative(dir, file) === "index.html" && result.found.length > 0) indexFound = result.found[0];
      }
    }
    bytes += (await fs.stat(file)).size;
  }
  return { sdkAdapter: indexFound ?? found[0] ?? null, packageBytes: bytes, packageFiles: files.length };
}

/**
 * Issue 14 item 7 and D77 for packages installed before them: on start-up, every game with a package whose size
 * is not recorded yet is scanned once (its portal SDK addresses rewritten, its adapter, size and file count
 * recorded). Later starts find no such row and cost one query. Returns the number of games updated; a game whose
 * folder is missing is skipped (and tried again next time).
 */
export async function rescanInstalledPackages(
  db: Db,
  site: { dataDir: string; files: FileStore },
  log?: { warn: (obj: object, msg: string) => void },
): Promise<number> {
  const rows = await db
    .select({ id: gamesTable.id })
    .from(gamesTable)
    .where(and(eq(gamesTable.hasPackage, true), isNull(gamesTable.packageBytes)))
    .orderBy(asc(gamesTable.id));
  let updated = 0;
  for (const { id } of rows) {
    if (!(await hasPackageFiles(site.files, id))) continue;
    // The package is read through the store into a staging folder, scanned there and stored again (D162).
    const staging = await makeStagingDir(site.dataDir);
    try {
      const prefix = gamePrefix(id);
      for await (const object of site.files.list(prefix)) {
        const stored = await site.files.get(object.key);
        if (!stored) continue;
        const file = path.join(staging, ...object.key.slice(prefix.length).split("/"));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await pipeline(stored.body, createWriteStream(file));
      }
      const scan = await preparePackage(staging);
      await commitPackage(site.files, staging, id);
      await db.update(gamesTable).set(scan).where(eq(gamesTable.id, id));
      updated += 1;
    } catch (err) {
      log?.warn({ err, gameId: id }, "could not scan an installed game package");
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }
  return updated;
}
