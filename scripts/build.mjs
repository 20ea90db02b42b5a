import { buildAll } from "./build-lib.mjs";

await buildAll({ force: process.argv.includes("--force") });
