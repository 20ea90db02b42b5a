import crypto from "node:crypto";

/** D12: scrypt, N=2^17, r=8, p=1, 16-byte salt, 32-byte key; the parameters travel with the hash. */
export const PRODUCTION_SCRYPT = { logN: 17, r: 8, p: 1 } as const;

let defaultParams: { logN: number; r: number; p: number } = { ...PRODUCTION_SCRYPT };

/** Tests may lower the cost to keep the suite fast; production never calls this. */
export function setScryptCostForTests(logN: number) {
  defaultParams = { ...PRODUCTION_SCRYPT, logN };
}

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize("NFKC"), salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const { logN, r, p } = defaultParams;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, logN, r, p);
  return `scrypt$${logN}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so that timing does not tell whether the account exists.
    await hashPassword(password);
    return false;
  }
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, logN, r, p, salt, key] = parts;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), Number(logN), Number(r), Number(p));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
