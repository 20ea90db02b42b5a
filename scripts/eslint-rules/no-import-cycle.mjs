// `arcadium/no-import-cycle`: no module may reach itself again through its imports, whatever kind they are.
// import-x/no-cycle skips `import type`, so type-only cycles passed lint; a type cycle still ties two modules
// together for every reader and every move. This rule follows every static import and re-export (types
// included), `import()` with a literal path and `import("…")` types, resolved as tsc resolves them
// (tsconfig.json's paths), and skips packages. ADR 007 says why it exists.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** Compiler options of the tsconfig.json nearest the linted file's root, read once per project folder. */
const optionsByProject = new Map();
function compilerOptionsFor(cwd) {
  if (!optionsByProject.has(cwd)) {
    const configPath = ts.findConfigFile(cwd, ts.sys.fileExists, "tsconfig.json");
    const options = configPath
      ? ts.parseJsonConfigFileContent(
          ts.readConfigFile(configPath, ts.sys.readFile).config,
          ts.sys,
          path.dirname(configPath),
        ).options
      : {};
    optionsByProject.set(cwd, options);
  }
  return optionsByProject.get(cwd);
}

/** A file's local imports as resolved paths, cached by modification time (one lint run reads each file once). */
const importsCache = new Map();
function localImportsOf(file, options) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.imports;
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const imports = [
    ...new Set(info.importedFiles.map((ref) => resolveLocal(ref.fileName, file, options)).filter(Boolean)),
  ];
  importsCache.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

function resolveLocal(specifier, fromFile, options) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
  const resolved = path.resolve(resolvedModule.resolvedFileName);
  if (resolved.includes(`${path.sep}node_modules${path.sep}`) || resolved.endsWith(".d.ts")) return null;
  return SOURCE_FILE.test(resolved) ? resolved : null;
}

/**
 * The shortest chain of imports from `start` back to `target`, or null (breadth-first, so the report is short).
 * `explored` holds the modules already known not to lead back, shared by the checks of one file's imports.
 */
function chainBack(start, target, options, explored) {
  if (explored.has(start)) return null;
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of localImportsOf(current, options)) {
      if (next === target) {
        const chain = [current];
        for (let step = previous.get(current); step; step = previous.get(step)) chain.unshift(step);
        return chain;
      }
      if (!previous.has(next) && !explored.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  for (const visited of previous.keys()) explored.add(visited);
  return null;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, type-only and dynamic imports included." },
    schema: [],
    messages: { cycle: "Import cycle: {{chain}}. Move what both sides need into a module of its own." },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!path.isAbsolute(file) || !SOURCE_FILE.test(file)) return {};
    const options = compilerOptionsFor(context.cwd);
    const relative = (p) => path.relative(context.cwd, p);
    const explored = new Set();

    function check(node, specifier) {
      if (typeof specifier !== "string") return;
      const target = resolveLocal(specifier, file, options);
      if (!target || target === file) return;
      const chain = chainBack(target, file, options, explored);
      if (chain)
        context.report({ node, messageId: "cycle", data: { chain: [file, ...chain, file].map(relative).join(" → ") } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === "Literal") check(node, literal.value);
      },
    };
  },
};
