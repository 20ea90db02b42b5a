import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@test/test-app";
import { gameManifestSchema, readBuiltinGames } from "../src/server/db/builtin-games";

const gamesRoot = path.join(repoRoot, "games");

describe("built-in games (D26)", () => {
  it("every folder under games/ is a complete game: valid game.json, index.html using the SDK, a local cover", async () => {
    const folders = (await fs.readdir(gamesRoot, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThanOrEqual(3);
    for (const slug of folders) {
      const dir = path.join(gamesRoot, slug);
      const manifest = gameManifestSchema.safeParse(JSON.parse(await fs.readFile(path.join(dir, "game.json"), "utf8")));
      expect(manifest.success, `${slug}/game.json: ${manifest.error?.message}`).toBe(true);
      const html = await fs.readFile(path.join(dir, "index.html"), "utf8");
      expect(html, `${slug} loads the SDK`).toContain('src="/sdk/v2.js"');
      // No image or script from outside the machine (issue 2).
      expect(html, `${slug} loads nothing external`).not.toMatch(/(src|href)=["']https?:\/\//);
      const cover = await fs.readFile(path.join(dir, "cover.svg"), "utf8");
      expect(cover, `${slug}/cover.svg`).toMatch(/<svg[\s>]/);
      expect(cover).not.toMatch(/<script|href=["']https?:/i);
    }
    const builtins = await readBuiltinGames(gamesRoot);
    expect(builtins.map((b) => b.slug).sort()).toEqual(folders.sort());
  });

  it("D90: every built-in game declares its score rules, and migration 0010 gave older installs the same ones (or no maximum, which the start-up sync fills, D108)", async () => {
    const migration = await fs.readFile(
      path.join(repoRoot, "src/server/db/migrations/0010_builtin_score_rules.sql"),
      "utf8",
    );
    const builtins = await readBuiltinGames(gamesRoot);
    expect(builtins.length).toBeGreaterThanOrEqual(3);
    for (const { slug, manifest } of builtins) {
      const rules = manifest.scores;
      expect(rules, `${slug}/game.json has no "scores"`).toBeDefined();
      const line = migration.split("\n").find((l) => l.includes(`"builtin_slug" = '${slug}'`));
      expect(line, `migration 0010 has no line for ${slug}`).toBeDefined();
      expect(line).toContain(`"score_order" = '${rules!.order ?? "desc"}'`);
      expect(line).toContain(`"score_format" = '${rules!.format ?? "points"}'`);
      // D108 added maxima that 0010 did not know; syncBuiltinScoreRules fills them on every start (score-rules-d108.test.ts)
      expect(
        [`"max_score" = ${rules!.maxScore ?? "null"},`, `"max_score" = null,`].some((part) => line!.includes(part)),
        line,
      ).toBe(true);
      expect(line).toContain(`"min_round_ms" = ${rules!.minRoundMs ?? "null"} WHERE`);
    }
  });
});
