import { and, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AdminUserPatch } from "../../contract/admin/users";
import type { UserProfile, UserStats } from "../../contract/users";
import type { Db } from "../db/client";
import { sessionsTable, usersTable } from "../db/schema";
import { Forbidden, Invalid, NotFound, Unauthorized } from "../errors";
import { canSeeProfile, type ProfileVisibility } from "./friends";
import { gameIsShown, gameVisibility } from "./game-catalogue";
import { gameRanks, leaderboard } from "./leaderboard";
import { likePattern } from "./like-pattern";
import { sessionsChanged } from "./session-cache";
import { listAchievements } from "./site-achievements";

/** An active user's privacy setting (D87); disabled and anonymised accounts do not exist (404). */
async function profileOwner(db: Db, id: number) {
  const [user] = await db
    .select({
      id: usersTable.id,
      username: usersTable.username,
      avatarUrl: usersTable.avatarUrl,
      createdAt: usersTable.createdAt,
      visibility: usersTable.profileVisibility,
    })
    .from(usersTable)
    .where(and(eq(usersTable.id, id), isNull(usersTable.disabledAt), isNull(usersTable.deletedAt)));
  if (!user) throw new NotFound("User not found");
  return user;
}

/** D87: the 403 of a profile's details (stats, achievements) for a viewer who may not see them. */
export function profileHiddenMessage(visibility: ProfileVisibility): string {
  return visibility === "friends" ? "This profile is visible to friends only" : "This profile is private";
}

/**
 * D87: refuses (403) a viewer (null: signed out) who may not see the whole profile of `ownerId`; 404 when the
 * player does not exist. Every route that shows a player's data by id (other than the boards) calls it.
 */
export async function assertCanSeeProfile(db: Db, viewerId: number | null, ownerId: number): Promise<void> {
  const owner = await profileOwner(db, ownerId);
  if (!(await canSeeProfile(db, viewerId, owner.id, owner.visibility)))
    throw new Forbidden(profileHiddenMessage(owner.visibility));
}

/**
 * D25: a public profile with the player's all-time rank and totals. A viewer (null: signed out) who may
 * not see the whole profile gets only its name and avatar, with `restricted: true`.
 */
export async function getUserProfile(db: Db, id: number, viewerId: number | null): Promise<UserProfile> {
  const { visibility, ...user } = await profileOwner(db, id);
  if (!(await canSeeProfile(db, viewerId, user.id, visibility))) {
    return {
      id: user.id,
      username: user.username,
      avatarUrl: user.avatarUrl,
      createdAt: null,
      rank: null,
      totalScore: null,
      gamesPlayed: null,
      winRate: null,
      visibility,
      restricted: true,
    };
  }
  const [entry] = await leaderboard(db, { seasonId: null, limit: 1, aroundUser: user.id, aroundRows: 0 });
  return {
    ...user,
    createdAt: user.createdAt.toISOString(),
    rank: entry?.rank ?? null,
    totalScore: entry?.totalScore ?? 0,
    gamesPlayed: entry?.gamesPlayed ?? 0,
    winRate: entry?.winRate ?? 0,
    visibility,
    restricted: false,
  };
}

/**
 * D25: the profile's statistics: per-game bests, category shares of plays, achievements; 403 for a viewer who may
 * not see them. Each best carries the player's rank on that game's all-time board (null while hidden from boards).
 */
export async function getUserStats(db: Db, userId: number, viewerId: number | null): Promise<UserStats> {
  await assertCanSeeProfile(db, viewerId, userId);
  // D113–D115: the games players may not see are left out of the profile (their scores are kept)
  const shown = gameIsShown(await gameVisibility(db), sql.raw("g"));
  const games = await db.execute(sql`
    select g.id as game_id, g.title, g.image_url, c.name as category, c.slug as category_slug,
           b.score as best_score, g.score_format, s.n as scores, s.last_played_at
    from best_scores b
    join games g on g.id = b.game_id
    join categories c on c.id = g.category_id
    join (select game_id, count(*)::int as n, max(created_at) as last_played_at from scores where user_id = ${userId} group by game_id) s on s.game_id = b.game_id
    where b.user_id = ${userId} and ${shown}
    order by s.last_played_at desc`);
  // the player's plays per game are counted on player_games (one row per game played): a read of the player's
  // games, not of every play they ever started (3,000 heap rows for a busy player in the benchmark)
  const categories = await db.execute(sql`
    select c.slug, c.name, sum(pg.plays)::int as plays
    from player_games pg join games g on g.id = pg.game_id join categories c on c.id = g.category_id
    where pg.user_id = ${userId} and pg.plays > 0 and ${shown}
    group by c.slug, c.name order by plays desc, c.name asc`);
  const totalPlays = (categories.rows as Array<{ plays: number }>).reduce((a, r) => a + Number(r.plays), 0);
  const ranks = await gameRanks(db, userId);
  return {
    games: (games.rows as Array<Record<string, unknown>>).map((r) => ({
      gameId: Number(r.game_id),
      title: String(r.title),
      imageUrl: String(r.image_url),
      category: String(r.category),
      categorySlug: String(r.category_slug),
      bestScore: Number(r.best_score),
      rank: ranks.get(Number(r.game_id)) ?? null,
      // D90: how the game shows its scores (a time as 1:02.345)
      scoreFormat: r.score_format === "time_ms" ? "time_ms" : "points",
      scores: Number(r.scores),
      lastPlayedAt: new Date(r.last_played_at as string).toISOString(),
    })),
    categories: (categories.rows as Array<Record<string, unknown>>).map((r) => ({
      slug: String(r.slug),
      name: String(r.name),
      plays: Number(r.plays),
      share: totalPlays ? Math.round((100 * Number(r.plays)) / totalPlays) : 0,
    })),
    ...(await listAchievements(db, userId)),
  };
}

