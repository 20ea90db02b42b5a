import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildAppWithClient } from "../../test/test-app";
import { inlineHeadScripts, lowPriorityScripts, prepareTemplate, scriptHash } from "./page-template";

/** Issue 13, D73: the page template is prepared at start-up for a fast first paint (services/page-template.ts). */

const THEME = '(function () { document.documentElement.classList.add("dark"); })();\n';
const TEMPLATE = [
  "<!doctype html><html><head>",
  '<script src="/theme-init.js"></script>',
  "<title>Arcadium</title>",
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  "</head><body><div id=root></div></body></html>",
].join("\n");

const dirs: string[] = [];
function clientDirWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arcadium-template-"));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("inlineHeadScripts", () => {
  it("puts /theme-init.js's text inline and returns the SHA-256 CSP source of exactly that text", () => {
    const { html, hashes } = inlineHeadScripts(TEMPLATE, clientDirWith({ "theme-init.js": THEME }));
    expect(html).toContain(`<script>${THEME}</script>`);
    expect(html).not.toContain('src="/theme-init.js"');
    const expected = crypto.createHash("sha256").update(THEME).digest("base64");
    expect(hashes).toEqual([`'sha256-${expected}'`]);
    expect(scriptHash(THEME)).toBe(`'sha256-${expected}'`);
  });

  it("leaves the tag external when the file is missing, or when its text could end the script element early", () => {
    for (const files of [
      {},
      { "theme-init.js": 'var s = "</script><script>alert(1)";' },
      { "theme-init.js": "<!-- x" },
    ] as Array<Record<string, string>>) {
      const { html, hashes } = inlineHeadScripts(TEMPLATE, clientDirWith(files));
      expect(html).toBe(TEMPLATE);
      expect(hashes).toEqual([]);
    }
  });

  it("inlines nothing else: another script tag stays as it is", () => {
    const other = TEMPLATE.replace("/theme-init.js", "/other.js");
    expect(inlineHeadScripts(other, clientDirWith({ "other.js": THEME, "theme-init.js": THEME })).html).toBe(other);
  });
});

describe("lowPriorityScripts", () => {
  it("marks the module script and the modulepreload links low priority, once, and nothing else", () => {
    const once = lowPriorityScripts(TEMPLATE);
    expect(once).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    expect(once).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-abc.js">');
    expect(once).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(lowPriorityScripts(once)).toBe(once);
  });
});

describe("the site serves the prepared template", () => {
  it("the page holds the inline script, and the page's CSP allows it by hash and no other inline script", async () => {
    const { app, close } = await buildAppWithClient({ "index.html": TEMPLATE, "theme-init.js": THEME });
    try {
      const res = await app.inject({ method: "GET", url: "/games" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<script>${THEME}</script>`);
      expect(res.body).toContain('<script type="module" fetchpriority="low"');
      const scriptSrc = String(res.headers["content-security-policy"])
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .find(([k]) => k === "script-src");
      expect(scriptSrc).toEqual([
        "script-src",
        "'self'",
        prepareTemplate(TEMPLATE, clientDirWith({ "theme-init.js": THEME })).hashes[0],
      ]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    } finally {
      await close();
    }
  });
});
