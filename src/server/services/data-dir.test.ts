import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, secureDataDir } from "./data-dir";
import { secretBox } from "./secret-box";

/** ADR 020: DATA_DIR and its database folder are 0700, the two-step key 0600, and the key may live outside DATA_DIR. */

const made: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-modes-"));
  made.push(dir);
  return dir;
}
afterEach(async () => {
  for (const d of made.splice(0)) await fs.rm(d, { recursive: true, force: true });
});
const mode = async (p: string) => (await fs.stat(p)).mode & 0o777;

it("secureDataDir makes DATA_DIR and DATA_DIR/db 0700, also when they existed world-readable", async () => {
  const root = await tempDir();
  const fresh = path.join(root, "fresh");
  await secureDataDir(fresh);
  expect(await mode(fresh)).toBe(PRIVATE_DIR_MODE);
  expect(await mode(path.join(fresh, "db"))).toBe(PRIVATE_DIR_MODE);

  const old = path.join(root, "old");
  await fs.mkdir(path.join(old, "db"), { recursive: true, mode: 0o755 });
  await fs.chmod(old, 0o755);
  await fs.chmod(path.join(old, "db"), 0o755);
  await secureDataDir(old);
  expect(await mode(old)).toBe(PRIVATE_DIR_MODE);
  expect(await mode(path.join(old, "db"))).toBe(PRIVATE_DIR_MODE);
});

it("the two-step key: DATA_DIR/secrets by default, else TWO_STEP_KEY_FILE (made 0600 in a 0700 folder) or TWO_STEP_KEY", async () => {
  const dataDir = await tempDir();
  const outside = await tempDir();
  const byDefault = loadConfig({ DATA_DIR: dataDir }, outside);
  expect(byDefault.twoStepKey).toEqual({ file: path.join(dataDir, "secrets", "two-step.key") });

  const keyFile = path.join(outside, "keys", "two-step.key");
  const fromFile = loadConfig({ DATA_DIR: dataDir, TWO_STEP_KEY_FILE: keyFile }, outside);
  expect(fromFile.twoStepKey).toEqual({ file: keyFile });
  const sealed = await secretBox(fromFile.twoStepKey).seal("JBSWY3DPEHPK3PXP");
  expect(await mode(keyFile)).toBe(PRIVATE_FILE_MODE);
  expect(await mode(path.dirname(keyFile))).toBe(PRIVATE_DIR_MODE);
  await expect(fs.access(path.join(dataDir, "secrets"))).rejects.toThrow();

  // the same key given as a value opens what the file's key sealed
  const value = (await fs.readFile(keyFile, "utf8")).trim();
  const fromValue = loadConfig({ DATA_DIR: dataDir, TWO_STEP_KEY: value }, outside);
  expect(await secretBox(fromValue.twoStepKey).open(sealed)).toBe("JBSWY3DPEHPK3PXP");
  expect(await secretBox({ value: crypto.randomBytes(32).toString("base64") }).open(sealed)).toBeUndefined();

  expect(() => loadConfig({ TWO_STEP_KEY: "too short" })).toThrow(ConfigError);
  expect(() => loadConfig({ TWO_STEP_KEY: value, TWO_STEP_KEY_FILE: keyFile })).toThrow(/not both/);
});
