import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { scoreRulesPatchSchema } from "../../contract/admin/games";
import { manifestAchievementsSchema } from "../../contract/game-achievements";
import { gameDifficultySchema } from "../../contract/games";
import type { FileStore } from "../services/file-store";
import { syncDeclaredAchievements } from "../services/game-achievements";
import { hasPackageFiles, installPackageFromDirectory } from "../services/packages";
import { applyScoreRules, scoreRuleColumns } from "../services/score-rules";
import type { Db } from "./client";
import { collectionsTable, gameCollectionsTable, gamesTable } from "./schema";

/** games/<slug>/game.json (D26) */
export const gameManifestSchema = z.object({
  title: z.string().min(1).max(100),
  description: z.string().min(1).max(500),
  category: z.enum(["action", "adventure", "puzzle", "strategy", "racing", "sports"]),
  instructions: z.string().min(1).max(2000),
  developer: z.string().min(1).max(100).default("Arcadium Studio"),
  featured: z.boolean().default(false),
  new: z.boolean().default(false),
  hot: z.boolean().default(false),
  aiPowered: z.boolean().default(false),
  /** D83: how hard the game is (shown on its page); absent: "Not rated" */
  difficulty: gameDifficultySchema.optional(),
  releaseDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** D78: the game's own achievements */
  achievements: manifestAchievementsSchema.default([]),
  /** D90: how its scores are judged and shown */
  scores: scoreRulesPatchSchema.optional(),
});
export type GameManifest = z.infer<typeof gameManifestSchema>;

export type BuiltinGame = { slug: string; dir: string; manifest: GameManifest; cover: string | null };

