import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Issue 17: small secrets the server must read back (a staff member's TOTP secret) are stored encrypted with
 * AES-256-GCM, so that a copy of the database (a dump, a backup) does not give them away. ADR 020: the key is 32
 * bytes from TWO_STEP_KEY (base64), or from the file TWO_STEP_KEY_FILE, by default DATA_DIR/secrets/two-step.key;
 * a file that does not exist yet is made on first use (mode 0600, its folder 0700); every process reads the same
 * key. Losing it makes the stored secrets unreadable: those staff members then sign in with a recovery code or are
 * reset by an operator (README). No HTTP types.
 *
 * Stored form: `v1:` + base64url(12-byte IV | 16-byte tag | ciphertext).
 */
export type SecretBox = {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string | undefined>;
  /** A 32-byte key for one purpose (HKDF-SHA256 of the box's key), e.g. the HMAC of the known-device cookie (ADR 019). */
  keyFor(purpose: string): Promise<Buffer>;
};

/** Where the key comes from (config.ts `twoStepKey`): its base64 text, or a file holding it. */
export type SecretKeySource = { value: string } | { file: string };

const boxes = new Map<string, SecretBox>();

/** The default key file: DATA_DIR/secrets/two-step.key. */
export function defaultKeyFile(dataDir: string): string {
  return path.join(dataDir, "secrets", "two-step.key");
}

/** 32 bytes from base64 text, or an error naming where the text came from. */
export function parseKey(text: string, from: string): Buffer {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32) throw new Error(`${from} does not hold a 32-byte key (base64)`);
  return key;
}

async function loadKey(source: SecretKeySource): Promise<Buffer> {
  if ("value" in source) return parseKey(source.value, "TWO_STEP_KEY");
  const file = source.file;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // "wx": only one process makes the key; the others read the one it wrote
    await fs.writeFile(file, crypto.randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return parseKey(await fs.readFile(file, "utf8"), file);
}

/** The secret box of a key source (one per key and process). */
export function secretBox(source: SecretKeySource): SecretBox {
  const id =
    "value" in source
      ? `value:${crypto.createHash("sha256").update(source.value).digest("hex")}`
      : `file:${source.file}`;
  const existing = boxes.get(id);
  if (existing) return existing;
  let key: Promise<Buffer> | undefined;
  const getKey = () => {
    key ??= loadKey(source).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  const box: SecretBox = {
    async seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", await getKey(), iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    async open(sealed) {
      if (!sealed.startsWith("v1:")) return undefined;
      const raw = Buffer.from(sealed.slice(3), "base64url");
      if (raw.length < 29) return undefined;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", await getKey(), raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return undefined; // another key (the file was replaced or lost): unreadable
      }
    },
    async keyFor(purpose) {
      return Buffer.from(crypto.hkdfSync("sha256", await getKey(), "arcadium", purpose, 32));
    },
  };
  boxes.set(id, box);
  return box;
}
