// `npm test` makes sure a browser exists (D7): as root with apt-get, Debian's chromium-headless-shell (the faster
// one for tests) is installed where it is missing, and chromium where no Chromium is found at all; otherwise one
// clear line says how to install one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { findChromium } from "./browser.mjs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const canInstall = isRoot && fs.existsSync("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
let updated = false;

/** Installs a Debian package; answers whether it went in. */
function aptInstall(pkg) {
  console.log(`Installing Debian's ${pkg} package for the end-to-end tests (apt-get install -y ${pkg})…`);
  try {
    if (!updated) execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
    updated = true;
    execFileSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env: aptEnv });
    return true;
  } catch {
    console.log(`Could not install ${pkg}.`);
    return false;
  }
}

if (canInstall && !fs.existsSync(HEADLESS_SHELL)) aptInstall("chromium-headless-shell");
let found = findChromium();
if (!found && canInstall && aptInstall("chromium")) found = findChromium();
if (!found) {
  console.error(
    "No Chromium browser found for the end-to-end tests: install one (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell` or `chromium`) or set CHROMIUM_PATH to its executable.",
  );
  process.exit(1);
}
console.log(`Using Chromium at ${found}`);
