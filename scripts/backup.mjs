// `npm run backup -- FILE` and `npm run restore -- FILE` (D160): bundles src/server/backup-cli.ts as the server
// bundle is built (build-lib.mjs), then runs it.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-lib.mjs";

const esbuild = await import("esbuild");
const outfile = path.join(root, "dist", "server", "backup-cli.js");
await esbuild.build({
  entryPoints: [path.join(root, "src", "server", "backup-cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
const { runBackupCli } = await import(pathToFileURL(outfile).href);
const code = await runBackupCli(
  process.argv.slice(2),
  process.env,
  root,
  (line) => console.log(line),
  (line) => console.error(line),
);
process.exit(code);
