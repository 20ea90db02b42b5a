/** D77 and issue 14 item 7: the install-time rewrite of portal SDK addresses, and package sizes. */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/paths";
import { preparePackage, rewriteHtml, rewriteScript } from "./portal-sdks";

const tag = (src: string, quote = '"') => `<script src=${quote}${src}${quote}></script>`;

describe("rewriteHtml", () => {
  it.each([
    ["https://game-cdn.poki.com/scripts/v2/poki-sdk.js", "poki"],
    ["http://game-cdn.poki.com/scripts/v2/poki-sdk.js", "poki"],
    ["//game-cdn.poki.com/scripts/v2/poki-sdk.js", "poki"],
    ["https://sdk.crazygames.com/crazygames-sdk-v3.js", "crazygames"],
    ["//sdk.crazygames.com/crazygames-sdk-v2.js", "crazygames"],
    ["http://sdk.crazygames.com/crazygames-sdk-v2.js?cache=1", "crazygames"],
    ["https://html5.api.gamedistribution.com/main.min.js", "gamedistribution"],
    ["//html5.api.gamedistribution.com/main.min.js", "gamedistribution"],
    ["HTTPS://HTML5.API.GAMEDISTRIBUTION.COM/main.min.js", "gamedistribution"],
  ])("points %s at the %s adapter", (url, adapter) => {
    const { text, found } = rewriteHtml(`<head>${tag(url)}</head>`);
    expect(text).toBe(`<head>${tag(`/sdk/compat/${adapter}.js`)}</head>`);
    expect(found).toEqual([adapter]);
  });

  it("keeps the tag's other attributes and its quoting (single, double or none)", () => {
    const html = [
      `<script async type="text/javascript" src='https://game-cdn.poki.com/scripts/v2/poki-sdk.js' data-x="1"></script>`,
      `<SCRIPT SRC=https://sdk.crazygames.com/crazygames-sdk-v3.js defer></SCRIPT>`,
    ].join("\n");
    const { text, found } = rewriteHtml(html);
    expect(text).toBe(
      [
        `<script async type="text/javascript" src='/sdk/compat/poki.js' data-x="1"></script>`,
        `<SCRIPT SRC="/sdk/compat/crazygames.js" defer></SCRIPT>`,
      ].join("\n"),
    );
    expect(found).toEqual(["poki", "crazygames"]);
  });

  it("leaves other SDKs and look-alike addresses alone", () => {
    const html = [
      tag("https://sdk.crazygames.com/crazygames-sdk-v1.js"),
      tag("https://sdk.crazygames.com/Construct3CrazySDK-v3.js"),
      tag("https://game-cdn.poki.com/scripts/v1/poki-sdk.js"),
      tag("https://html5.api.gamedistribution.com/libs/gd/api.js"),
      tag("https://example.com/game-cdn.poki.com/scripts/v2/poki-sdk.js"),
      tag("https://unity.example/sdk.js"),
      `<a href="https://game-cdn.poki.com/scripts/v2/poki-sdk.js">not a script</a>`,
    ].join("");
    expect(rewriteHtml(html)).toEqual({ text: html, found: [] });
  });

  it("rewrites GameDistribution's address where an inline snippet injects it", () => {
    const html = `<script>(function(d,s,id){var js=d.createElement(s);js.id=id;js.src='https://html5.api.gamedistribution.com/main.min.js';d.head.appendChild(js);})(document,'script','gamedistribution-jssdk');</script>`;
    const { text, found } = rewriteHtml(html);
    expect(text).toContain("js.src='/sdk/compat/gamedistribution.js'");
    expect(text).not.toContain("gamedistribution.com");
    expect(found).toEqual(["gamedistribution"]);
  });
});

describe("rewriteScript", () => {
  it("rewrites every literal GameDistribution address in any quoting, and nothing else", () => {
    const js = `a.src = "//html5.api.gamedistribution.com/main.min.js"; b = \`http://html5.api.gamedistribution.com/main.min.js?v=2\`; c = "https://game-cdn.poki.com/scripts/v2/poki-sdk.js";`;
    const { text, found } = rewriteScript(js);
    expect(text).toBe(
      `a.src = "/sdk/compat/gamedistribution.js"; b = \`/sdk/compat/gamedistribution.js\`; c = "https://game-cdn.poki.com/scripts/v2/poki-sdk.js";`,
    );
    expect(found).toEqual(["gamedistribution", "gamedistribution"]);
  });
});

