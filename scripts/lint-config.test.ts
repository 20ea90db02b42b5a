// The lint configuration enforces the layers (ADR 007): each case lints a few lines as
// if they stood in a given file of the tree, and checks which rule fired (or that none did).
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = "scripts/lint-fixtures";

/** An import specifier for a real module of the given folder, found at run time so that renames inside it do not break this test. */
function someModuleIn(folder: string, alias: string): string {
  const file = readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .sort()[0];
  if (!file) throw new Error(`no module in ${folder}`);
  return `${alias}/${file.replace(/\.tsx?$/, "")}`;
}

function ruleIds(results: ESLint.LintResult[]): Array<string | null> {
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

let eslint: ESLint;
let layersOnly: ESLint;
// Linting a snippet: the file need not exist, only the modules it imports. The cycle rule would walk the whole import
// graph behind each snippet and is checked on its own fixtures below, so these runs leave it out.
const lint = async (filePath: string, code: string) =>
  ruleIds(await layersOnly.lintText(code, { filePath: path.join(root, filePath) }));

beforeAll(() => {
  // `ignore: false` lets the fixtures, which `npm run lint` ignores, be linted.
  eslint = new ESLint({ cwd: root, ignore: false });
  layersOnly = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: { rules: { "arcadium/no-import-cycle": "off" } },
  });
});

