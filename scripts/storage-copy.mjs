// `npm run storage:copy -- --to s3|disk` (D162): copies the stored files between DATA_DIR and the bucket of
// STORAGE_URL. The TypeScript entry is bundled as the server is, then run.
import { loadServerTool, root } from "./build-lib.mjs";

const { runStorageCopy } = await loadServerTool("storage-copy-cli.ts");
process.exitCode = await runStorageCopy(process.argv.slice(2), process.env, root, (line) => console.log(line));
