import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "@test/s3-server";
import { DiskStore, readAll } from "./services/file-store";
import { S3Store } from "./services/s3-store";
import { parseStorageUrl } from "./services/storage-url";
import { runStorageCopy } from "./storage-copy-cli";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

async function keysOf(store: DiskStore | S3Store): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const object of store.list(""))
    found[object.key] = (await readAll((await store.get(object.key))!)).toString();
  return found;
}

describe("npm run storage:copy (D162)", () => {
  it("copies DATA_DIR to the bucket and back, skipping what is there with the same size, and prints the counts", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-copy-"));
    const url = await s3.newBucketUrl();
    const bucket = new S3Store(parseStorageUrl(url));
    try {
      const disk = new DiskStore(dataDir);
      await disk.put("games/1/index.html", "<p>one</p>");
      await disk.put("games/1/js/app.js", "app");
      await disk.put("uploads/images/a.webp", "webp");
      await fs.mkdir(path.join(dataDir, "db"));
      await fs.writeFile(path.join(dataDir, "db", "PG_VERSION"), "17");
      const env = { DATA_DIR: dataDir, STORAGE_URL: url };
      const lines: string[] = [];
      const run = (to: string, environment: NodeJS.ProcessEnv = env) =>
        runStorageCopy(["--to", to], environment, dataDir, (line) => lines.push(line));

      expect(await run("s3")).toBe(0);
      expect(lines.at(-1)).toBe("Copied 3 file(s) (17 bytes); skipped 0 already there with the same size.");
      expect(await keysOf(bucket)).toEqual({
        "games/1/index.html": "<p>one</p>",
        "games/1/js/app.js": "app",
        "uploads/images/a.webp": "webp",
      });

      expect(await run("s3")).toBe(0);
      expect(lines.at(-1)).toBe("Copied 0 file(s) (0 bytes); skipped 3 already there with the same size.");

      await bucket.put("uploads/avatars/b.webp", "from the bucket");
      await bucket.put("games/1/js/app.js", "app, changed");
      expect(await run("disk")).toBe(0);
      expect(lines.at(-1)).toBe("Copied 2 file(s) (27 bytes); skipped 2 already there with the same size.");
      expect(await fs.readFile(path.join(dataDir, "uploads", "avatars", "b.webp"), "utf8")).toBe("from the bucket");
      expect(await fs.readFile(path.join(dataDir, "games", "1", "js", "app.js"), "utf8")).toBe("app, changed");

      expect(await run("cloud")).toBe(2);
      expect(lines.at(-1)).toMatch(/^Usage: npm run storage:copy -- --to s3\|disk/);
      expect(await run("s3", { DATA_DIR: dataDir })).toBe(1);
      expect(lines.at(-1)).toMatch(/STORAGE_URL is not set/);
      expect(lines.join("\n")).not.toContain("S3RVER@");
    } finally {
      bucket.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
