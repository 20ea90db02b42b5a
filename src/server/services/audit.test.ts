import { expect, it } from "vitest";
import { redact } from "./audit";

it("redact: secrets by their key at any depth, long strings cut, deep values summarised", () => {
  expect(
    redact({ email: "a@b.c", password: "hunter2", nested: { otpSecret: "x", list: [{ token: "t", ok: 1 }] } }),
  ).toEqual({
    email: "a@b.c",
    password: "[redacted]",
    nested: { otpSecret: "[redacted]", list: [{ token: "[redacted]", ok: 1 }] },
  });
  expect(redact("x".repeat(600))).toMatch(/^x{500}… \(600 characters\)$/);
  let deep: unknown = "bottom";
  for (let i = 0; i < 20; i++) deep = { deep };
  expect(JSON.stringify(redact(deep))).toContain("[…]");
});
