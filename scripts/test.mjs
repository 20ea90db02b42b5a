// `npm test`: every suite CI runs. Typecheck and lint, then unit, component and API tests (Vitest; the API suite on PGlite and,
// when TEST_DATABASE_URL is set, on PostgreSQL too, D6), then the end-to-end tests in Chromium (D7).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildAll, root } from "./build-lib.mjs";

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n${label} failed (exit ${res.status ?? res.signal}).`);
    process.exit(res.status || 1);
  }
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run on PostgreSQL too).");
}
run("Typecheck", bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]);
// Layer rules and formatting (docs/decisions/007-lint-and-format.md): the same command as `npm run lint`.
run("Lint (ESLint)", bin("eslint"), [".", "--max-warnings", "0"]);
run("Format check (Prettier)", bin("prettier"), ["--check", "."]);
run("Unit, component and API tests (Vitest)", bin("vitest"), ["run"]);
run("Browser check", process.execPath, [path.join(root, "scripts", "ensure-browser.mjs")]);
console.log("\n=== Build ===");
await buildAll({ log: console.log });
// D73: every public page's JavaScript before the first interaction stays within 120 KB gzip.
run("Front-end budget (bench/bundle.mjs --check)", process.execPath, [path.join(root, "bench", "bundle.mjs"), "--check"]);
run("End-to-end tests (Playwright, system Chromium)", bin("playwright"), ["test"]);
console.log("\nAll test suites passed.");
