import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { GameHiddenReason } from "../../contract/feeds-constants";
import type { CreatorApplicationStatus, UserRoleName } from "../../contract/studio-constants";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { creatorApplicationsTable, gameCreatorsTable, gamesTable, usersTable } from "../db/schema";
import { Conflict, Forbidden, Invalid, NotFound } from "../errors";
import { notify, type NotifyDeps } from "./notifications";
import { sessionsChanged } from "./session-cache";
import type { SessionUser } from "./session-user";

/**
 * Contract: creators (D130). No HTTP types.
 * - Who may use the studio is decided from the session only: a `creator`, or an `admin` on a one-time-code session
 *   (`studioActor`); everyone else is refused (Forbidden). Which game a studio request may touch is decided by
 *   `assertManagesGame`: an admin any game, a creator only a game listed with them in game_creators. Another
 *   creator's game answers NotFound, exactly like a game that does not exist, so probing tells nothing.
 * - A player has at most one pending application (a unique partial index holds it even under concurrent
 *   requests: Conflict). Creators, moderators and admins cannot apply (Conflict).
 * - An admin decides a pending application once: approving makes a player a creator (never lowers a higher role),
 *   declining keeps the role; either way the player gets a `creator_application` notification.
 * - A game's creators must have the creator role when added; removing the last one is allowed (admins still manage it).
 */

export type StudioActor = { userId: number; isAdmin: boolean };

/** The studio's door: creators, and admins on a staff session (D130). */
export function studioActor(user: Pick<SessionUser, "id" | "role" | "sessionKind">): StudioActor {
  if (user.role === "creator") return { userId: user.id, isAdmin: false };
  if (user.role === "admin" && user.sessionKind === "admin") return { userId: user.id, isAdmin: true };
  throw new Forbidden("The studio is for creators");
}

/** True when the user is listed as one of the game's creators. */
export async function isCreatorOf(db: Db, userId: number, gameId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(gameCreatorsTable)
    .where(and(eq(gameCreatorsTable.gameId, gameId), eq(gameCreatorsTable.userId, userId)));
  return row !== undefined;
}

/** NotFound unless the actor may manage the game (any game for an admin, their own for a creator). */
export async function assertManagesGame(db: Db, actor: StudioActor, gameId: number): Promise<void> {
  const mine = actor.isAdmin
    ? (await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, gameId))).length > 0
    : await isCreatorOf(db, actor.userId, gameId);
  if (!mine) throw new NotFound("Game not found");
}

export type CreatorApplication = {
  id: number;
  about: string;
  link: string;
  status: CreatorApplicationStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

const applicationColumns = {
  id: creatorApplicationsTable.id,
  about: creatorApplicationsTable.about,
  link: creatorApplicationsTable.link,
  status: creatorApplicationsTable.status,
  reason: creatorApplicationsTable.reason,
  createdAt: creatorApplicationsTable.createdAt,
  decidedAt: creatorApplicationsTable.decidedAt,
};

function toApplication(r: {
  id: number;
  about: string;
  link: string;
  status: CreatorApplicationStatus;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}): CreatorApplication {
  return { ...r, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null };
}

/** The player's latest application (pending, or the last decided one), or null. */
export async function latestApplication(db: Db, userId: number): Promise<CreatorApplication | null> {
  const [row] = await db
    .select(applicationColumns)
    .from(creatorApplicationsTable)
    .where(eq(creatorApplicationsTable.userId, userId))
    .orderBy(desc(creatorApplicationsTable.createdAt), desc(creatorApplicationsTable.id))
    .limit(1);
  return row ? toApplication(row) : null;
}

/** A player asks to become a creator (D130). */
export async function applyToCreate(
  db: Db,
  user: Pick<SessionUser, "id" | "role">,
  form: { about: string; link: string },
): Promise<CreatorApplication> {
  if (user.role !== "player") throw new Conflict("You can already publish games");
  try {
    const [row] = await db
      .insert(creatorApplicationsTable)
      .values({ userId: user.id, about: form.about, link: form.link })
      .returning(applicationColumns);
    return toApplication(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict("Your application is already waiting for an answer");
    throw err;
  }
}

export type AdminCreatorApplication = CreatorApplication & {
  user: { id: number; username: string; avatarUrl: string | null; role: UserRoleName };
};

/** The CMS's list: pending first, oldest first (a queue), then the last decided ones. */
export async function listApplications(
  db: Db,
  query: { status?: CreatorApplicationStatus; limit: number },
): Promise<AdminCreatorApplication[]> {
  const rows = await db
    .select({
      ...applicationColumns,
      userId: usersTable.id,
      username: usersTable.username,
      avatarUrl: usersTable.avatarUrl,
      role: usersTable.role,
    })
    .from(creatorApplicationsTable)
    .innerJoin(usersTable, eq(usersTable.id, creatorApplicationsTable.userId))
    .where(query.status ? eq(creatorApplicationsTable.status, query.status) : undefined)
    .orderBy(
      sql`case when ${creatorApplicationsTable.status} = 'pending' then 0 else 1 end`,
      sql`case when ${creatorApplicationsTable.status} = 'pending' then ${creatorApplicationsTable.createdAt} end asc`,
      desc(creatorApplicationsTable.decidedAt),
      asc(creatorApplicationsTable.id),
    )
    .limit(query.limit);
  return rows.map(({ userId, username, avatarUrl, role, ...r }) => ({
    ...toApplication(r),
    user: { id: userId, username, avatarUrl, role },
  }));
}

/** An admin approves or declines a pending application; the player is told either way. */
export async function decideApplication(
  deps: NotifyDeps,
  adminId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason?: string },
  now = new Date(),
): Promise<{ userId: number; status: CreatorApplicationStatus }> {
  const { db } = deps;
  const status: CreatorApplicationStatus = decision.approve ? "approved" : "declined";
  const reason = decision.approve ? null : decision.reason?.trim() || null;
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(creatorApplicationsTable)
      .set({ status, reason, decidedAt: now, decidedBy: adminId })
      .where(and(eq(creatorApplicationsTable.id, id), eq(creatorApplicationsTable.status, "pending")))
      .returning({ userId: creatorApplicationsTable.userId });
    if (!row) {
      const [exists] = await tx
        .select({ id: creatorApplicationsTable.id })
        .from(creatorApplicationsTable)
        .where(eq(creatorApplicationsTable.id, id));
      throw exists ? new Conflict("This application has already been decided") : new NotFound("Application not found");
    }
    // A player only: a moderator or admin who applied before their promotion keeps the higher role
    if (decision.approve)
      await tx
        .update(usersTable)
        .set({ role: "creator" })
        .where(and(eq(usersTable.id, row.userId), eq(usersTable.role, "player")));
    return row.userId;
  });
  if (decision.approve) sessionsChanged(db, { userIds: [userId] });
  await notify(
    deps,
    userId,
    "creator_application",
    decision.approve ? { text: "approved", link: "/studio" } : { text: reason ?? "declined", link: "/settings" },
    now,
  );
  return { userId, status };
}

