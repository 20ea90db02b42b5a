import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeFileStoreContract } from "@test/file-store-contract";
import { DiskStore } from "./file-store";

const roots: string[] = [];
async function emptyDiskStore(): Promise<DiskStore> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-store-"));
  roots.push(root);
  return new DiskStore(root);
}
afterAll(async () => {
  await Promise.all(roots.map((root) => fs.rm(root, { recursive: true, force: true })));
});

describeFileStoreContract("DiskStore", emptyDiskStore);

describe("DiskStore on disk", () => {
  it("keeps key a/b at root/a/b, readable by the server's user only, and lists no half-written file", async () => {
    const store = await emptyDiskStore();
    await store.put("uploads/avatars/me.png", "png");
    const file = path.join(store.root, "uploads", "avatars", "me.png");
    expect(await fs.readFile(file, "utf8")).toBe("png");
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    await fs.writeFile(path.join(store.root, "uploads", "avatars", ".tmp-abc"), "half");
    const listed: string[] = [];
    for await (const object of store.list("uploads/")) listed.push(object.key);
    expect(listed).toEqual(["uploads/avatars/me.png"]);
  });

  it("lists stored files only, never the database or the secrets that share DATA_DIR", async () => {
    const store = await emptyDiskStore();
    await fs.mkdir(path.join(store.root, "db"), { recursive: true });
    await fs.writeFile(path.join(store.root, "db", "PG_VERSION"), "17");
    await store.put("games/3/index.html", "<p>");
    const listed: string[] = [];
    for await (const object of store.list("")) listed.push(object.key);
    expect(listed).toEqual(["games/3/index.html"]);
  });
});
