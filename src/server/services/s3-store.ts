import { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import {
  InvalidKeyError,
  RangeNotSatisfiableError,
  StorageUnavailableError,
  assertKey,
  assertPrefix,
  STORE_AREAS,
  type ByteRange,
  type FileStore,
  type PutBody,
  type StoredBody,
  type StoredObject,
} from "./file-store";
import type { S3Location } from "./storage-url";

/**
 * The FileStore contract (services/file-store.ts) kept in an S3 bucket (D162, ADR 022), for several processes
 * without a shared disk. One concern, no HTTP types.
 *
 * Contract:
 * - Key `a/b` is object `PREFIX` + `a/b` in the bucket STORAGE_URL names; the bucket must exist.
 * - Every call is bounded: `connectTimeoutMs` to open a connection, `requestTimeoutMs` of silence on an open one
 *   (also while a body streams), at most two attempts, and `operationTimeoutMs` until the answer's headers. Past
 *   them, or on a network fault, a 5xx, a refused signature or a missing bucket, the call fails with
 *   `StorageUnavailableError` (a 503 on the site), naming the operation and the key but never the credentials.
 * - `put` of a stream goes up in parts (lib-storage), so its length need not be known and memory stays bounded.
 * - The AWS SDK is loaded at the first call, so that a site without STORAGE_URL never loads it (D163's memory).
 * - Checksums are sent only where S3 requires them, so that S3-compatible servers that predate them still work.
 */
export type S3StoreOptions = { connectTimeoutMs?: number; requestTimeoutMs?: number; operationTimeoutMs?: number };

const DEFAULTS = { connectTimeoutMs: 3_000, requestTimeoutMs: 10_000, operationTimeoutMs: 12_000 };
const PART_SIZE = 8 * 1024 * 1024;

export class S3Store implements FileStore {
  readonly kind = "s3";
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly operationTimeoutMs: number;
  private loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;

  constructor(
    private readonly location: S3Location,
    private readonly options: S3StoreOptions = {},
  ) {
    this.bucket = location.bucket;
    this.prefix = location.prefix;
    this.operationTimeoutMs = options.operationTimeoutMs ?? DEFAULTS.operationTimeoutMs;
  }

  private connect(): Promise<{ sdk: typeof S3; client: S3.S3Client }> {
    this.loaded ??= import("@aws-sdk/client-s3").then((sdk) => {
      const limits = { ...DEFAULTS, ...this.options };
      const client = new sdk.S3Client({
        endpoint: this.location.endpoint,
        region: this.location.region,
        forcePathStyle: this.location.forcePathStyle,
        credentials: this.location.credentials,
        maxAttempts: 2,
        requestHandler: {
          connectionTimeout: limits.connectTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          throwOnRequestTimeout: true,
        },
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { sdk, client };
    });
    return this.loaded;
  }

  /** Closes the client's idle connections (tests, the copy script). */
  close(): void {
    void this.loaded?.then(({ client }) => client.destroy());
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  /** Runs one request with the operation's deadline on its headers; SDK faults become StorageUnavailableError. */
  private async call<T>(
    what: string,
    key: string,
    run: (signal: AbortSignal, s3: { sdk: typeof S3; client: S3.S3Client }) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.operationTimeoutMs);
    try {
      return await run(controller.signal, await this.connect());
    } catch (error) {
      if (error instanceof InvalidKeyError || error instanceof RangeNotSatisfiableError) throw error;
      throw new StorageUnavailableError(
        `Object storage failed to ${what} ${key}: ${reason(error, controller.signal.aborted)}`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, body: PutBody, options: { contentType?: string } = {}): Promise<void> {
    const Key = this.objectKey(key);
    await this.call("store", key, async (abortSignal, { sdk, client }) => {
      if (body instanceof Readable) {
        // The deadline covers each part's answer, not the whole upload: a large package may take longer.
        const { Upload } = await import("@aws-sdk/lib-storage");
        const upload = new Upload({
          client,
          params: { Bucket: this.bucket, Key, Body: body, ContentType: options.contentType },
          partSize: PART_SIZE,
          queueSize: 2,
        });
        await upload.done();
        return;
      }
      const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: options.contentType,
        }),
        { abortSignal },
      );
    });
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const Key = this.objectKey(key);
    return this.call("read", key, async (abortSignal, { sdk, client }) => {
      try {
        const found = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key }), { abortSignal });
        return { key, size: found.ContentLength ?? 0, modified: found.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    });
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | undefined> {
    const Key = this.objectKey(key);
    const Range = range ? `bytes=${range.start}-${range.end ?? ""}` : undefined;
    return this.call("read", key, async (abortSignal, { sdk, client }) => {
      let found: S3.GetObjectCommandOutput;
      try {
        found = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key, Range }), { abortSignal });
      } catch (error) {
        if (isNotFound(error)) return undefined;
        if (statusOf(error) === 416) {
          // An empty object has no byte to start at; like the disk store, it is served whole.
          const whole = await this.head(key);
          if (whole?.size === 0) return this.get(key);
          throw new RangeNotSatisfiableError(whole?.size ?? 0);
        }
        throw error;
      }
      const total = /\/(\d+)$/.exec(found.ContentRange ?? "")?.[1];
      const size = total === undefined ? (found.ContentLength ?? 0) : Number(total);
      const body = found.Body instanceof Readable ? found.Body : Readable.from([]);
      return { key, size, modified: found.LastModified ?? new Date(0), body };
    });
  }

  async remove(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.call("remove", key, (abortSignal, { sdk, client }) =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key }), { abortSignal }),
    );
  }

  async removePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    if (prefix === "") throw new InvalidKeyError(prefix);
    let batch: string[] = [];
    const flush = async () => {
      const Objects = batch.map((key) => ({ Key: this.prefix + key }));
      batch = [];
      const answer = await this.call("remove under", prefix, (abortSignal, { sdk, client }) =>
        client.send(new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects, Quiet: true } }), {
          abortSignal,
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed)
        throw new StorageUnavailableError(
          `Object storage failed to remove ${failed.Key ?? prefix}: ${failed.Code ?? "error"}`,
        );
    };
    for await (const object of this.list(prefix)) {
      batch.push(object.key);
      if (batch.length === 1000) await flush();
    }
    if (batch.length) await flush();
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    assertPrefix(prefix);
    if (prefix === "") {
      for (const area of STORE_AREAS) yield* this.list(`${area}/`);
      return;
    }
    let ContinuationToken: string | undefined;
    do {
      const token = ContinuationToken;
      const page = await this.call("list", prefix, (abortSignal, { sdk, client }) =>
        client.send(
          new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
          { abortSignal },
        ),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || object.Key.endsWith("/")) continue;
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          modified: object.LastModified ?? new Date(0),
        };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === "NotFound" || name === "NoSuchKey" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}

/** A short reason for logs and the 503's cause: the SDK's error name or network code, without request details. */
function reason(error: unknown, timedOut: boolean): string {
  if (timedOut) return "no answer in time";
  const e = error as { name?: string; code?: string; message?: string };
  const status = statusOf(error);
  return [e.code ?? e.name ?? "error", status ? `HTTP ${status}` : undefined].filter(Boolean).join(", ");
}
