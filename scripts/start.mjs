// `npm start`: builds what is missing or out of date, then runs the server (D4).
// D163: each in a process of its own. The build (Vite, esbuild) peaks above a gigabyte and a process keeps much of
// what it once held, so the server starts once the build's process has exited, with the settings that keep it small
// (server-runtime.mjs), which only count when given at a process's start. This process waits, passing signals on.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { buildIsFresh, root } from "./build-lib.mjs";
import { SERVER_NODE_ARGS, serverEnv } from "./server-runtime.mjs";

/** @param {string[]} args @param {NodeJS.ProcessEnv} env @returns {import("node:child_process").ChildProcess} */
const node = (args, env = process.env) => spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });

/** @param {import("node:child_process").ChildProcess} child @returns {Promise<number>} */
const exitCode = (child) =>
  new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 1))),
  );

if (!buildIsFresh()) {
  const code = await exitCode(node([path.join(root, "scripts", "build.mjs")]));
  if (code !== 0) process.exit(code);
}
const server = node([...SERVER_NODE_ARGS, path.join(root, "dist", "server", "main.js")], serverEnv(process.env));
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]))
  process.on(signal, () => server.kill(signal));
process.exit(await exitCode(server));