export type GameCreator = { id: number; username: string; avatarUrl: string | null };

export async function listGameCreators(db: Db, gameId: number): Promise<GameCreator[]> {
  return db
    .select({ id: usersTable.id, username: usersTable.username, avatarUrl: usersTable.avatarUrl })
    .from(gameCreatorsTable)
    .innerJoin(usersTable, eq(usersTable.id, gameCreatorsTable.userId))
    .where(eq(gameCreatorsTable.gameId, gameId))
    .orderBy(asc(gameCreatorsTable.createdAt), asc(usersTable.id));
}

/** Adds a creator to a game (idempotent); the user is named by id or by username. */
export async function addGameCreator(db: Db, gameId: number, who: { userId?: number; username?: string }) {
  const [game] = await db.select({ id: gamesTable.id }).from(gamesTable).where(eq(gamesTable.id, gameId));
  if (!game) throw new NotFound("Game not found");
  const [user] = await db
    .select({ id: usersTable.id, role: usersTable.role })
    .from(usersTable)
    .where(
      who.userId !== undefined
        ? eq(usersTable.id, who.userId)
        : sql`lower(${usersTable.username}) = lower(${who.username ?? ""})`,
    );
  if (!user) throw new NotFound("User not found");
  if (user.role !== "creator" && user.role !== "admin")
    throw new Invalid("Only creators can be added to a game: approve their application or give them the role first");
  await db.insert(gameCreatorsTable).values({ gameId, userId: user.id }).onConflictDoNothing();
  return listGameCreators(db, gameId);
}

export async function removeGameCreator(db: Db, gameId: number, userId: number) {
  await db
    .delete(gameCreatorsTable)
    .where(and(eq(gameCreatorsTable.gameId, gameId), eq(gameCreatorsTable.userId, userId)));
  return listGameCreators(db, gameId);
}

export type StudioGame = {
  id: number;
  title: string;
  imageUrl: string;
  hiddenReason: GameHiddenReason | null;
  hasPackage: boolean;
  liveBuild: number | null;
  buildCount: number;
};

const studioGameColumns = {
  id: gamesTable.id,
  title: gamesTable.title,
  imageUrl: gamesTable.imageUrl,
  hiddenReason: gamesTable.hiddenReason,
  hasPackage: gamesTable.hasPackage,
  liveBuild: gamesTable.liveBuild,
  buildCount: sql<number>`(select count(*) from game_builds b where b.game_id = ${gamesTable.id})`.mapWith(Number),
};

/** The games a creator makes, newest first (D130). */
export async function listStudioGames(db: Db, userId: number): Promise<StudioGame[]> {
  return db
    .select(studioGameColumns)
    .from(gameCreatorsTable)
    .innerJoin(gamesTable, eq(gamesTable.id, gameCreatorsTable.gameId))
    .where(eq(gameCreatorsTable.userId, userId))
    .orderBy(desc(gamesTable.createdAt), desc(gamesTable.id));
}

export async function getStudioGame(db: Db, gameId: number): Promise<StudioGame> {
  const [row] = await db.select(studioGameColumns).from(gamesTable).where(eq(gamesTable.id, gameId));
  if (!row) throw new NotFound("Game not found");
  return row;
}
