import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/paths";
import { formatVersion, readAppVersion } from "./app-version";

const A = "3f2a9c1d0e5b6a7980112233445566778899aabb";
const B = "aabbccddeeff00112233445566778899aabbccdd";

describe("the app's version (D164)", () => {
  let base: string;
  let root: string;
  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-version-"));
    root = path.join(base, "app");
    await fs.mkdir(root);
    await fs.writeFile(path.join(root, "package.json"), JSON.stringify({ name: "arcadium", version: "1.4.2" }));
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  const write = async (file: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  };

  it("is package.json's, with no commit when there is neither a .git folder nor BUILD_COMMIT", async () => {
    expect(await readAppVersion(root)).toEqual({ version: "1.4.2", commit: null });
  });

  it("reads the branch's commit from a .git folder, loose or packed", async () => {
    await write(".git/HEAD", "ref: refs/heads/main\n");
    await write(".git/packed-refs", `# pack-refs with: peeled fully-peeled sorted\n${B} refs/heads/main\n`);
    expect(await readAppVersion(root)).toEqual({ version: "1.4.2", commit: B });
    await write(".git/refs/heads/main", `${A}\n`);
    expect(await readAppVersion(root)).toEqual({ version: "1.4.2", commit: A });
  });

  it("reads a detached HEAD, and a worktree's HEAD through its gitdir and commondir files", async () => {
    await write(".git/HEAD", `${B}\n`);
    expect((await readAppVersion(root)).commit).toBe(B);
    await fs.rm(path.join(root, ".git"), { recursive: true });
    // what `git worktree add` makes: a .git file naming the worktree's folder inside the main repository's .git
    await write("../main/.git/worktrees/wt/HEAD", "ref: refs/heads/wt\n");
    await write("../main/.git/worktrees/wt/commondir", "../..\n");
    await write("../main/.git/refs/heads/wt", `${A}\n`);
    await write(".git", "gitdir: ../main/.git/worktrees/wt\n");
    expect((await readAppVersion(root)).commit).toBe(A);
  });

  it("prefers BUILD_COMMIT, and has no commit when the .git folder cannot be read", async () => {
    await write(".git/HEAD", "ref: refs/heads/gone\n");
    expect((await readAppVersion(root)).commit).toBeNull();
    expect(await readAppVersion(root, "0123abc")).toEqual({ version: "1.4.2", commit: "0123abc" });
  });

  it("reads this repository's own version, and its commit in a clone", async () => {
    const own = JSON.parse(await fs.readFile(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    const read = await readAppVersion(repoRoot);
    expect(read.version).toBe(own.version);
    const clone = await fs.stat(path.join(repoRoot, ".git")).then(
      () => true,
      () => false,
    );
    expect(read.commit).toEqual(clone ? expect.stringMatching(/^[0-9a-f]{40}$/) : null);
  });

  it("is written with a short commit", () => {
    expect(formatVersion({ version: "1.4.2", commit: A })).toBe("1.4.2+3f2a9c1");
    expect(formatVersion({ version: "1.4.2", commit: null })).toBe("1.4.2");
  });
});
