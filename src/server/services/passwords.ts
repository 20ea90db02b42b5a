import crypto from "node:crypto";

/** D12: scrypt, N=2^17, r=8, p=1, 16-byte salt, 32-byte key; the parameters travel with the hash. */
export const PRODUCTION_SCRYPT = { logN: 17, r: 8, p: 1 } as const;

/**
 * At most two hashes run at once. Each one holds a thread of libuv's pool (4 threads) and
 * 128 MiB for about a third of a second; unbounded, a burst of sign-ins took every thread, and the
 * file reads and DNS lookups that share the pool (static files, SMTP) waited behind them.
 */
export const SCRYPT_CONCURRENCY = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SCRYPT_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** For tests: how many hashes run and wait right now. */
export function hashSlots(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        crypto.scrypt(
          password.normalize("NFKC"),
          salt,
          32,
          { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
          (err, key) => (err ? reject(err) : resolve(key)),
        );
      }),
  );
}

/** A new hash at cost `logN` (the app passes its settings' cost: production's unless a test lowers it). */
export async function hashPassword(password: string, logN: number = PRODUCTION_SCRYPT.logN): Promise<string> {
  const { r, p } = PRODUCTION_SCRYPT;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, logN, r, p);
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** `standInCost` is the cost of the hash computed when there is no stored hash. */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  standInCost: number = PRODUCTION_SCRYPT.logN,
): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so that timing does not tell whether the account exists.
    await hashPassword(password, standInCost);
    return false;
  }
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, logN, r, p, salt, key] = parts;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), Number(logN), Number(r), Number(p));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
