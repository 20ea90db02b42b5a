// `npm test` makes sure a browser exists (D7): where none is found and we are root with apt-get,
// Debian's chromium is installed; otherwise one clear line says how to install one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { findChromium } from "./browser.mjs";

let found = findChromium();
if (!found) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    found = findChromium();
  }
}
if (!found) {
  console.error(
    "No Chromium browser found for the end-to-end tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its executable.",
  );
  process.exit(1);
}
console.log(`Using Chromium at ${found}`);
