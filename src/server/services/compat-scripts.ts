/**
 * The portal adapters' scripts (D77) as the games origin serves them at /sdk/compat/{name}.js: SDK v2
 * (sdk/v2.js), then what the adapters share (sdk/compat/common.js) and the adapter itself in one function
 * scope, so that a package's single <script src> gets all of it in order and the shared helper is no global.
 * The adapters' tests evaluate the same text (src/test/sdk-compat.ts).
 *
 * Contract: `compatScript(rootDir, name)` answers the script for a known adapter name, or null for any other
 * name; it reads the files each time (they are small, and a change reaches every game at once).
 */
import fs from "node:fs/promises";
import path from "node:path";

export const COMPAT_ADAPTERS = ["poki", "crazygames", "gamedistribution"] as const;
export type CompatAdapter = (typeof COMPAT_ADAPTERS)[number];

export const isCompatAdapter = (name: string): name is CompatAdapter =>
  (COMPAT_ADAPTERS as readonly string[]).includes(name);

/** The shared helper's text and an adapter's text in one function scope (the adapters' tests evaluate it over a fake v2). */
export const wrapAdapter = (common: string, adapter: string) => `(function () {\n${common}\n${adapter}\n})();\n`;

async function adapterScript(rootDir: string, name: CompatAdapter): Promise<string> {
  const dir = path.join(rootDir, "sdk", "compat");
  const [common, adapter] = await Promise.all([
    fs.readFile(path.join(dir, "common.js"), "utf8"),
    fs.readFile(path.join(dir, `${name}.js`), "utf8"),
  ]);
  return wrapAdapter(common, adapter);
}

export async function compatScript(rootDir: string, name: string): Promise<string | null> {
  if (!isCompatAdapter(name)) return null;
  const [v2, adapter] = await Promise.all([
    fs.readFile(path.join(rootDir, "sdk", "v2.js"), "utf8"),
    adapterScript(rootDir, name),
  ]);
  return `${v2}\n;\n${adapter}`;
}
