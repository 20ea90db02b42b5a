// `npm run backup -- FILE` and `npm run restore -- FILE` (D160): bundles src/server/backup-cli.ts as the server
// bundle is built, then runs it.
import { loadServerTool, root } from "./build-lib.mjs";

const { runBackupCli } = await loadServerTool("backup-cli.ts");
const code = await runBackupCli(
  process.argv.slice(2),
  process.env,
  root,
  (line) => console.log(line),
  (line) => console.error(line),
);
process.exit(code);
