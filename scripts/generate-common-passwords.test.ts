import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../src/contract/password-constants";
import { commonPasswords, isCommonPassword } from "../src/server/services/common-passwords";
// @ts-expect-error: a plain .mjs script, without types
import { COUNT, DEFAULT_OUT, MAX_LENGTH, MIN_LENGTH, SOURCE_PACKAGE } from "./generate-common-passwords.mjs";

const script = path.join(import.meta.dirname, "generate-common-passwords.mjs");
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-common-passwords-"));
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

/** The committed list is the script's output, and what the server reads. */
describe("common passwords list (scripts/generate-common-passwords.mjs)", () => {
  it("the committed file is exactly what the script writes from the installed package", async () => {
    const out = path.join(tmp, "common-passwords.txt");
    await promisify(execFile)(process.execPath, [script, out]);
    const [generated, committed] = await Promise.all([fs.readFile(out, "utf8"), fs.readFile(DEFAULT_OUT, "utf8")]);
    // not toBe on 90 KB of text: a difference would print both files whole
    expect(generated === committed, "run: node scripts/generate-common-passwords.mjs").toBe(true);
  });

  it(`holds ${COUNT} distinct lower-case passwords that the length rule lets through, after a header naming the source`, async () => {
    const [header, ...rest] = (await fs.readFile(DEFAULT_OUT, "utf8")).split("\n");
    expect(header).toMatch(
      new RegExp(`^# .*Source: ${SOURCE_PACKAGE.replace("/", "\\/")} \\d+\\.\\d+\\.\\d+ \\(MIT\\)`),
    );
    expect(rest.pop()).toBe(""); // the file ends with a line break
    expect(rest).toHaveLength(10_000);
    expect(new Set(rest).size).toBe(rest.length);
    expect([MIN_LENGTH, MAX_LENGTH]).toEqual([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]);
    for (const p of rest) {
      expect(p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH, p).toBe(true);
      expect(p, p).toBe(p.normalize("NFKC").toLowerCase());
      expect(p.trim(), p).toBe(p);
    }
    // the server's Set is the same list
    expect(commonPasswords().size).toBe(rest.length);
  });

  it("the server compares in any case and width; a rare password and the e2e players' password are not on it", async () => {
    for (const p of ["password123", "Qwerty123", "PASSWORD1", "ｐａｓｓｗｏｒｄ１２３"])
      expect(isCommonPassword(p), p).toBe(true);
    // (e2e/fixtures/accounts.ts is read, not imported: it loads Playwright)
    const playerPassword = /PLAYER_PASSWORD = "([^"]+)"/.exec(
      await fs.readFile(path.join(import.meta.dirname, "..", "e2e", "fixtures", "accounts.ts"), "utf8"),
    )?.[1];
    expect(playerPassword).toBeTruthy();
    for (const p of ["tangerine-lighthouse-42", playerPassword!, "correct horse"])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