/** D43: the signed-in administrator as the /cms screens show them. */
export async function getAdminSelf(db: Db, id: number) {
  const [u] = await db
    .select({
      id: usersTable.id,
      username: usersTable.username,
      avatarUrl: usersTable.avatarUrl,
      createdAt: usersTable.createdAt,
      role: usersTable.role,
      email: usersTable.email,
    })
    .from(usersTable)
    .where(eq(usersTable.id, id));
  if (!u) throw new Unauthorized("Not signed in");
  return { ...u, createdAt: u.createdAt.toISOString() };
}

const adminUserColumns = {
  id: usersTable.id,
  username: usersTable.username,
  email: usersTable.email,
  avatarUrl: usersTable.avatarUrl,
  role: usersTable.role,
  disabledAt: usersTable.disabledAt,
  mutedUntil: usersTable.mutedUntil,
  boardsHiddenAt: usersTable.boardsHiddenAt,
  createdAt: usersTable.createdAt,
  // Fully qualified names: Drizzle leaves columns unqualified in a one-table select, and an
  // unqualified "id" inside the subquery would be the subquery's own table's id.
  reviewCount: sql<number>`(select count(*) from reviews where reviews.user_id = users.id)`.mapWith(Number),
  chatCount: sql<number>`(select count(*) from chat_messages where chat_messages.user_id = users.id)`.mapWith(Number),
  scoreCount: sql<number>`(select count(*) from scores where scores.user_id = users.id)`.mapWith(Number),
};

type AdminUserRow = {
  disabledAt: Date | null;
  mutedUntil: Date | null;
  boardsHiddenAt: Date | null;
  createdAt: Date;
} & Record<string, unknown>;

function toAdminUser<T extends AdminUserRow>(r: T, now = new Date()) {
  const { disabledAt, mutedUntil, boardsHiddenAt, createdAt, ...rest } = r;
  // D96: a mute that has ended is not shown
  const muted = mutedUntil && mutedUntil > now ? mutedUntil.toISOString() : null;
  return {
    ...rest,
    disabled: disabledAt !== null,
    mutedUntil: muted,
    hiddenFromBoards: boardsHiddenAt !== null,
    createdAt: createdAt.toISOString(),
  };
}

async function adminUserRow(db: Db, id: number) {
  const [row] = await db.select(adminUserColumns).from(usersTable).where(eq(usersTable.id, id));
  return row ? toAdminUser(row) : undefined;
}

type AdminUserRole = NonNullable<AdminUserPatch["role"]>;

/** D47: the users list (search by name or email, D130: or by role; newest first) with review, chat and score counts. */
export async function listUsersForAdmin(
  db: Db,
  query: { search?: string; role?: AdminUserRole; limit: number; offset: number },
) {
  const { search, role, limit, offset } = query;
  const where: SQL | undefined = and(
    search
      ? or(ilike(usersTable.username, likePattern(search)), ilike(usersTable.email, likePattern(search)))
      : undefined,
    role ? eq(usersTable.role, role) : undefined,
  );
  // The page and its total in one round trip (a window count); only a page past the end
  // needs a second query for the total.
  const rows = await db
    .select({ ...adminUserColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(usersTable)
    .where(where)
    .orderBy(desc(usersTable.createdAt), desc(usersTable.id))
    .limit(limit)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : (
          await db
            .select({ total: sql<number>`count(*)`.mapWith(Number) })
            .from(usersTable)
            .where(where)
        )[0].total);
  return { users: rows.map(({ total: _total, ...row }) => toAdminUser(row)), total };
}

/**
 * D47: role change and disabling by an administrator (`actingAdminId`), who cannot demote or
 * disable themselves. Returns the row and whether anything changed.
 */
export async function updateUserAsAdmin(db: Db, actingAdminId: number, id: number, change: AdminUserPatch) {
  const [existing] = await db
    .select({
      id: usersTable.id,
      role: usersTable.role,
      disabledAt: usersTable.disabledAt,
      boardsHiddenAt: usersTable.boardsHiddenAt,
    })
    .from(usersTable)
    .where(eq(usersTable.id, id));
  if (!existing) throw new NotFound("User not found");
  if (id === actingAdminId && ((change.role !== undefined && change.role !== "admin") || change.disabled === true)) {
    throw new Invalid("You cannot demote or disable your own account");
  }
  const set: Partial<typeof usersTable.$inferInsert> = {};
  if (change.role !== undefined) set.role = change.role;
  if (change.disabled !== undefined) set.disabledAt = change.disabled ? (existing.disabledAt ?? new Date()) : null;
  // D93: hidden from every board, or shown again
  if (change.hiddenFromBoards !== undefined)
    set.boardsHiddenAt = change.hiddenFromBoards ? (existing.boardsHiddenAt ?? new Date()) : null;
  const changed = Object.keys(set).length > 0;
  if (changed) {
    await db.transaction(async (tx) => {
      await tx.update(usersTable).set(set).where(eq(usersTable.id, id));
      // A disabled account is signed out everywhere at once.
      if (change.disabled === true) await tx.delete(sessionsTable).where(eq(sessionsTable.userId, id));
    });
    sessionsChanged(db, { userIds: [id] });
  }
  return {
    user: (await adminUserRow(db, id))!,
    changed,
    before: {
      role: existing.role,
      disabled: existing.disabledAt !== null,
      hiddenFromBoards: existing.boardsHiddenAt !== null,
    },
  };
}
