// Tests sit beside what they test: each route file's endpoints are tested in the file of the same name next to it, so
// that a reader of `routes/admin/scores.ts` finds its tests in `routes/admin/scores.test.ts`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const routesDir = "src/server/routes";

/** Modules under routes/ that declare no endpoint of their own: shared by the route files, tested through them. */
const HELPERS: ReadonlySet<string> = new Set(["admin/validation.ts", "admin/multipart.ts"]);

const declaresRoute = /\b(app|root|scope)\.(get|post|put|patch|delete|route)\(/;

function routeModules(): string[] {
  return readdirSync(path.join(root, routesDir), { recursive: true, encoding: "utf8" })
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .sort();
}

describe("route files and their tests", () => {
  it("every route file under src/server/routes has a same-named .test.ts beside it", () => {
    const untested = routeModules().filter(
      (name) => !HELPERS.has(name) && !existsSync(path.join(root, routesDir, name.replace(/\.ts$/, ".test.ts"))),
    );
    expect(untested).toEqual([]);
  });

  it("the helpers excused above exist and declare no endpoint", () => {
    const modules = routeModules();
    for (const helper of HELPERS) {
      expect(modules, helper).toContain(helper);
      expect(declaresRoute.test(readFileSync(path.join(root, routesDir, helper), "utf8")), helper).toBe(false);
    }
  });
});