describe("preparePackage", () => {
  let dir: string;
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function makePackage(files: Record<string, string | Buffer>): Promise<string> {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-pkg-"));
    for (const [name, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fs.writeFile(path.join(dir, name), content);
    }
    return dir;
  }

  it("rewrites the package in place and answers its adapter, size and file count", async () => {
    const binary = Buffer.from([0, 1, 2, 255, 254, 0x80]);
    const pkg = await makePackage({
      "index.html": `<!doctype html><title>Café</title>${tag("https://sdk.crazygames.com/crazygames-sdk-v3.js")}<script src="js/game.js"></script>`,
      "js/game.js": "console.log('é');",
      "assets/sprite.bin": binary,
    });
    const scan = await preparePackage(pkg);
    const index = await fs.readFile(path.join(pkg, "index.html"), "utf8");
    expect(index).toContain(tag("/sdk/compat/crazygames.js"));
    expect(index).toContain("<title>Café</title>"); // bytes not rewritten are kept as they were
    expect(await fs.readFile(path.join(pkg, "assets/sprite.bin"))).toEqual(binary);
    const sizes = await Promise.all(
      ["index.html", "js/game.js", "assets/sprite.bin"].map(async (f) => (await fs.stat(path.join(pkg, f))).size),
    );
    expect(scan).toEqual({ sdkAdapter: "crazygames", packageBytes: sizes.reduce((a, b) => a + b, 0), packageFiles: 3 });
  });

  it("finds GameDistribution injected from a script file", async () => {
    const pkg = await makePackage({
      "index.html": `<script src="main.js"></script>`,
      "main.js": `window["GD_OPTIONS"] = {gameId: "x"}; js.src = 'https://html5.api.gamedistribution.com/main.min.js';`,
    });
    expect((await preparePackage(pkg)).sdkAdapter).toBe("gamedistribution");
    expect(await fs.readFile(path.join(pkg, "main.js"), "utf8")).toContain(
      "js.src = '/sdk/compat/gamedistribution.js'",
    );
  });

  it("a package that loads no portal SDK (or another one) is left alone", async () => {
    const index = `${tag("https://sdk.crazygames.com/crazygames-sdk-v1.js")}${tag("/sdk/v1.js")}`;
    const pkg = await makePackage({ "index.html": index });
    expect(await preparePackage(pkg)).toEqual({
      sdkAdapter: null,
      packageBytes: Buffer.byteLength(index),
      packageFiles: 1,
    });
    expect(await fs.readFile(path.join(pkg, "index.html"), "utf8")).toBe(index);
  });

  it("is idempotent: a second scan finds the same adapter, in place, and changes nothing", async () => {
    const pkg = await makePackage({ "index.html": tag("https://game-cdn.poki.com/scripts/v2/poki-sdk.js") });
    const first = await preparePackage(pkg);
    const after = await fs.readFile(path.join(pkg, "index.html"), "utf8");
    const second = await preparePackage(pkg);
    expect(first.sdkAdapter).toBe("poki");
    expect(second).toEqual(first);
    expect(await fs.readFile(path.join(pkg, "index.html"), "utf8")).toBe(after);
  });
});

describe("the portal test games (e2e/fixtures/portal-games)", () => {
  it.each(["poki", "crazygames", "gamedistribution"])(
    "%s/index.html loads its portal's published script, which the rewrite points at the adapter",
    async (name) => {
      const html = await fs.readFile(
        path.join(repoRoot, "e2e", "fixtures", "portal-games", name, "index.html"),
        "utf8",
      );
      const { text, found } = rewriteHtml(html);
      expect(found).toEqual([name]);
      expect(text).toContain(`/sdk/compat/${name}.js`);
    },
  );
});
