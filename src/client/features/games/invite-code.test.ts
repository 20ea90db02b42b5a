import { describe, expect, it } from "vitest";
import { inviteCodeFrom } from "./invite-code";

describe("inviteCodeFrom (D122)", () => {
  it("reads ?room= as the contract writes codes, and nothing else", () => {
    expect(inviteCodeFrom("?room=abc234")).toBe("ABC234");
    expect(inviteCodeFrom("room=%20ABC234%20&x=1")).toBe("ABC234");
    expect(inviteCodeFrom("?room=ABC23O")).toBeNull(); // O is not in the alphabet
    expect(inviteCodeFrom("?room=ABC2345")).toBeNull();
    expect(inviteCodeFrom("")).toBeNull();
  });
});
