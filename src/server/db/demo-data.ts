import { sql } from "drizzle-orm";
import { rebuildBestScores } from "../services/score-rules";
import { periodStart } from "../services/seasons";
import type { Db } from "./client";
import {
  bestScoresTable,
  chatMessagesTable,
  gamesTable,
  playsTable,
  reviewsTable,
  scoresTable,
  usersTable,
} from "./schema";

/** A small deterministic pseudo-random generator, so that the demo data is the same on every install. */
export function prng(seed: number) {
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

/**
 * D78 demo unlocks, derived from the demo scores (no random numbers, so the demo stays the same): with
 * each player's best play of a game, the game's first achievement, and the next ones for every third
 * player-game (by score), so that the shares on the game pages differ.
 */
export async function seedDemoGameAchievements(db: Db) {
  await db.execute(sql`
    insert into player_game_achievements (user_id, achievement_id, play_id, unlocked_at)
    select b.user_id, a.id, s.play_id, s.created_at
    from best_scores b
    join scores s on s.id = b.score_id
    join game_achievements a on a.game_id = b.game_id
    where a.sort_order = 0 or (a.sort_order <= 2 and b.score % 3 = a.sort_order - 1)
    on conflict do nothing`);
}

/** Demo players with their plays, scores, reviews and chat, drawn from `rand` so that every install gets the same. */
export async function seedDemo(db: Db, gameIds: number[], rand: () => number, now: Date) {
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
    (
      await db
        .select({
          id: gamesTable.id,
          order: gamesTable.scoreOrder,
          format: gamesTable.scoreFormat,
          maxScore: gamesTable.maxScore,
        })
        .from(gamesTable)
    ).map((g) => [g.id, g]),
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
        const at = new Date(
          rand() < 0.5 ? weekStart + rand() * (now.getTime() - weekStart) : now.getTime() - (7 + rand() * 40) * DAY,
        );
        const points = Math.floor(skill * (200 + rand() * 4800)) + pi;
        const rule = rules.get(gameId);
        // a time: 20 s for the best players up to about 2 min (the same draw, read the other way round)
        const raw = rule?.format === "time_ms" ? 20_000 + Math.round((5200 - points) * 20) : points;
        // a game with a low maximum (a board game's 300) gets the same spread scaled down, not everyone at the top
        const score = rule?.maxScore != null && rule.maxScore < 5200 ? Math.round((raw * rule.maxScore) / 5200) : raw;
        const won = rand() < skill * 0.8;
        const [play] = await db
          .insert(playsTable)
          .values({ gameId, userId: p.id, createdAt: at })
          .returning({ id: playsTable.id });
        const [s] = await db
          .insert(scoresTable)
          .values({ userId: p.id, gameId, playId: play.id, score, won, createdAt: at })
          .returning({ id: scoresTable.id });
        if (!best || score > best.score || (score === best.score && at < best.at)) best = { score, id: s.id, at };
      }
      if (best && rules.get(gameId)?.order !== "asc") {
        await db
          .insert(bestScoresTable)
          .values({ userId: p.id, gameId, score: best.score, scoreId: best.id, achievedAt: best.at });
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
    await db
      .insert(chatMessagesTable)
      .values({ userId: p.id, message, createdAt: new Date(now.getTime() - (DEMO_CHAT.length - i) * 17 * 60 * 1000) });
  }
}
