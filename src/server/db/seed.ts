import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { CONTENT_DEFAULTS } from "../../contract/content";
import { gameDifficultySchema } from "../../contract/games";
import type { Db } from "./client";
import { categoryCoverSvg } from "./category-covers";
import {
  bestScoresTable,
  categoriesTable,
  chatMessagesTable,
  collectionsTable,
  gameCollectionsTable,
  gamesTable,
  playsTable,
  reviewsTable,
  scoresTable,
  usersTable,
  websiteContentTable,
} from "./schema";
import { hasPackageFiles, installPackageFromDirectory } from "../services/packages";
import { rebuildPlayerStats } from "../services/scores";
import { periodStart } from "../services/seasons";
import { rebuildAchievements } from "../services/site-achievements";
import { syncDeclaredAchievements } from "../services/game-achievements";
import { manifestAchievementsSchema } from "../../contract/game-achievements";
import { scoreRulesPatchSchema } from "../../contract/admin";
import { applyScoreRules, rebuildBestScores, scoreRuleColumns } from "../services/score-rules";

export const SEED_CATEGORIES = [
  { slug: "action", name: "Action", description: "Fast reflexes, big explosions: shooters, brawlers and arcade classics." },
  { slug: "adventure", name: "Adventure", description: "Explore dungeons, caves and strange worlds, and find what is hidden there." },
  { slug: "puzzle", name: "Puzzle", description: "Logic, patterns and clever moves: games that make you think." },
  { slug: "strategy", name: "Strategy", description: "Plan ahead and outwit your opponent, including AI-powered rivals." },
  { slug: "racing", name: "Racing", description: "Speed, drifts and near misses on roads and race tracks." },
  { slug: "sports", name: "Sports", description: "Ball games and athletic challenges, from the court to the table." },
] as const;

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

