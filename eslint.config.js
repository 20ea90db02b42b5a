// ESLint (flat config) for the whole repository: `npm run lint`. Why these rules and how to add a layer rule:
// docs/decisions/007-lint-and-format.md. The layer rules keep the folder layout honest: features do not import
// each other, routes go through services, services know nothing of HTTP, the contract stands alone.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import kebabCaseFilename from "./scripts/eslint-rules/kebab-case-filename.mjs";
import noImportCycle from "./scripts/eslint-rules/no-import-cycle.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(root, "src/client/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const sourceFiles = ["**/*.{ts,tsx,js,mjs,cjs}"];
// Tests, and the helpers that only tests import.
const testFiles = ["**/*.test.{ts,tsx}", "e2e/**", "src/test/**"];

/**
 * The layers, as `import-x/no-restricted-paths` zones: files under `target` may not import files under `from`
 * (resolved paths, so `@/…`, `@contract/…` and relative imports count alike). Tests may reach a little further:
 * a route's test may set up rows through `db/` directly, and only tests may import the test helpers.
 */
function layerZones({ forTests }) {
  const zones = [
    ...features.map((name) => ({
      target: `./src/client/features/${name}`,
      from: "./src/client/features",
      except: [`./${name}`],
      message:
        "A feature does not import another feature: move what both need down into components/, lib/ or contract/.",
    })),
    {
      target: "./src/client/features",
      from: "./src/client/app",
      message:
        "Features do not import app/ (router, layouts, providers): app/ composes features, not the other way round.",
    },
    {
      target: ["./src/client/components", "./src/client/lib"],
      from: ["./src/client/features", "./src/client/app"],
      message: "components/ and lib/ are shared by every feature: they do not import features or app/.",
    },
    {
      target: "./src/server/services",
      from: ["./src/server/plugins", "./src/server/routes"],
      message: "Services hold the domain rules without HTTP: they do not import plugins or routes.",
    },
    {
      target: "./src/contract",
      from: ["./src/server", "./src/client"],
      message: "The contract is shared by the server and the client: it imports neither.",
    },
  ];
  if (!forTests) {
    zones.push(
      {
        target: "./src/server/routes",
        from: "./src/server/db",
        message: "Routes validate, call a service and reply: queries and tables belong to services.",
      },
      {
        target: "./src",
        from: "./src/test",
        message: "Test helpers are for tests only.",
      },
    );
  }
  return zones;
}

export default defineConfig(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "data/",
      ".data-*/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      "src/server/db/migrations/",
      // Deliberately wrong code for scripts/lint-config.test.ts, which lints it on its own.
      "scripts/lint-fixtures/",
    ],
  },
  {
    files: sourceFiles,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: {
      "import-x": importX,
      "react-hooks": reactHooks,
      arcadium: { rules: { "no-import-cycle": noImportCycle, "kebab-case-filename": kebabCaseFilename } },
    },
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    settings: {
      // Resolve imported TypeScript modules as tsc and Vite do, with the `@/` and `@contract/` aliases of tsconfig.json.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/external-module-folders": importX.flatConfigs.typescript.settings["import-x/external-module-folders"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: layerZones({ forTests: false }) }],
      // import-x/no-cycle skips type-only imports; this one counts every import (scripts/eslint-rules/).
      "arcadium/no-import-cycle": "error",
      "arcadium/kebab-case-filename": "error",
      // One order a reader can scan: Node, packages, the repository's aliases, then relative paths (ADR 007).
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "{@/**,@contract/**,@test/**}", group: "internal" }],
          pathGroupsExcludedImportTypes: ["builtin"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      // Unused arguments and caught errors are part of a signature often enough; a leading _ says "on purpose".
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: testFiles,
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: layerZones({ forTests: true }) }],
    },
  },
  {
    files: ["src/server/services/**"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "fastify", message: "Services do not import Fastify: take plain values and raise domain errors." },
            { name: "fastify-plugin", message: "Services do not import Fastify: plugins live in src/server/plugins." },
          ],
          patterns: [
            {
              group: ["@fastify/*"],
              message: "Services do not import Fastify packages: HTTP stays in routes and plugins.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}", "e2e/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Built-in games, the game SDK and the theme script: plain browser scripts, loaded with <script src> (no modules).
    files: ["games/**/*.js", "sdk/**/*.js", "src/client/public/**/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    // The games' drawing code calls optional canvas features as `ctx.roundRect ? ctx.roundRect(…) : ctx.rect(…)`.
    files: ["games/**/*.js"],
    rules: { "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }] },
  },
);
