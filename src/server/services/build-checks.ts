import fs from "node:fs/promises";
import path from "node:path";
import { parse } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import type { CheckFinding, OutsideHost, StaticReport } from "../../contract/admin/build-checks";
import {
  BUILD_CHECK_LIMITS,
  DETECTED_SDK_LABELS,
  type BuildCheckLimits,
  type CheckStatus,
  type DetectedSdk,
} from "../../contract/admin/build-checks-constants";
import { rewriteHtml, rewriteScript } from "./portal-sdks";

/**
 * Contract: the static checks of a game package (D132), on a folder already unpacked (a staging folder).
 * - Reads the folder only: nothing is run, index.html is parsed (parse5), scripts and styles are searched as text.
 * - Answers one finding per check (index.html at the root, file count, unpacked size, initial download, outside
 *   hosts, SDK), each pass / warning / fail with a plain sentence, and the report's worst status.
 * - Bounded work: at most `maxFiles` + 1 files are listed past the limit's count, text is searched in at most
 *   TEXT_BUDGET bytes (FILE_TEXT_MAX per file), and the lists it returns are short; the limits are parameters so
 *   that tests can reach them without writing 250 MB.
 * - Portal SDK addresses are recognised as portal-sdks.ts does at install (they are served by an adapter, so they
 *   are an SDK, not an outside host). `ownOrigins` are the site's own origins (the games origin), never outside.
 */

/** Text searched for addresses, per file and in all. */
const FILE_TEXT_MAX = 8 * 1024 * 1024;
const TEXT_BUDGET = 64 * 1024 * 1024;
/** index.html larger than this is not parsed (its size still counts). */
const INDEX_HTML_MAX = 8 * 1024 * 1024;
/** How much each list of the report keeps. */
const MAX_HOSTS = 40;
const MAX_EXAMPLES = 5;
const MAX_INITIAL_FILES = 60;

const TEXT_EXT = new Set([".html", ".htm", ".js", ".mjs", ".css"]);

/** Addresses in code that name a standard, never a download (SVG's namespace and the like). */
const NOT_LOADED_HOSTS = new Set([
  "www.w3.org",
  "w3.org",
  "www.w3c.org",
  "ns.adobe.com",
  "purl.org",
  "schemas.xmlsoap.org",
]);

/** An absolute http(s) address in script or style text. */
const TEXT_URL =
  /\bhttps?:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+|\[[0-9a-f:]+\])(?::\d{1,5})?/gi;

type Listed = { rel: string; bytes: number };

/** Every regular file under `root` (no link followed), stopping at `stopAfter` files. */
async function listPackage(root: string, stopAfter: number): Promise<Listed[]> {
  const files: Listed[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (files.length >= stopAfter) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.push({ rel: `${prefix}${entry.name}`, bytes: (await fs.stat(full)).size });
    }
  };
  await walk(root, "");
  return files;
}