/** A small deterministic pseudo-random generator, so that the demo data is the same on every install. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEMO_PLAYERS = [
  "PixelPioneer",
  "NovaBlitz",
  "QuantumQuest",
  "RetroRacer",
  "ShadowFox",
  "LunaLoop",
  "TurboTiger",
  "ByteKnight",
  "EchoAce",
  "CosmicKat",
  "GlitchGuru",
  "MapleMint",
];

const DEMO_CHAT = [
  "Anyone else stuck on level 3 of Crystal Caverns?",
  "Four in a Row on Hard is brutal. The AI saw my trap three moves ahead.",
  "Just beat my best at Lane Racer, 4,200 m!",
  "gg everyone, see you on the weekly board",
  "Tip: in Number Merge keep your biggest tile in a corner.",
  "Who made the new Table Tennis game? The spin is great.",
  "Reversi on Medium is a good warm-up before Hard.",
  "Is there a way to mute the sound? Found it, top right.",
  "Top 3 this week, finally!",
  "Night Drift lap record: 31.4 s. Beat that.",
  "Hello from the school computer club!",
  "Brick Breaker multiball power-up is chaos in the best way",
];

const REVIEW_TEXTS = [
  "Great fun for a quick break.",
  "Controls feel tight and responsive.",
  "Harder than it looks, in a good way.",
  "Works perfectly on my phone too.",
  null,
  "Could use more levels, but what is there is polished.",
  "My kids love this one.",
];

export type SeedOptions = { dataDir: string; gamesRoot: string; demo: boolean; now?: Date };

/** First-start data (issue 2): categories, built-in games, site content, and demo players unless SEED_DEMO=false. */
export async function seed(db: Db, opts: SeedOptions): Promise<{ games: number; categories: number }> {
  const uploads = path.join(opts.dataDir, "uploads");
  await fs.mkdir(path.join(uploads, "categories"), { recursive: true });
  await fs.mkdir(path.join(uploads, "games"), { recursive: true });

  const categoryIds = new Map<string, number>();
  for (const c of SEED_CATEGORIES) {
    await fs.writeFile(path.join(uploads, "categories", `${c.slug}.svg`), categoryCoverSvg(c.slug, c.name));
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

async function installBuiltinGame(db: Db, opts: SeedOptions, g: BuiltinGame, categoryId: number, extra: { plays: number; createdAt: Date }): Promise<number> {
  let imageUrl = "";
  if (g.cover) {
    const ext = path.extname(g.cover);
    await fs.copyFile(path.join(g.dir, g.cover), path.join(opts.dataDir, "uploads", "games", `${g.slug}${ext}`));
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
    await installPackageFromDirectory(opts.dataDir, g.dir, row.id);
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
    created.filter((c) => (BUILTIN_COLLECTIONS[g.slug!] ?? []).includes(c.slug as SeedCollectionSlug)).map((c) => ({ collectionId: c.id, gameId: g.id })),
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
export async function repairBuiltinPackages(db: Db, opts: { dataDir: string; gamesRoot: string }): Promise<number> {
  const rows = await db
    .select({ id: gamesTable.id, slug: gamesTable.builtinSlug })
    .from(gamesTable)
    .where(sql`${gamesTable.builtinSlug} is not null`);
  let repaired = 0;
  for (const r of rows) {
    if (await hasPackageFiles(opts.dataDir, r.id)) continue;
    const dir = path.join(opts.gamesRoot, r.slug!);
    try {
      await fs.access(path.join(dir, "index.html"));
    } catch {
      continue;
    }
    await installPackageFromDirectory(opts.dataDir, dir, r.id);
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
    .select({ id: gamesTable.id, slug: gamesTable.builtinSlug, maxScore: gamesTable.maxScore, minRoundMs: gamesTable.minRoundMs })
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

/**
 * D78 demo unlocks, derived from the demo scores (no random numbers, so the demo stays the same): with
 * each player's best play of a game, the game's first achievement, and the next ones for every third
 * player-game (by score), so that the shares on the game pages differ.
 */
async function seedDemoGameAchievements(db: Db) {
  await db.execute(sql`
    insert into player_game_achievements (user_id, achievement_id, play_id, unlocked_at)
    select b.user_id, a.id, s.play_id, s.created_at
    from best_scores b
    join scores s on s.id = b.score_id
    join game_achievements a on a.game_id = b.game_id
    where a.sort_order = 0 or (a.sort_order <= 2 and b.score % 3 = a.sort_order - 1)
    on conflict do nothing`);
}

async function seedDemo(db: Db, gameIds: number[], rand: () => number, now: Date) {
  const DAY = 24 * 60 * 60 * 1000;
  const weekStart = periodStart(now, "week").getTime();
  const players = await db
    .insert(usersTable)
    .values(
      DEMO_PLAYERS.map((username, i) => ({
        username,
        // Demo players have no usable password (issue 2).
        passwordHash: null,
        createdAt: new Date(now.getTime() - (120 - i * 7) * DAY),
      })),
    )
    .returning({ id: usersTable.id });
  // D90: each game's rules shape its demo scores (a time for a time game, never above the maximum)
  const rules = new Map(
    (await db.select({ id: gamesTable.id, order: gamesTable.scoreOrder, format: gamesTable.scoreFormat, maxScore: gamesTable.maxScore }).from(gamesTable)).map(
      (g) => [g.id, g],
    ),
  );

  for (const [pi, p] of players.entries()) {
    const skill = 0.4 + rand() * 0.6;
    const games = gameIds.filter(() => rand() < 0.7);
    for (const gameId of games) {
      const rounds = 1 + Math.floor(rand() * 4);
      let best: { score: number; id: number; at: Date } | null = null;
      for (let r = 0; r < rounds; r++) {
        // Half of the rounds fall within the current season's week (D91: it began on Monday, 00:00 UTC), so "Top
        // Players This Week" is not empty on a new install; the rest in the weeks before.
        const at = new Date(rand() < 0.5 ? weekStart + rand() * (now.getTime() - weekStart) : now.getTime() - (7 + rand() * 40) * DAY);
        const points = Math.floor(skill * (200 + rand() * 4800)) + pi;
        const rule = rules.get(gameId);
        // a time: 20 s for the best players up to about 2 min (the same draw, read the other way round)
        const raw = rule?.format === "time_ms" ? 20_000 + Math.round((5200 - points) * 20) : points;
        // a game with a low maximum (a board game's 300) gets the same spread scaled down, not everyone at the top
        const score = rule?.maxScore != null && rule.maxScore < 5200 ? Math.round((raw * rule.maxScore) / 5200) : raw;
        const won = rand() < skill * 0.8;
        const [play] = await db.insert(playsTable).values({ gameId, userId: p.id, createdAt: at }).returning({ id: playsTable.id });
        const [s] = await db.insert(scoresTable).values({ userId: p.id, gameId, playId: play.id, score, won, createdAt: at }).returning({ id: scoresTable.id });
        if (!best || score > best.score || (score === best.score && at < best.at)) best = { score, id: s.id, at };
      }
      if (best && rules.get(gameId)?.order !== "asc") {
        await db.insert(bestScoresTable).values({ userId: p.id, gameId, score: best.score, scoreId: best.id, achievedAt: best.at });
      }
    }
  }
  // D90: games whose best is the lowest score choose their bests by their own order
  for (const g of rules.values()) if (g.order === "asc") await rebuildBestScores(db, g.id);
  // D83/D86: the demo players' plays as each player's game rows (recently played, Total Players), as a signed-in play writes them.
  await db.execute(sql`
    insert into player_games (user_id, game_id, last_played_at, plays)
    select user_id, game_id, max(created_at), count(*)::int from plays where user_id is not null group by user_id, game_id
    on conflict (user_id, game_id) do nothing`);

  // Reviews, and the games' rating as the mean review × 10 (D32).
  for (const gameId of gameIds) {
    const reviewers = players.filter(() => rand() < 0.45);
    for (const p of reviewers) {
      const rating = Math.min(5, 3 + Math.floor(rand() * 3) + (rand() < 0.1 ? -1 : 0));
      await db.insert(reviewsTable).values({
        userId: p.id,
        gameId,
        rating,
        comment: REVIEW_TEXTS[Math.floor(rand() * REVIEW_TEXTS.length)],
        createdAt: new Date(now.getTime() - rand() * 30 * DAY),
      });
    }
    await db.execute(sql`
      update games set rating = coalesce((select round(avg(rating) * 10)::int from reviews where game_id = ${gameId}), 0)
      where id = ${gameId}`);
  }

  for (const [i, message] of DEMO_CHAT.entries()) {
    const p = players[Math.floor(rand() * players.length)];
    await db.insert(chatMessagesTable).values({ userId: p.id, message, createdAt: new Date(now.getTime() - (DEMO_CHAT.length - i) * 17 * 60 * 1000) });
  }
}
