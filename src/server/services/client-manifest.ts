import fs from "node:fs";
import path from "node:path";

/**
 * Which script chunks a server-rendered page needs (D73). Each screen is a chunk of
 * its own (src/client/lib/lazy-component.tsx, named after its file under src/client/app/routes/); the browser
 * loads the page's screens before it hydrates. Named in the page's head as `<link rel="modulepreload">`, they
 * are fetched alongside the main script instead of after it. Read from Vite's build manifest; no HTTP types.
 *
 * Contract: `preloadsFor(screens)` answers the URLs of the chunks those screens load (their own and what they
 * import), without those index.html already loads, in a stable order; unknown screens add nothing. Without a
 * manifest (a test's stand-in client) it answers nothing.
 */

type ManifestEntry = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestEntry>;

export type ClientManifest = { preloadsFor(screens: readonly string[]): string[] };

export function loadClientManifest(clientDir: string): ClientManifest {
  const file = path.join(clientDir, ".vite", "manifest.json");
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  } catch {
    return { preloadsFor: () => [] };
  }
  const closure = (key: string, seen: Set<string>) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const dep of entry.imports ?? []) closure(dep, seen);
  };
  const initial = new Set<string>();
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) closure(key, initial);
  const cache = new Map<string, string[]>();
  return {
    preloadsFor(screens) {
      const id = [...screens].sort().join(",");
      const known = cache.get(id);
      if (known) return known;
      const keys = new Set<string>();
      for (const screen of screens) {
        if (!/^[a-z0-9-]+$/.test(screen)) continue;
        closure(`app/routes/${screen}.tsx`, keys);
      }
      const urls = [...keys].filter((k) => !initial.has(k)).map((k) => `/${manifest[k].file}`);
      cache.set(id, urls);
      return urls;
    },
  };
}