/** A size as the CMS shows sizes (1024-based, one decimal): "710 B", "3.4 KB", "250 MB". */
function mb(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${(Math.round(kb * 10) / 10).toLocaleString("en-US")} KB`;
  return `${(Math.round((kb / 1024) * 10) / 10).toLocaleString("en-US")} MB`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** The host of an absolute http(s) or scheme-less ("//host/…") address, lower case; null for anything else. */
export function outsideHostOf(url: string): string | null {
  const trimmed = url.trim();
  if (!/^(?:https?:)?\/\//i.test(trimmed)) return null;
  try {
    const parsed = new URL(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed);
    return parsed.host.toLowerCase() || null;
  } catch {
    return null;
  }
}

type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

function attr(el: Element, name: string): string | null {
  return el.attrs.find((a) => a.name === name)?.value ?? null;
}

/** What index.html loads as it is parsed: scripts, styles, images (and other embedded files), and inline code. */
export type HtmlRefs = { scripts: string[]; styles: string[]; images: string[]; others: string[]; inline: string[] };

const LOADED_LINK_RELS = new Set([
  "stylesheet",
  "preload",
  "modulepreload",
  "icon",
  "shortcut",
  "manifest",
  "prefetch",
]);

export function htmlReferences(html: string): HtmlRefs {
  const refs: HtmlRefs = { scripts: [], styles: [], images: [], others: [], inline: [] };
  const visit = (node: ParentNode): void => {
    for (const child of node.childNodes) {
      if (!("tagName" in child)) continue;
      const el = child;
      const tag = el.tagName;
      if (tag === "script") {
        const src = attr(el, "src");
        if (src) refs.scripts.push(src);
        else
          refs.inline.push(
            el.childNodes
              .map((n) => ("value" in n && n.nodeName === "#text" ? (n as { value: string }).value : ""))
              .join(""),
          );
      } else if (tag === "style") {
        refs.inline.push(
          el.childNodes.map((n) => ("value" in n ? String((n as { value: string }).value) : "")).join(""),
        );
      } else if (tag === "link") {
        const href = attr(el, "href");
        const rels = (attr(el, "rel") ?? "").toLowerCase().split(/\s+/);
        if (href && rels.includes("stylesheet")) refs.styles.push(href);
        else if (href && rels.some((r) => LOADED_LINK_RELS.has(r))) refs.others.push(href);
      } else if (tag === "img") {
        const src = attr(el, "src");
        if (src) refs.images.push(src);
      } else if (["iframe", "source", "audio", "video", "embed"].includes(tag)) {
        const src = attr(el, "src");
        if (src) refs.others.push(src);
      } else if (tag === "object") {
        const data = attr(el, "data");
        if (data) refs.others.push(data);
      }
      if (tag === "template") visit((el as DefaultTreeAdapterMap["template"]).content);
      visit(el);
    }
  };
  visit(parse(html));
  return refs;
}

/** A local address of index.html as a path inside the package, or null (outside, data:, or leaving the folder). */
function localPath(ref: string): string | null {
  const trimmed = ref.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//") || trimmed.startsWith("#"))
    return null;
  const noQuery = trimmed.split(/[?#]/)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(noQuery);
  } catch {
    decoded = noQuery;
  }
  if (decoded.startsWith("/")) return null; // the origin's root: the SDK and runtime, not the package
  const normal = path.posix.normalize(decoded);
  if (normal.startsWith("../") || normal === "..") return null;
  return normal.replace(/^\.\//, "");
}

/** The SDK an address is, when it is one the games origin serves (or a portal's, served by its adapter). */
function sdkOfAddress(url: string): DetectedSdk | null {
  const clean = url.trim().split(/[?#]/)[0];
  if (/(?:^|\/)sdk\/v1\.js$/i.test(clean)) return "arcadium-v1";
  if (/(?:^|\/)sdk\/v2\.js$/i.test(clean)) return "arcadium-v2";
  const compat = /(?:^|\/)sdk\/compat\/(poki|crazygames|gamedistribution)\.js$/i.exec(clean);
  return compat ? (compat[1].toLowerCase() as DetectedSdk) : null;
}

type HostTally = Map<string, { scripts: string[]; files: string[] }>;

function tallyHost(hosts: HostTally, host: string, entry: { script?: string; file?: string }) {
  if (NOT_LOADED_HOSTS.has(host)) return;
  let item = hosts.get(host);
  if (!item) {
    if (hosts.size >= MAX_HOSTS) return;
    item = { scripts: [], files: [] };
    hosts.set(host, item);
  }
  if (entry.script && item.scripts.length < MAX_EXAMPLES && !item.scripts.includes(entry.script))
    item.scripts.push(entry.script);
  if (entry.file && item.files.length < MAX_EXAMPLES && !item.files.includes(entry.file)) item.files.push(entry.file);
}

function textHosts(text: string, ownHosts: Set<string>): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(TEXT_URL)) {
    const host = outsideHostOf(match[0]);
    if (host && !ownHosts.has(host)) found.add(host);
  }
  return [...found];
}

const WORST: Record<CheckStatus, number> = { pass: 0, warning: 1, fail: 2 };

export type CheckOptions = { limits?: BuildCheckLimits; ownOrigins?: string[] };

/** D132: the static report of the package unpacked at `dir`. */
export async function checkPackage(dir: string, options: CheckOptions = {}): Promise<StaticReport> {
  const limits = options.limits ?? BUILD_CHECK_LIMITS;
  const ownHosts = new Set(
    (options.ownOrigins ?? []).map((origin) => outsideHostOf(origin)).filter((h): h is string => h !== null),
  );
  const listing = { files: await listPackage(dir, limits.maxFiles + 1) };
  const tooMany = listing.files.length > limits.maxFiles;
  const sizes = new Map(listing.files.map((f) => [f.rel, f.bytes]));
  const unpackedBytes = listing.files.reduce((sum, f) => sum + f.bytes, 0);
  const findings: CheckFinding[] = [];
  const sdks: DetectedSdk[] = [];
  const addSdk = (sdk: DetectedSdk | null) => {
    if (sdk && !sdks.includes(sdk)) sdks.push(sdk);
  };
  const hosts: HostTally = new Map();

  // index.html at the root
  const indexBytes = sizes.get("index.html");
  findings.push(
    indexBytes === undefined
      ? {
          id: "index-html",
          status: "fail",
          message: "There is no index.html at the package's root: nothing can start the game.",
        }
      : { id: "index-html", status: "pass", message: "index.html is at the package's root." },
  );

  // the limits
  findings.push(
    tooMany
      ? {
          id: "file-count",
          status: "fail",
          message: `The package has more than ${count(limits.maxFiles)} files (the most allowed).`,
        }
      : {
          id: "file-count",
          status: "pass",
          message: `${count(listing.files.length)} ${listing.files.length === 1 ? "file" : "files"}, within the ${count(limits.maxFiles)} allowed.`,
        },
  );
  findings.push(
    unpackedBytes > limits.maxUnpackedBytes
      ? {
          id: "unpacked-size",
          status: "fail",
          message: `The package unpacks to ${tooMany ? "more than " : ""}${mb(unpackedBytes)}, over the ${mb(limits.maxUnpackedBytes)} allowed.`,
        }
      : {
          id: "unpacked-size",
          status: "pass",
          message: `The package unpacks to ${mb(unpackedBytes)}, within the ${mb(limits.maxUnpackedBytes)} allowed.`,
        },
  );

  // index.html: what it loads directly, and the SDK and outside scripts it names
  const initialFiles: { path: string; bytes: number }[] = [];
  const missing: string[] = [];
  let initialBytes = 0;
  let outsideInitial = 0;
  let textLeft = TEXT_BUDGET;
  let textCut = false;
  if (indexBytes !== undefined) {
    initialBytes += indexBytes;
    initialFiles.push({ path: "index.html", bytes: indexBytes });
    if (indexBytes <= INDEX_HTML_MAX) {
      const raw = await fs.readFile(path.join(dir, "index.html"), "latin1");
      textLeft -= raw.length;
      const portal = rewriteHtml(raw);
      portal.found.forEach((sdk) => addSdk(sdk));
      const refs = htmlReferences(portal.text);
      const seen = new Set<string>(["index.html"]);
      for (const ref of [...refs.scripts, ...refs.styles, ...refs.images, ...refs.others]) {
        addSdk(sdkOfAddress(ref));
        const host = outsideHostOf(ref);
        if (host) {
          if (ownHosts.has(host)) continue;
          outsideInitial += 1;
          const isScript = refs.scripts.includes(ref);
          tallyHost(hosts, host, isScript ? { script: ref.trim() } : { file: "index.html" });
          continue;
        }
        const local = localPath(ref);
        if (local === null || seen.has(local)) continue;
        seen.add(local);
        const bytes = sizes.get(local);
        if (bytes === undefined) {
          if (missing.length < MAX_EXAMPLES) missing.push(local);
          continue;
        }
        initialBytes += bytes;
        if (initialFiles.length < MAX_INITIAL_FILES) initialFiles.push({ path: local, bytes });
      }
      for (const inline of refs.inline) {
        addSdk(sdkOfAddress(/\/sdk\/(?:v[12]|compat\/[a-z]+)\.js/i.exec(inline)?.[0] ?? ""));
        for (const host of textHosts(inline, ownHosts)) tallyHost(hosts, host, { file: "index.html" });
      }
    }
  }

  // scripts and styles of the whole package: addresses of other hosts, and SDKs loaded from code
  for (const file of listing.files) {
    const ext = path.posix.extname(file.rel).toLowerCase();
    if (!TEXT_EXT.has(ext) || file.rel === "index.html") continue;
    if (textLeft <= 0) {
      textCut = true;
      break;
    }
    const take = Math.min(file.bytes, FILE_TEXT_MAX, textLeft);
    if (take < file.bytes) textCut = true;
    textLeft -= take;
    const handle = await fs.open(path.join(dir, file.rel), "r");
    let text: string;
    try {
      const buffer = Buffer.alloc(take);
      await handle.read(buffer, 0, take, 0);
      text = buffer.toString("latin1");
    } finally {
      await handle.close();
    }
    if (ext === ".js" || ext === ".mjs" || ext === ".html" || ext === ".htm") {
      const portal = ext === ".js" || ext === ".mjs" ? rewriteScript(text) : rewriteHtml(text);
      portal.found.forEach((sdk) => addSdk(sdk));
      text = portal.text;
      addSdk(sdkOfAddress(/\/sdk\/(?:v[12]|compat\/[a-z]+)\.js/i.exec(text)?.[0] ?? ""));
    }
    for (const host of textHosts(text, ownHosts)) tallyHost(hosts, host, { file: file.rel });
  }

  // initial download
  const initialNote = outsideInitial > 0 ? ` (and ${count(outsideInitial)} from other hosts, not counted)` : "";
  const missingNote =
    missing.length > 0 ? ` index.html names files that are not in the package: ${missing.join(", ")}.` : "";
  if (indexBytes === undefined) {
    findings.push({
      id: "initial-download",
      status: "fail",
      message: "No initial download can be measured without index.html.",
    });
  } else if (indexBytes > INDEX_HTML_MAX) {
    findings.push({
      id: "initial-download",
      status: "fail",
      message: `index.html alone is ${mb(indexBytes)}: too large to read, and far too large to load first.`,
    });
  } else {
    const status: CheckStatus =
      initialBytes > limits.initialDownloadFailBytes
        ? "fail"
        : initialBytes > limits.initialDownloadWarnBytes || missing.length > 0
          ? "warning"
          : "pass";
    const over =
      status === "fail"
        ? `, over the ${mb(limits.initialDownloadFailBytes)} a game may load before it starts`
        : initialBytes > limits.initialDownloadWarnBytes
          ? `, more than the ${mb(limits.initialDownloadWarnBytes)} that loads quickly on a phone`
          : "";
    findings.push({
      id: "initial-download",
      status,
      message: `index.html and what it loads directly come to ${mb(initialBytes)} in ${count(initialFiles.length)} ${initialFiles.length === 1 ? "file" : "files"}${initialNote}${over}.${missingNote}`,
    });
  }

  // outside hosts
  const outsideHosts: OutsideHost[] = [...hosts.entries()]
    .map(([host, item]) => ({ host, scripts: item.scripts, files: item.files }))
    .sort((a, b) => b.scripts.length - a.scripts.length || a.host.localeCompare(b.host));
  const cut = textCut ? " Only part of the package's code was searched: it is very large." : "";
  const scriptHosts = outsideHosts.filter((h) => h.scripts.length > 0).map((h) => h.host);
  findings.push(
    outsideHosts.length === 0
      ? { id: "outside-hosts", status: "pass", message: `Everything the game loads is in the package.${cut}` }
      : {
          id: "outside-hosts",
          status: "warning",
          message:
            (scriptHosts.length > 0
              ? `index.html loads scripts from ${scriptHosts.join(", ")}: they can change or vanish without a new build. `
              : "") +
            `The package names ${count(outsideHosts.length)} outside ${outsideHosts.length === 1 ? "host" : "hosts"}${hosts.size >= MAX_HOSTS ? " (or more)" : ""}: ${outsideHosts.map((h) => h.host).join(", ")}.${cut}`,
        },
  );

  // the SDK
  findings.push(
    sdks.length === 0
      ? {
          id: "sdk",
          status: "warning",
          message:
            "No SDK found: the site cannot tell when gameplay starts, and scores, saves and achievements are not available.",
        }
      : {
          id: "sdk",
          status: "pass",
          message: `Uses the ${sdks.map((s) => DETECTED_SDK_LABELS[s]).join(" and the ")}.`,
        },
  );

  const status = findings.reduce<CheckStatus>(
    (worst, f) => (WORST[f.status] > WORST[worst] ? f.status : worst),
    "pass",
  );
  return {
    status,
    findings,
    fileCount: listing.files.length,
    unpackedBytes,
    initialDownload: { bytes: initialBytes, files: initialFiles, missing },
    outsideHosts,
    sdks,
  };
}
