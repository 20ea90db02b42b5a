import fs from "node:fs/promises";
import path from "node:path";

/**
 * Which version of the app this is (D164): package.json's version and, when known, the git commit it was built from.
 *
 * Contract:
 * - `readAppVersion(rootDir, buildCommit?)` answers `{ version, commit }`: `version` from rootDir's package.json;
 *   `commit` is `buildCommit` (BUILD_COMMIT) when given, else the commit of rootDir's git checkout (a `.git` folder, or
 *   a worktree's `.git` file; a branch's ref loose or packed, or a detached HEAD), else null. Reading git never runs
 *   git and never throws: a checkout it cannot read has no commit.
 * - It reads the files each time: a process reads it once at start, so that it reports the code it runs even after the
 *   files change under it (a `git pull` before the restart).
 * - `formatVersion` writes it as one string, the commit shortened: "1.4.2+3f2a9c1".
 */

export type AppVersion = { version: string; commit: string | null };

const COMMIT = /^[0-9a-f]{40}$/;

export async function readAppVersion(rootDir: string, buildCommit?: string): Promise<AppVersion> {
  const pkg = JSON.parse(await fs.readFile(path.join(rootDir, "package.json"), "utf8")) as { version?: string };
  const commit = buildCommit ?? (await gitCommit(rootDir).catch(() => null));
  return { version: pkg.version ?? "0.0.0", commit };
}

export function formatVersion({ version, commit }: AppVersion): string {
  return commit ? `${version}+${commit.slice(0, 7)}` : version;
}

async function readText(file: string): Promise<string | null> {
  return fs.readFile(file, "utf8").then(
    (text) => text.trim(),
    () => null,
  );
}

async function gitCommit(rootDir: string): Promise<string | null> {
  const dotGit = path.join(rootDir, ".git");
  const stat = await fs.stat(dotGit).catch(() => null);
  if (!stat) return null;
  let gitDir = dotGit;
  if (stat.isFile()) {
    // a worktree or a submodule: "gitdir: <path>"
    const pointer = (await readText(dotGit))?.match(/^gitdir:\s*(.+)$/m)?.[1];
    if (!pointer) return null;
    gitDir = path.resolve(rootDir, pointer);
  }
  const head = await readText(path.join(gitDir, "HEAD"));
  if (!head) return null;
  if (COMMIT.test(head)) return head;
  const ref = head.match(/^ref:\s*(\S+)$/)?.[1];
  if (!ref) return null;
  // a worktree keeps its HEAD apart and shares the refs of the main repository, named by its commondir file
  const common = await readText(path.join(gitDir, "commondir"));
  const commonDir = common ? path.resolve(gitDir, common) : gitDir;
  for (const dir of new Set([gitDir, commonDir])) {
    const loose = await readText(path.join(dir, ...ref.split("/")));
    if (loose && COMMIT.test(loose)) return loose;
  }
  const packed = (await readText(path.join(commonDir, "packed-refs"))) ?? "";
  for (const line of packed.split("\n")) {
    const [hash, name] = line.trim().split(/\s+/);
    if (name === ref && hash && COMMIT.test(hash)) return hash;
  }
  return null;
}
