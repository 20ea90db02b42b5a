import { CONTENT_DEFAULTS } from "../../contract/content";
import type { FileStore } from "../services/file-store";
import { rebuildPlayerStats } from "../services/scores";
import { rebuildAchievements } from "../services/site-achievements";
import { installBuiltinGame, readBuiltinGames, seedCollections } from "./builtin-games";
import { categoryCoverSvg } from "./category-covers";
import type { Db } from "./client";
import { prng, seedDemo, seedDemoGameAchievements } from "./demo-data";
import { categoriesTable, websiteContentTable } from "./schema";

export const SEED_CATEGORIES = [
  {
    slug: "action",
    name: "Action",
    description: "Fast reflexes, big explosions: shooters, brawlers and arcade classics.",
  },
  {
    slug: "adventure",
    name: "Adventure",
    description: "Explore dungeons, caves and strange worlds, and find what is hidden there.",
  },
  { slug: "puzzle", name: "Puzzle", description: "Logic, patterns and clever moves: games that make you think." },
  {
    slug: "strategy",
    name: "Strategy",
    description: "Plan ahead and outwit your opponent, including AI-powered rivals.",
  },
  { slug: "racing", name: "Racing", description: "Speed, drifts and near misses on roads and race tracks." },
  { slug: "sports", name: "Sports", description: "Ball games and athletic challenges, from the court to the table." },
] as const;

export type SeedOptions = { dataDir: string; files: FileStore; gamesRoot: string; demo: boolean; now?: Date };

/** First-start data (issue 2): categories, built-in games, site content, and demo players unless SEED_DEMO=false. */
export async function seed(db: Db, opts: SeedOptions): Promise<{ games: number; categories: number }> {
  const categoryIds = new Map<string, number>();
  for (const c of SEED_CATEGORIES) {
    await opts.files.put(`uploads/categories/${c.slug}.svg`, categoryCoverSvg(c.slug, c.name), {
      contentType: "image/svg+xml",
    });
    const [row] = await db
      .insert(categoriesTable)
      .values({ ...c, imageUrl: `/uploads/categories/${c.slug}.svg` })
      .onConflictDoUpdate({ target: categoriesTable.slug, set: { name: c.name } })
      .returning({ id: categoriesTable.id });
    categoryIds.set(c.slug, row.id);
  }

  for (const [fullKey, value] of Object.entries(CONTENT_DEFAULTS)) {
    const [section, key] = fullKey.split(".");
    await db.insert(websiteContentTable).values({ section, key, value, valueType: "text" }).onConflictDoNothing();
  }

  const builtins = await readBuiltinGames(opts.gamesRoot);
  const rand = prng(20251115);
  const gameIds: number[] = [];
  const now = opts.now ?? new Date();
  for (const [i, g] of builtins.entries()) {
    const id = await installBuiltinGame(db, opts, g, categoryIds.get(g.manifest.category)!, {
      plays: opts.demo ? Math.floor((g.manifest.hot ? 10_500 : 300) + rand() * (g.manifest.hot ? 15_000 : 9_000)) : 0,
      // Spread creation times so that "Newest" has a meaningful order.
      createdAt: new Date(now.getTime() - (builtins.length - i) * 36 * 60 * 60 * 1000),
    });
    gameIds.push(id);
  }

  await seedCollections(db);

  if (opts.demo && gameIds.length > 0) {
    await seedDemo(db, gameIds, rand, now);
    await rebuildPlayerStats(db);
    await rebuildAchievements(db);
    await seedDemoGameAchievements(db);
  }
  return { games: builtins.length, categories: SEED_CATEGORIES.length };
}
