import net from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFileStoreContract } from "@test/file-store-contract";
import { startS3Server, type TestS3Server } from "@test/s3-server";
import { StorageUnavailableError, readAll } from "./file-store";
import { openFileStore } from "./open-file-store";
import { S3Store } from "./s3-store";
import { parseStorageUrl } from "./storage-url";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describeFileStoreContract("S3Store", () => s3.emptyStore());

describe("S3Store", () => {
  it("is the site's store when STORAGE_URL is set, and keeps keys under the URL's prefix", async () => {
    const url = await s3.newBucketUrl();
    const store = openFileStore({ dataDir: "/nonexistent", storage: parseStorageUrl(`${url}/site-a`) });
    expect(store.kind).toBe("s3");
    await store.put("uploads/a.txt", "in a");
    const whole = new S3Store(parseStorageUrl(url));
    const keys: string[] = [];
    for await (const object of whole.list("")) keys.push(object.key);
    expect(keys).toEqual([]);
    expect((await whole.head("uploads/a.txt" as string))?.size).toBeUndefined();
    const inPrefix = await store.get("uploads/a.txt");
    expect(inPrefix && (await readAll(inPrefix)).toString()).toBe("in a");
    whole.close();
    (store as S3Store).close();
  });

  it("puts a stream larger than one part", async () => {
    const store = await s3.emptyStore();
    const part = Buffer.alloc(1024 * 1024, 7);
    await store.put("games/9/big.bin", Readable.from(Array.from({ length: 9 }, () => part)));
    expect((await store.head("games/9/big.bin"))?.size).toBe(9 * 1024 * 1024);
  });

  it("fails fast with StorageUnavailableError when nothing listens or the endpoint never answers", async () => {
    const closed = await freePort();
    const refused = new S3Store(parseStorageUrl(`http://k:s@127.0.0.1:${closed}/bucket`), {
      connectTimeoutMs: 300,
      requestTimeoutMs: 300,
      operationTimeoutMs: 1_000,
    });
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const hanging = new S3Store(
      parseStorageUrl(`http://k:s@127.0.0.1:${(silent.address() as net.AddressInfo).port}/bucket`),
      {
        connectTimeoutMs: 300,
        requestTimeoutMs: 300,
        operationTimeoutMs: 1_000,
      },
    );
    try {
      for (const store of [refused, hanging]) {
        const started = Date.now();
        await expect(store.get("uploads/a.png")).rejects.toBeInstanceOf(StorageUnavailableError);
        await expect(store.put("uploads/a.png", "x")).rejects.toThrow(/Object storage failed to store uploads\/a.png/);
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    } finally {
      refused.close();
      hanging.close();
      silent.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
