/**
 * One game runtime (issue 11): every built-in game (D26) uses the single copy of the shared helpers in
 * sdk/runtime/, served by the games origin at /sdk/runtime/ (sdk/runtime/runtime.js says why served and
 * not copied in at install), and no game folder carries its own copy, re-declares a helper or writes again
 * the standard parts of the page that the runtime adds (sound button, Start button, game-over panel).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "@test/test-app";
import { loadConfig } from "../src/server/config";
import { buildGamesApp } from "../src/server/games-origin";

const gamesRoot = path.join(repoRoot, "games");
const runtimeDir = path.join(repoRoot, "sdk", "runtime");

async function gameFolders(): Promise<string[]> {
  return (await fs.readdir(gamesRoot, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

async function runtimeFiles(): Promise<string[]> {
  return (await fs.readdir(runtimeDir)).sort();
}

/** The script and stylesheet addresses of an index.html, in document order. */
function assets(html: string): { scripts: string[]; styles: string[] } {
  return {
    scripts: [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    styles: [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  };
}

/** The names window.ArcadiumRuntime exports (read from runtime.js, so a new helper is checked too). */
async function runtimeHelperNames(): Promise<string[]> {
  const source = await fs.readFile(path.join(runtimeDir, "runtime.js"), "utf8");
  const block = /window\.ArcadiumRuntime = \{([^}]*)\}/.exec(source);
  expect(block, "runtime.js assigns window.ArcadiumRuntime").not.toBeNull();
  return [...block![1]!.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!);
}

/** The element ids in the markup a runtime file adds to a game's page (panelGame in runtime.js, shell.js). */
async function idsAddedBy(file: string): Promise<string[]> {
  const source = await fs.readFile(path.join(runtimeDir, file), "utf8");
  return [...new Set([...source.matchAll(/\bid="([\w-]+)"/g)].map((m) => m[1]!))];
}

/**
 * What only the runtime may write: a game that matches one of these re-implements a helper inline
 * (the SDK fallback, DPR canvas sizing, the animation loop, held keys, screen states, sound, touch).
 */
const INLINE_HELPERS: Array<[RegExp, string]> = [
  [/window\.Arcadium\b(?!Runtime)/, "its own SDK fallback (use ArcadiumRuntime.sdk)"],
  [/devicePixelRatio/, "its own canvas sizing (use ArcadiumRuntime.fitCanvas)"],
  [/requestAnimationFrame/, "its own animation loop (use ArcadiumRuntime.loop)"],
  [/addEventListener\(\s*['"]keyup['"]/, "its own held-keys tracking (use ArcadiumRuntime.heldKeys)"],
  [/classList\.toggle\(\s*['"]hidden['"]/, "its own screen switching (use ArcadiumRuntime.showState)"],
  [/AudioContext/, "its own sound (use ArcadiumRuntime.sound)"],
  [/\.arcTo\(/, "its own rounded rectangle (use ArcadiumRuntime.roundRect)"],
  [/matchMedia\(/, "its own touch-screen detection (use ArcadiumRuntime.coarsePointer)"],
  [
    /setPointerCapture\([^)]*\);[^\n]*\n[^\n]*refresh/,
    "its own canvas touch buttons (use ArcadiumRuntime.canvasTouch)",
  ],
  [
    /\b(loadingProgress|gameplayStart|gameplayStop|submitScore)\b/,
    "its own SDK calls (panelGame's startRound / endRound / run, or the Shell, make them)",
  ],
  [/addEventListener\(\s*['"]resize['"]/, "its own start-up (use panelGame's run, or Shell.init)"],
];

describe("built-in games use the one runtime (D26)", () => {
  it("every index.html loads the runtime from the games origin, after the SDK and before the game's own scripts", async () => {
    const folders = await gameFolders();
    expect(folders.length).toBeGreaterThanOrEqual(12);
    const served = await runtimeFiles();
    for (const slug of folders) {
      const dir = path.join(gamesRoot, slug);
      const { scripts, styles } = assets(await fs.readFile(path.join(dir, "index.html"), "utf8"));
      expect(scripts.slice(0, 2), `${slug}: the SDK, then the runtime`).toEqual([
        "/sdk/v2.js",
        "/sdk/runtime/runtime.js",
      ]);
      const own = scripts.filter((s) => !s.startsWith("/sdk/"));
      expect(scripts.slice(scripts.length - own.length), `${slug}: its own scripts come last`).toEqual(own);
      for (const file of own) await expect(fs.access(path.join(dir, file)), `${slug}/${file}`).resolves.toBeUndefined();
      for (const url of [...scripts, ...styles].filter((u) => u.startsWith("/sdk/runtime/"))) {
        expect(served, `${slug} loads ${url}, which sdk/runtime/ has`).toContain(url.slice("/sdk/runtime/".length));
      }
      const code = (await Promise.all(own.map((f) => fs.readFile(path.join(dir, f), "utf8")))).join("\n");
      if (/\bwindow\.Shell\b/.test(code)) {
        expect(scripts, `${slug} uses the screen shell`).toContain("/sdk/runtime/shell.js");
        expect(styles[0], `${slug}: the shell's layout first, the game's colours after`).toBe("/sdk/runtime/shell.css");
      } else {
        expect(scripts, `${slug} does not use the screen shell`).not.toContain("/sdk/runtime/shell.js");
        expect(styles[0], `${slug}: the shared panels first, the game's colours after`).toBe("/sdk/runtime/panels.css");
      }
      expect(code, `${slug} uses the runtime's helpers`).toMatch(/ArcadiumRuntime|\bwindow\.Shell\b/);
    }
  });

  it("no game folder carries a copy of the runtime or re-declares one of its helpers", async () => {
    const runtime = await runtimeFiles();
    expect(runtime).toEqual(expect.arrayContaining(["runtime.js", "shell.js", "shell.css", "panels.css"]));
    const runtimeBytes = await Promise.all(runtime.map((f) => fs.readFile(path.join(runtimeDir, f), "utf8")));
    const helpers = await runtimeHelperNames();
    expect(helpers).toEqual(
      expect.arrayContaining(["sdk", "sound", "fitCanvas", "heldKeys", "loop", "showState", "canvasTouch"]),
    );
    const declares = new RegExp(`\\bfunction\\s+(${helpers.join("|")})\\s*\\(`);
    for (const slug of await gameFolders()) {
      const dir = path.join(gamesRoot, slug);
      for (const file of (await fs.readdir(dir)).sort()) {
        expect(runtime, `${slug}/${file} has the name of a runtime file`).not.toContain(file);
        const text = await fs.readFile(path.join(dir, file), "utf8");
        expect(runtimeBytes.includes(text), `${slug}/${file} is a copy of a runtime file`).toBe(false);
        if (!file.endsWith(".js")) continue;
        expect(
          declares.exec(text)?.[0],
          `${slug}/${file} declares a function named like a runtime helper`,
        ).toBeUndefined();
        for (const [pattern, what] of INLINE_HELPERS)
          expect(pattern.test(text), `${slug}/${file}: ${what}`).toBe(false);
      }
    }
  });

  it("no index.html writes again a part of the page that the runtime adds (sound button, Start, game-over panel)", async () => {
    const added = { "runtime.js": await idsAddedBy("runtime.js"), "shell.js": await idsAddedBy("shell.js") };
    expect(added["runtime.js"]).toEqual(
      expect.arrayContaining(["mute", "start", "over", "result", "final", "detail", "again"]),
    );
    expect(added["shell.js"]).toEqual(
      expect.arrayContaining([
        "mute",
        "start-btn",
        "over-screen",
        "over-result",
        "over-score",
        "again-btn",
        "menu-btn",
      ]),
    );
    for (const slug of await gameFolders()) {
      const html = await fs.readFile(path.join(gamesRoot, slug, "index.html"), "utf8");
      const builder = assets(html).scripts.includes("/sdk/runtime/shell.js") ? "shell.js" : "runtime.js";
      const ids = [...html.matchAll(/\bid="([\w-]+)"/g)].map((m) => m[1]!);
      expect(
        ids.filter((id) => added[builder].includes(id)),
        `${slug}/index.html declares what ${builder} adds`,
      ).toEqual([]);
      expect(html, `${slug}/index.html: an empty touch bar (shell.js adds it)`).not.toMatch(
        /<div class="touch"[^>]*>\s*<\/div>/,
      );
      const panelOrShell =
        builder === "shell.js"
          ? /id="title-screen"[^>]*>\s*<div class="panel">/
          : /id="title"[^>]*>\s*<div class="panel">/;
      expect(html, `${slug}/index.html declares its title panel, which ${builder} completes`).toMatch(panelOrShell);
    }
  });

  it("the checks above catch the copies the games had before", () => {
    // The helpers as the games wrote them inline before issue 11 (one line each, from their git history).
    const before = [
      "const sdk = window.Arcadium || NOOP;",
      "dpr = Math.min(window.devicePixelRatio || 1, 2);",
      "requestAnimationFrame(frame);",
      "window.addEventListener('keyup', (e) => { keys[e.key] = false; });",
      "function show(el, on) { el.classList.toggle('hidden', !on); }",
      "actx = actx || new (window.AudioContext || window.webkitAudioContext)();",
      "ctx.beginPath(); ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r);",
      "let showTouch = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;",
      "    try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* ignore */ }\n    refreshTouch();",
      "if (!submitted) { submitted = true; call('submitScore', Math.max(0, Math.floor(score)), { won }); call('gameplayStop'); }",
      "window.addEventListener('resize', resize);",
    ];
    before.forEach((line, i) => expect(INLINE_HELPERS[i]![0].test(line), line).toBe(true));
  });
});

describe("the games origin serves the runtime (D2)", () => {
  let root: string;
  let dataDir: string;
  let gamesApp: FastifyInstance;
  beforeAll(async () => {
    // A copy of sdk/ as the server's root, so that the test can change the runtime on disk.
    root = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-runtime-root-"));
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "arcadium-runtime-data-"));
    await fs.cp(path.join(repoRoot, "sdk"), path.join(root, "sdk"), { recursive: true });
    const config = loadConfig(
      {
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://localhost:5000",
        GAMES_URL: "http://127.0.0.1:5001",
      },
      root,
    );
    gamesApp = await buildGamesApp({ config });
    await gamesApp.ready();
  });
  afterAll(async () => {
    await gamesApp?.close();
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("answers every runtime file with its bytes, a script or stylesheet type and the origin's strict headers", async () => {
    for (const file of await runtimeFiles()) {
      const res = await gamesApp.inject({ method: "GET", url: `/sdk/runtime/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.body).toBe(await fs.readFile(path.join(runtimeDir, file), "utf8"));
      expect(res.headers["content-type"]).toMatch(
        file.endsWith(".css") ? /^text\/css/ : /^(text|application)\/javascript/,
      );
      expect(res.headers["content-security-policy"]).toBe("frame-ancestors http://localhost:5000");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    for (const url of ["/sdk/runtime/", "/sdk/runtime/missing.js"]) {
      const res = await gamesApp.inject({ method: "GET", url });
      expect(res.statusCode, url).not.toBe(200);
    }
  });

  it("always serves the current runtime: a change on disk is what the next request gets", async () => {
    const file = path.join(root, "sdk", "runtime", "runtime.js");
    const changed = `${await fs.readFile(file, "utf8")}\n/* changed ${Date.now()} */\n`;
    await fs.writeFile(file, changed);
    const res = await gamesApp.inject({ method: "GET", url: "/sdk/runtime/runtime.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(changed);
  });
});
