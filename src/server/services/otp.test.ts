import crypto from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateChallengeId, hashOtpCode, otpCodeFor, usernameBaseFromEmail } from "./otp";

describe("one-time codes (D42)", () => {
  it("codes are 6 digits, one per challenge and site key, ids are opaque and long, hashes depend on the challenge", () => {
    const key = crypto.randomBytes(32);
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = otpCodeFor(key, generateChallengeId());
      expect(c).toMatch(/^\d{6}$/);
      codes.add(c);
    }
    expect(codes.size).toBeGreaterThan(1900);
    const same = generateChallengeId();
    expect(otpCodeFor(key, same)).toBe(otpCodeFor(key, same));
    const others = Array.from({ length: 20 }, () => otpCodeFor(crypto.randomBytes(32), same));
    expect(new Set(others).size).toBeGreaterThan(15);
    const id = generateChallengeId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(hashOtpCode(id, "123456")).not.toBe(hashOtpCode(generateChallengeId(), "123456"));
    expect(hashOtpCode(id, "123456")).not.toContain("123456");
  });

  it("usernames derived from any address are 3–20 letters, digits or _", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(usernameBaseFromEmail(email)).toMatch(/^[A-Za-z0-9_]{3,20}$/);
      }),
    );
    expect(usernameBaseFromEmail("admin@example.com")).toBe("admin");
    expect(usernameBaseFromEmail("j.doe+cms@example.com")).toBe("j_doe_cms");
    expect(usernameBaseFromEmail("x@example.com")).toBe("x_admin");
  });
});
