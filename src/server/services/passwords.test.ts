import { describe, expect, it } from "vitest";
import { hashPassword, hashSlots, PRODUCTION_SCRYPT, SCRYPT_CONCURRENCY, verifyPassword } from "./passwords";

describe("passwords (D12)", () => {
  it("uses N=2^17, r=8, p=1 by default, with a 16-byte salt", async () => {
    expect(PRODUCTION_SCRYPT).toEqual({ logN: 17, r: 8, p: 1 });
    const hash = await hashPassword("correct horse battery staple");
    const [scheme, logN, r, p, salt, key] = hash.split("$");
    expect([scheme, logN, r, p]).toEqual(["scrypt", "17", "8", "1"]);
    expect(Buffer.from(salt, "base64url")).toHaveLength(16);
    expect(Buffer.from(key, "base64url")).toHaveLength(32);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("salts every hash and never contains the password", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(a).not.toContain("same password");
  });

  it("refuses missing or malformed hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$17$8$1$only-five")).toBe(false);
  });

  it("runs at most SCRYPT_CONCURRENCY hashes at once; the rest wait their turn and all complete (issue 8)", async () => {
    const seen: number[] = [];
    const all = Array.from({ length: 8 }, (_, i) => hashPassword(`password ${i}`, 12));
    // Right after the calls: two running, six waiting.
    expect(hashSlots()).toEqual({ running: SCRYPT_CONCURRENCY, waiting: 8 - SCRYPT_CONCURRENCY });
    const poll = setInterval(() => seen.push(hashSlots().running), 1);
    const hashes = await Promise.all(all);
    clearInterval(poll);
    expect(new Set(hashes).size).toBe(8);
    expect(hashes.every((h) => h.startsWith("scrypt$12$"))).toBe(true);
    expect(Math.max(...seen)).toBeLessThanOrEqual(SCRYPT_CONCURRENCY);
    expect(hashSlots()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword("password 3", hashes[3])).toBe(true);
  });
});