/** Reads every built-in game folder that has a valid game.json and index.html. */
export async function readBuiltinGames(gamesRoot: string): Promise<BuiltinGame[]> {
  let entries: string[];
  try {
    entries = (await fs.readdir(gamesRoot, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
  const result: BuiltinGame[] = [];
  for (const slug of entries.sort()) {
    const dir = path.join(gamesRoot, slug);
    try {
      const manifest = gameManifestSchema.parse(JSON.parse(await fs.readFile(path.join(dir, "game.json"), "utf8")));
      await fs.access(path.join(dir, "index.html"));
      const cover = (await fs.readdir(dir)).find((f) => /^cover\.(svg|png|webp|jpe?g)$/.test(f)) ?? null;
      result.push({ slug, dir, manifest, cover });
    } catch {
      // An unfinished folder (no game.json or index.html) is not a game yet.
    }
  }
  return result;
}

/** Adds one built-in game: its row, its cover under uploads/games/ and its package; the row goes again if the package fails. */
export async function installBuiltinGame(
  db: Db,
  opts: { dataDir: string; files: FileStore },
  g: BuiltinGame,
  categoryId: number,
  extra: { plays: number; createdAt: Date },
): Promise<number> {
  let imageUrl = "";
  if (g.cover) {
    const ext = path.extname(g.cover);
    await opts.files.put(`uploads/games/${g.slug}${ext}`, await fs.readFile(path.join(g.dir, g.cover)));
    imageUrl = `/uploads/games/${g.slug}${ext}`;
  }
  const m = g.manifest;
  const [row] = await db
    .insert(gamesTable)
    .values({
      title: m.title,
      description: m.description,
      imageUrl,
      categoryId,
      externalUrl: null,
      hasPackage: true,
      builtinSlug: g.slug,
      developer: m.developer,
      instructions: m.instructions,
      isFeatured: m.featured,
      isNew: m.new,
      isHot: m.hot,
      plays: extra.plays,
      releaseDate: m.releaseDate ?? null,
      difficulty: m.difficulty ?? null,
      ...scoreRuleColumns(m.scores),
      createdAt: extra.createdAt,
    })
    .returning({ id: gamesTable.id });
  try {
    await installPackageFromDirectory(opts, g.dir, row.id);
    await syncDeclaredAchievements(db, row.id, m.achievements);
  } catch (err) {
    await db.delete(gamesTable).where(eq(gamesTable.id, row.id));
    throw err;
  }
  return row.id;
}

/**
 * D83: the home page's four tiles 'All Your Favorite Gaming Experiences' (spec §2 Home) as collections, with
 * the tiles' texts and drawings (src/client/public/experiences/), in this order.
 */
export const SEED_COLLECTIONS = [
  {
    slug: "modern-games",
    title: "Modern Games",
    description: "Polished HTML5 titles with rich graphics and smooth, responsive controls.",
    imageUrl: "/experiences/modern-games.svg",
  },
  {
    slug: "retro-arcade",
    title: "Retro Arcade",
    description: "Pixel-perfect classics and arcade action for a quick hit of nostalgia.",
    imageUrl: "/experiences/retro-arcade.svg",
  },
  {
    slug: "mobile-favorites",
    title: "Mobile Favorites",
    description: "Touch-friendly games that play great on any phone or tablet.",
    imageUrl: "/experiences/mobile-favorites.svg",
  },
  {
    slug: "multiplayer-arena",
    title: "Multiplayer Arena",
    description: "Take on other players and AI opponents, then climb the leaderboards.",
    imageUrl: "/experiences/multiplayer-arena.svg",
  },
] as const;

type SeedCollectionSlug = (typeof SEED_COLLECTIONS)[number]["slug"];

/**
 * D83: the built-in games' collections, judged game by game: Modern Games are the ones with physics and
 * effects beyond a classic's (a platformer, a drift racer, a basketball arc, spin on a table-tennis ball);
 * Retro Arcade the remakes of arcade and desktop classics; Mobile Favorites the ones made for a finger (tap,
 * swipe or drag, one hand, short rounds); Multiplayer Arena the ones played against an opponent (an AI).
 * A game may be in several or in none.
 */
export const BUILTIN_COLLECTIONS: Record<string, readonly SeedCollectionSlug[]> = {
  "asteroid-drift": ["retro-arcade"],
  "brick-breaker": ["retro-arcade", "mobile-favorites"],
  "crystal-caverns": ["modern-games"],
  "dungeon-dash": ["retro-arcade", "mobile-favorites"],
  "four-in-a-row": ["multiplayer-arena", "mobile-favorites"],
  "hoop-shot": ["modern-games", "mobile-favorites"],
  "lane-racer": ["retro-arcade", "mobile-favorites"],
  "mine-sweeper": ["retro-arcade"],
  "night-drift": ["modern-games"],
  "number-merge": ["mobile-favorites"],
  reversi: ["multiplayer-arena"],
  "table-tennis": ["modern-games", "multiplayer-arena"],
};

/**
 * D83: creates the four seeded collections that do not exist yet (by slug; idempotent) and tags the installed
 * built-in games with the ones just created (BUILTIN_COLLECTIONS). A collection that exists is left as the
 * administrators made it: its texts and its games are theirs. Returns how many collections were created.
 */
export async function seedCollections(db: Db): Promise<number> {
  const created = await db
    .insert(collectionsTable)
    .values(SEED_COLLECTIONS.map((c, i) => ({ ...c, sortOrder: i + 1 })))
    .onConflictDoNothing({ target: collectionsTable.slug })
    .returning({ id: collectionsTable.id, slug: collectionsTable.slug });
  if (created.length === 0) return 0;
  const builtins = await db
    .select({ id: gamesTable.id, slug: gamesTable.builtinSlug })
    .from(gamesTable)
    .where(sql`${gamesTable.builtinSlug} is not null`);
  const tags = builtins.flatMap((g) =>
    created
      .filter((c) => (BUILTIN_COLLECTIONS[g.slug!] ?? []).includes(c.slug as SeedCollectionSlug))
      .map((c) => ({ collectionId: c.id, gameId: g.id })),
  );
  if (tags.length > 0) await db.insert(gameCollectionsTable).values(tags).onConflictDoNothing();
  return created.length;
}

/**
 * D83, once on an install seeded before collections existed (no collection at all): the four collections with
 * their built-in games, and the built-in games' difficulty from their game.json where none is set. Later starts
 * change nothing (an administrator's collections and difficulties stay theirs).
 */
export async function upgradeBuiltinsForCollections(db: Db, gamesRoot: string): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(collectionsTable);
  if (n > 0) return 0;
  for (const g of await readBuiltinGames(gamesRoot)) {
    if (!g.manifest.difficulty) continue;
    await db
      .update(gamesTable)
      .set({ difficulty: g.manifest.difficulty })
      .where(sql`${gamesTable.builtinSlug} = ${g.slug} and ${gamesTable.difficulty} is null`);
  }
  return seedCollections(db);
}

/**
 * On every start: built-in games whose package folder is missing (e.g. DATA_DIR restored without
 * its games) are installed again from games/<slug>.
 */
export async function repairBuiltinPackages(
  db: Db,
  opts: { dataDir: string; files: FileStore; gamesRoot: string },
): Promise<number> {
  const rows = await db
    .select({ id: gamesTable.id, slug: gamesTable.builtinSlug })
    .from(gamesTable)
    .where(sql`${gamesTable.builtinSlug} is not null`);
  let repaired = 0;
  for (const r of rows) {
    if (await hasPackageFiles(opts.files, r.id)) continue;
    const dir = path.join(opts.gamesRoot, r.slug!);
    try {
      await fs.access(path.join(dir, "index.html"));
    } catch {
      continue;
    }
    await installPackageFromDirectory(opts, dir, r.id);
    repaired++;
  }
  return repaired;
}

/**
 * On every start (D78): the achievements declared in each built-in game's game.json are written again,
 * upserted by key, so that a changed game.json reaches an existing install and unlocks keep their rows.
 */
export async function syncBuiltinAchievements(db: Db, gamesRoot: string): Promise<number> {
  const rows = await db
    .select({ id: gamesTable.id, slug: gamesTable.builtinSlug })
    .from(gamesTable)
    .where(sql`${gamesTable.builtinSlug} is not null`);
  const bySlug = new Map((await readBuiltinGames(gamesRoot)).map((g) => [g.slug, g]));
  let synced = 0;
  for (const r of rows) {
    const g = bySlug.get(r.slug!);
    if (!g || !g.manifest.achievements.length) continue;
    await syncDeclaredAchievements(db, r.id, g.manifest.achievements);
    synced++;
  }
  return synced;
}

/**
 * On every start (D108): a built-in game's score limits from its game.json wherever the install has none (seeded
 * before they were declared, or cleared in the CMS: a built-in game without its maximum would leave the totals). A
 * different limit an administrator set stays theirs. The totals follow (applyScoreRules).
 */
export async function syncBuiltinScoreRules(db: Db, gamesRoot: string): Promise<number> {
  const rows = await db
    .select({
      id: gamesTable.id,
      slug: gamesTable.builtinSlug,
      maxScore: gamesTable.maxScore,
      minRoundMs: gamesTable.minRoundMs,
    })
    .from(gamesTable)
    .where(sql`${gamesTable.builtinSlug} is not null`);
  const bySlug = new Map((await readBuiltinGames(gamesRoot)).map((g) => [g.slug, g]));
  let synced = 0;
  for (const r of rows) {
    const declared = bySlug.get(r.slug!)?.manifest.scores;
    if (!declared) continue;
    const patch = {
      ...(r.maxScore === null && declared.maxScore != null ? { maxScore: declared.maxScore } : {}),
      ...(r.minRoundMs === null && declared.minRoundMs != null ? { minRoundMs: declared.minRoundMs } : {}),
    };
    if (Object.keys(patch).length === 0) continue;
    await db.transaction((tx) => applyScoreRules(tx, r.id, patch));
    synced++;
  }
  return synced;
}
