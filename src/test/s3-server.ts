import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { S3Store, type S3StoreOptions } from "../server/services/s3-store";
import { parseStorageUrl } from "../server/services/storage-url";

/**
 * An S3-API server in this process (s3rver, ADR 022) for tests of object storage: start it once per test file
 * (beforeAll), make a fresh bucket per test with `emptyStore()`, stop it in afterAll.
 */
export type TestS3Server = {
  /** STORAGE_URL of a new, empty bucket on this server */
  newBucketUrl(): Promise<string>;
  /** an S3Store over a new, empty bucket */
  emptyStore(options?: S3StoreOptions): Promise<S3Store>;
  stop(): Promise<void>;
};

export const TEST_KEY = "S3RVER";
export const TEST_SECRET = "S3RVER";

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, resetOnClose: true });
  const listening = await server.run();
  const port = (listening as { port: number }).port;
  const stores: S3Store[] = [];
  const admin = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_KEY, secretAccessKey: TEST_SECRET },
  });

  const newBucketUrl = async () => {
    const bucket = `test-${crypto.randomBytes(6).toString("hex")}`;
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    return `http://${TEST_KEY}:${TEST_SECRET}@127.0.0.1:${port}/${bucket}`;
  };

  return {
    newBucketUrl,
    async emptyStore(options) {
      const store = new S3Store(parseStorageUrl(await newBucketUrl()), options);
      stores.push(store);
      return store;
    },
    async stop() {
      for (const store of stores) store.close();
      admin.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
