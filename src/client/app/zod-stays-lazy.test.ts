import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * D73: zod (89 KB minified) is not part of what a public page loads before the first interaction.
 * The public site checks no API response with it, reads its constants from the contract's zod-free modules
 * (`*-constants.ts`) and loads a form's rules with a dynamic import of the contract when the form is used.
 *
 * This follows the client's value imports from src/client/main.tsx, and from every chunk it may load lazily for
 * a page (a dynamic import), and fails when one reaches zod. Allowed to: a dynamic import of a contract module (a
 * form's rules, loaded on demand) and the admin area (`/cms`, a lazy chunk). Type-only imports are erased.
 *
 * bench/bundle.mjs measures the built result (which also depends on how vite.config.ts groups the packages).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const clientDir = path.join(root, "src/client");
const contractDir = path.join(root, "src/contract");

function resolveModule(from: string, specifier: string): string | { pkg: string } | null {
  const spec = specifier.split("?")[0];
  let base: string;
  if (spec.startsWith("@/")) base = path.join(clientDir, spec.slice(2));
  else if (spec.startsWith("@contract/")) base = path.join(contractDir, spec.slice("@contract/".length));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else {
    const parts = spec.split("/");
    return { pkg: spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0] };
  }
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null; // a stylesheet, an image …
}

type Edge = { specifier: string; lazy: boolean };

const parsedImports = new Map<string, Edge[]>();

/** The value imports of a module (static and dynamic); type-only imports and exports are left out. Parsed once per file. */
function importsOf(file: string): Edge[] {
  let edges = parsedImports.get(file);
  if (!edges) parsedImports.set(file, (edges = parseImports(file)));
  return edges;
}

function parseImports(file: string): Edge[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const edges: Edge[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) edges.push({ specifier: node.moduleSpecifier.text, lazy: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) edges.push({ specifier: node.moduleSpecifier.text, lazy: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      edges.push({ specifier: node.arguments[0].text, lazy: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The chains of imports from the entry that reach a package the public pages must not load up front. */
function chainsTo(pkg: string): string[] {
  const entry = path.join(clientDir, "main.tsx");
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const found: string[] = [];
  const chainOf = (file: string): string[] => {
    const chain: string[] = [];
    for (let f: string | null | undefined = file; f; f = parent.get(f)) chain.unshift(path.relative(root, f));
    return chain;
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { specifier, lazy } of importsOf(file)) {
      const target = resolveModule(file, specifier);
      if (target === null) continue;
      if (typeof target !== "string") {
        if (target.pkg === pkg) found.push([...chainOf(file), pkg].join(" → "));
        continue;
      }
      // Loaded on demand, not for a page: a form's rules from the contract, and the admin area.
      if (
        lazy &&
        (target.startsWith(contractDir + path.sep) ||
          path
            .relative(clientDir, target)
            .split(path.sep)
            .some((p) => /^cms/.test(p)))
      )
        continue;
      if (parent.has(target)) continue;
      parent.set(target, file);
      queue.push(target);
    }
  }
  return found;
}

// Parsing the client's modules takes seconds of CPU: longer than the default 5 s on a busy machine.
describe("zod stays out of the public pages' JavaScript (issue 13 item 6, D73)", { timeout: 30_000 }, () => {
  it("no value import reaches zod from the entry or a page's lazy chunk (constants: the contract's *-constants.ts; rules: a dynamic import)", () => {
    expect(chainsTo("zod")).toEqual([]);
  });

  it("the check sees the imports (it finds the libraries the pages do load)", () => {
    expect(chainsTo("@tanstack/react-query").length).toBeGreaterThan(0);
  });
});