// Loading the parsers and resolving the first imports takes a while on a busy 2-core machine.
describe("lint configuration: client layers", { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature, through the @/ alias or a relative path", async () => {
    const games = someModuleIn("src/client/features/games", "@/features/games");
    expect(
      await lint(
        "src/client/features/reviews/components/probe.tsx",
        `import * as other from "${games}";\nexport const probe = other;\n`,
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    const relative = someModuleIn("src/client/features/games", "../../games");
    expect(
      await lint(
        "src/client/features/reviews/components/probe.tsx",
        `import * as other from "${relative}";\nexport const probe = other;\n`,
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("lets a feature import its own modules and the shared components", async () => {
    const own = someModuleIn("src/client/features/games", "..");
    const code = `import { Button } from "@/components/ui/button";\nimport * as own from "${own}";\nexport const probe = [Button, own];\n`;
    expect(await lint("src/client/features/games/components/probe.tsx", code)).toEqual([]);
  });

  it("refuses a feature importing app/", async () => {
    const app = someModuleIn("src/client/app", "@/app");
    expect(
      await lint(
        "src/client/features/games/components/probe.tsx",
        `import * as app from "${app}";\nexport const probe = app;\n`,
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses components/ or lib/ importing a feature", async () => {
    const games = someModuleIn("src/client/features/games", "@/features/games");
    const code = `import * as feature from "${games}";\nexport const probe = feature;\n`;
    expect(await lint("src/client/components/probe.tsx", code)).toEqual(["import-x/no-restricted-paths"]);
    expect(await lint("src/client/lib/probe.ts", code)).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses production code importing a test helper, and lets a test import it", async () => {
    const helper = someModuleIn("src/test", "@test");
    const code = `import * as helper from "${helper}";\nexport const probe = helper;\n`;
    expect(await lint("src/client/features/games/components/probe.tsx", code)).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await lint("src/client/features/games/components/probe.test.tsx", code)).toEqual([]);
  });
});

describe("lint configuration: server and contract layers", { timeout: 60_000 }, () => {
  const schema = `import * as schema from "../db/schema";\nexport const probe = schema;\n`;

  it("refuses a route importing db/ directly, and lets the route's test set up rows through it", async () => {
    expect(await lint("src/server/routes/probe.ts", schema)).toEqual(["import-x/no-restricted-paths"]);
    expect(await lint("src/server/routes/probe.test.ts", schema)).toEqual([]);
  });

  it("lets a service import db/", async () => {
    expect(await lint("src/server/services/probe.ts", schema)).toEqual([]);
  });

  it("refuses a service importing Fastify, a Fastify plugin package or src/server/plugins", async () => {
    expect(
      await lint(
        "src/server/services/probe.ts",
        `import type { FastifyReply } from "fastify";\nexport type Probe = FastifyReply;\n`,
      ),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await lint("src/server/services/probe.ts", `import fp from "fastify-plugin";\nexport const probe = fp;\n`),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await lint(
        "src/server/services/probe.ts",
        `import cookie from "@fastify/cookie";\nexport const probe = cookie;\n`,
      ),
    ).toEqual(["no-restricted-imports"]);
    const plugin = someModuleIn("src/server/plugins", "../plugins");
    expect(
      await lint(
        "src/server/services/probe.ts",
        `import * as plugin from "${plugin}";\nexport const probe = plugin;\n`,
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses the contract importing the server or the client", async () => {
    expect(
      await lint(
        "src/contract/probe.ts",
        `import * as config from "../server/config";\nexport const probe = config;\n`,
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    const lib = someModuleIn("src/client/lib", "@/lib");
    expect(await lint("src/contract/probe.ts", `import * as lib from "${lib}";\nexport const probe = lib;\n`)).toEqual([
      "import-x/no-restricted-paths",
    ]);
  });
});

describe("lint configuration: cycles and ignores", { timeout: 60_000 }, () => {
  const rulesPerFile = (results: ESLint.LintResult[]) =>
    results.map((result) => [path.basename(result.filePath), ruleIds([result])]);

  it("refuses a two-file import cycle", async () => {
    const results = await eslint.lintFiles([`${fixtures}/cycle/first.ts`, `${fixtures}/cycle/second.ts`]);
    expect(rulesPerFile(results)).toEqual([
      ["first.ts", ["arcadium/no-import-cycle"]],
      ["second.ts", ["arcadium/no-import-cycle"]],
    ]);
    expect(results[0].messages[0].message).toBe(
      "Import cycle: scripts/lint-fixtures/cycle/first.ts → scripts/lint-fixtures/cycle/second.ts → scripts/lint-fixtures/cycle/first.ts. " +
        "Move what both sides need into a module of its own.",
    );
  });

  it("counts type-only imports in a cycle, which import-x/no-cycle lets through", async () => {
    const results = await eslint.lintFiles([`${fixtures}/type-cycle/format.ts`, `${fixtures}/type-cycle/report.ts`]);
    expect(rulesPerFile(results)).toEqual([
      ["format.ts", ["arcadium/no-import-cycle"]],
      ["report.ts", ["arcadium/no-import-cycle"]],
    ]);
  });

  it("counts a dynamic import() in a cycle", async () => {
    const results = await eslint.lintFiles([`${fixtures}/dynamic-cycle/hook.ts`, `${fixtures}/dynamic-cycle/save.ts`]);
    expect(rulesPerFile(results)).toEqual([
      ["hook.ts", ["arcadium/no-import-cycle"]],
      ["save.ts", ["arcadium/no-import-cycle"]],
    ]);
  });

  it("lets a module import one that imports nothing back", async () => {
    const own = someModuleIn("src/contract", "@contract");
    const results = await eslint.lintText(
      `import type * as contract from "${own}";\nexport type Probe = typeof contract;\n`,
      {
        filePath: path.join(root, "src/client/lib/probe.ts"),
      },
    );
    expect(ruleIds(results)).toEqual([]);
  });

  it("refuses a file name that is not kebab-case, and lets kebab-case names with kinds through", async () => {
    const code = "export const probe = 1;\n";
    for (const name of ["GamePlayer.tsx", "game_player.ts", "gamePlayer.test.ts", "game--player.ts", "Probe.mjs"]) {
      expect(await lint(`src/client/features/games/components/${name}`, code), name).toEqual([
        "arcadium/kebab-case-filename",
      ]);
    }
    for (const name of [
      "game-player.tsx",
      "use-toast.test.ts",
      "vite-env.d.ts",
      "playwright.config.ts",
      "v2.js",
      "0001-probe.mjs",
    ]) {
      expect(await lint(`src/client/features/games/components/${name}`, code), name).toEqual([]);
    }
  });

  it("keeps the fixtures and build output out of `npm run lint`, and lints the rest", async () => {
    const project = new ESLint({ cwd: root });
    expect(await project.isPathIgnored(path.join(root, fixtures, "cycle/first.ts"))).toBe(true);
    expect(await project.isPathIgnored(path.join(root, "dist/server/main.js"))).toBe(true);
    for (const file of [
      "src/server/app.ts",
      "e2e/fixtures.ts",
      "scripts/test.mjs",
      "bench/lib.mjs",
      "sdk/v1.js",
      "eslint.config.js",
    ]) {
      expect(await project.isPathIgnored(path.join(root, file)), file).toBe(false);
    }
  });
});
