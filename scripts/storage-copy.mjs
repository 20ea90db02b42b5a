// `npm run storage:copy -- --to s3|disk` (D162): copies the stored files between DATA_DIR and the bucket of
// STORAGE_URL. The TypeScript entry is bundled with esbuild as the server is (build-lib.mjs), then run.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-lib.mjs";

const esbuild = await import("esbuild");
const outfile = path.join(root, "dist", "tools", "storage-copy.js");
await esbuild.build({
  entryPoints: [path.join(root, "src", "server", "storage-copy-cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
const { runStorageCopy } = await import(pathToFileURL(outfile).href);
process.exitCode = await runStorageCopy(process.argv.slice(2), process.env, root, (line) => console.log(line));
