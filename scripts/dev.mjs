// `npm run dev`: the server rebuilt and restarted on change, the client served by Vite with hot reload.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildServer, root } from "./build-lib.mjs";

const vitePort = Number(process.env.VITE_PORT ?? 5173);
const env = {
  ...process.env,
  NODE_ENV: "development",
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
};

await buildServer({ watch: true });
const server = spawn(
  process.execPath,
  ["--enable-source-maps", "--watch-path=dist/server", path.join(root, "dist", "server", "main.js")],
  {
    cwd: root,
    env,
    stdio: "inherit",
  },
);
const { createServer } = await import("vite");
const vite = await createServer({ configFile: path.join(root, "vite.config.ts"), server: { port: vitePort } });
await vite.listen();
vite.printUrls();
console.log(`\n  Open ${env.PUBLIC_URL} (API on :${process.env.PORT ?? 5000}, hot reload on)\n`);

const stop = () => {
  server.kill("SIGTERM");
  void vite.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
