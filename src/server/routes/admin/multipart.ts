import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { Invalid, TooLarge, UnsupportedType, DomainError } from "../../errors";

export type UploadedFile = {
  /** a temporary file under DATA_DIR/tmp, removed by cleanup() */
  path: string;
  filename: string;
  mimetype: string;
  size: number;
  /** the first bytes, for the magic-number check */
  head: Buffer;
};

export type MultipartUpload = {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
  cleanup(): Promise<void>;
};

const HEAD_BYTES = 512;

/** Limits for the form around the file (D44: files 1, few small fields). */
export const FORM_LIMITS = {
  fields: 20,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 25,
  headerPairs: 100,
} as const;

function multipartError(err: unknown, tooLarge: string): unknown {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new TooLarge(tooLarge);
    case "FST_FILES_LIMIT":
      return new TooLarge("Only one file can be uploaded at a time");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return new TooLarge("The form has too many fields");
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new Invalid("Malformed multipart upload");
    default:
      break;
  }
  const message = err instanceof Error ? err.message : "";
  if (/multipart|boundary|part|form|Unexpected end/i.test(message) && !(err as NodeJS.ErrnoException).syscall) {
    return new Invalid("Malformed multipart upload");
  }
  return err;
}

/**
 * Reads a multipart form: text fields into `fields`, the file of `fileField` streamed to a
 * temporary file (never held in memory) with its size limit enforced while it arrives (413).
 * Any failure removes what was written; on success the caller must call cleanup().
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  opts: { fileField: string; maxFileBytes: number; tmpDir: string; tooLargeMessage: string },
): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new UnsupportedType("Send this form as multipart/form-data");
  await fsp.mkdir(opts.tmpDir, { recursive: true });
  const temps: string[] = [];
  const cleanup = async () => {
    await Promise.all(temps.map((t) => fsp.rm(t, { force: true })));
  };
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({ limits: { ...FORM_LIMITS, files: 1, fileSize: opts.maxFileBytes } });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldnameTruncated || part.valueTruncated)
          throw new TooLarge(`The field ${part.fieldname} is too long`);
        if (!(part.fieldname in fields))
          fields[part.fieldname] = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
        continue;
      }
      if (part.fieldname !== opts.fileField || file) {
        // A file under another name is not what we asked for: read and drop it.
        part.file.resume();
        await new Promise<void>((resolve) => part.file.once("close", resolve).once("end", resolve));
        continue;
      }
      const tmp = path.join(opts.tmpDir, `upload-${crypto.randomBytes(8).toString("hex")}`);
      temps.push(tmp);
      let head = Buffer.alloc(0);
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, tap, fs.createWriteStream(tmp, { flags: "wx", mode: 0o600 }));
      if (part.file.truncated) throw new TooLarge(opts.tooLargeMessage);
      file = { path: tmp, filename: part.filename ?? "", mimetype: part.mimetype ?? "", size, head };
    }
  } catch (err) {
    await cleanup();
    throw multipartError(err, opts.tooLargeMessage);
  }
  return { fields, file, cleanup };
}
