// `npm start`: builds what is missing or out of date, then runs the server (D4).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildAll, root } from "./build-lib.mjs";

await buildAll();
await import(pathToFileURL(path.join(root, "dist", "server", "main.js")).href);
