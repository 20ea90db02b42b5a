import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMMON_PASSWORD_MESSAGE } from "../../contract/password-constants";
import { Invalid } from "../errors";

/**
 * The 10,000 most common passwords that the length rule lets through are
 * refused wherever a password is chosen (registration, a password change, a first password). The list is
 * src/server/lists/common-passwords.txt, written by scripts/generate-common-passwords.mjs from a public list (its
 * header line names the package, version and licence); it stays on the server, the client only shows the message.
 */
export const COMMON_PASSWORDS_FILE = path.join("src", "server", "lists", "common-passwords.txt");

let list: Set<string> | undefined;

/** The list's file, found from this module whether it runs from src/server/services or bundled in dist/server. */
function listPath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, COMMON_PASSWORDS_FILE);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`${COMMON_PASSWORDS_FILE} was not found: run node scripts/generate-common-passwords.mjs`);
}

/** The list, read once at first use (about 90 KB: one header line, then one password a line, lower-cased). */
export function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const lines = fs.readFileSync(listPath(), "utf8").split("\n");
    list = new Set(lines.slice(1).filter((line) => line !== ""));
  }
  return list;
}

/** The form a password is compared in: as it is hashed (NFKC, passwords.ts), in any case. */
function comparable(password: string): string {
  return password.normalize("NFKC").toLowerCase();
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(comparable(password));
}

/** Throws Invalid (400) with COMMON_PASSWORD_MESSAGE; called after the contract's length rule has passed. */
export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw new Invalid(COMMON_PASSWORD_MESSAGE);
}
