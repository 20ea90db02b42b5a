import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { ROOM_CODE_ALPHABET } from "../contract/rooms-constants";
import type { Db } from "../server/db/client";
import {
  openRoomsTable,
  categoriesTable,
  chatMessagesTable,
  directMessagesTable,
  friendshipsTable,
  gamesTable,
  playsTable,
  reviewsTable,
  sessionsTable,
  userBlocksTable,
  usersTable,
} from "../server/db/schema";
import { hashPassword } from "../server/services/passwords";
import { submitScore } from "../server/services/scores";
import { hashToken, SESSION_POLICY, type SessionKind } from "../server/services/sessions";

/**
 * Rows for a test's set-up, written straight to the database: each factory fills in valid defaults, takes any column
 * as an override and returns the row it inserted. They do what a route would not let a test do quickly (many rows,
 * a chosen time, an admin before their first sign-in); a test of a route's own writes goes through the route.
 */

/**
 * D12's production cost (N=2^17) is checked in passwords.test.ts; API tests and the factories hash with a cheaper N, and
 * the test apps keep staff recovery codes at it too (their production cost is checked in admin/two-step.test.ts).
 */
export const TEST_PASSWORD_HASH_COST = 12;

/** Where a factory writes: a test app (`t()`) or a Drizzle handle. */
export type DbSource = Db | { database: { db: Db } };

const dbOf = (source: DbSource): Db => ("database" in source ? source.database.db : source);
const uniqueSuffix = () => crypto.randomBytes(4).toString("hex");

export type UserRow = typeof usersTable.$inferSelect;
export type GameRow = typeof gamesTable.$inferSelect;
export type PlayRow = typeof playsTable.$inferSelect;

/**
 * A player named `user_<random>` with the address `<name>@example.test` (not verified) and no password; `password`
 * stores its hash. An admin made here has not enrolled two-step sign-in, like one just promoted in /cms/users
 * (createUserWithSession signs one in with it).
 */
export async function insertUser(
  source: DbSource,
  overrides: Partial<typeof usersTable.$inferInsert> & { password?: string } = {},
): Promise<UserRow> {
  const { password, ...columns } = overrides;
  const username = columns.username ?? `user_${uniqueSuffix()}`;
  const [user] = await dbOf(source)
    .insert(usersTable)
    .values({
      ...columns,
      username,
      email: columns.email === undefined ? `${username}@example.test` : columns.email,
      ...(password === undefined ? {} : { passwordHash: await hashPassword(password, TEST_PASSWORD_HASH_COST) }),
    })
    .returning();
  return user;
}

/** The category a game goes in: the one of `slug`, else the first; a database seeded with none gets one. */
async function categoryIdFor(db: Db, slug: string | undefined): Promise<number> {
  if (slug !== undefined) {
    const [named] = await db
      .select({ id: categoriesTable.id })
      .from(categoriesTable)
      .where(eq(categoriesTable.slug, slug));
    if (!named) throw new Error(`no category "${slug}" in this database`);
    return named.id;
  }
  const [first] = await db
    .select({ id: categoriesTable.id })
    .from(categoriesTable)
    .orderBy(asc(categoriesTable.id))
    .limit(1);
  if (first) return first.id;
  await db.insert(categoriesTable).values({ name: "Test games", slug: "test-games" }).onConflictDoNothing();
  return categoryIdFor(db, "test-games");
}

/**
 * A game titled `Game <random>` in the first category (or the category of slug `category`), without a package and
 * without score rules (D90: no maximum score, so its scores do not count towards the totals).
 */
export async function insertGame(
  source: DbSource,
  overrides: Partial<typeof gamesTable.$inferInsert> & { category?: string } = {},
): Promise<GameRow> {
  const { category, ...columns } = overrides;
  const db = dbOf(source);
  const [game] = await db
    .insert(gamesTable)
    .values({
      title: `Game ${uniqueSuffix()}`,
      description: "d",
      ...columns,
      categoryId: columns.categoryId ?? (await categoryIdFor(db, category)),
    })
    .returning();
  return game;
}

/** A play of `gameId` opened now, by a guest unless `userId` is given; `gameplayStartedAt` as the SDK's gameplay.start would set it. */
export async function insertPlay(
  source: DbSource,
  values: { gameId: number } & Partial<typeof playsTable.$inferInsert>,
): Promise<PlayRow> {
  const [play] = await dbOf(source).insert(playsTable).values(values).returning();
  return play;
}

/**
 * A score recorded by the scoring service, as a submitted one is (boards, totals and seasons follow), at `at` on its
 * clock; its play began a minute earlier. Returns the service's answer (`recorded: false` when D108 held it).
 */
export async function recordScore(
  source: DbSource,
  values: { userId: number; gameId: number; score: number; won?: boolean; at?: Date },
) {
  const at = values.at ?? new Date();
  const startedAt = new Date(at.getTime() - 60_000);
  const play = await insertPlay(source, {
    gameId: values.gameId,
    userId: values.userId,
    createdAt: startedAt,
    gameplayStartedAt: startedAt,
  });
  return submitScore(dbOf(source), values.userId, { playId: play.id, score: values.score, won: values.won }, at);
}

/**
 * A session of `userId` (player kind unless `kind` says admin) lasting as long as SESSION_POLICY allows, or until
 * `expiresAt`; `token` is the `sid` cookie's value.
 */
export async function insertSession(
  source: DbSource,
  values: { userId: number; kind?: SessionKind } & Partial<typeof sessionsTable.$inferInsert>,
): Promise<{ token: string; session: typeof sessionsTable.$inferSelect }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const kind = values.kind ?? "player";
  const [session] = await dbOf(source)
    .insert(sessionsTable)
    .values({
      expiresAt: new Date(Date.now() + SESSION_POLICY[kind].absoluteMs),
      ...values,
      kind,
      tokenHash: hashToken(token),
    })
    .returning();
  return { token, session };
}

/** A review of 4 stars without a comment. */
export async function insertReview(
  source: DbSource,
  values: { userId: number; gameId: number } & Partial<typeof reviewsTable.$inferInsert>,
) {
  const [review] = await dbOf(source)
    .insert(reviewsTable)
    .values({ rating: 4, ...values })
    .returning();
  return review;
}

/** A chat message saying "hello". */
export async function insertChatMessage(
  source: DbSource,
  values: { userId: number } & Partial<typeof chatMessagesTable.$inferInsert>,
) {
  const [message] = await dbOf(source)
    .insert(chatMessagesTable)
    .values({ message: "hello", ...values })
    .returning();
  return message;
}

/** An unread direct message saying "hello". */
export async function insertDirectMessage(
  source: DbSource,
  values: { senderId: number; recipientId: number } & Partial<typeof directMessagesTable.$inferInsert>,
) {
  const [message] = await dbOf(source)
    .insert(directMessagesTable)
    .values({ body: "hello", ...values })
    .returning();
  return message;
}

/** Two players as friends (D84: a friendship is stored both ways), without the request and its notifications. */
export async function insertFriendship(source: DbSource, userId: number, friendId: number): Promise<void> {
  await dbOf(source)
    .insert(friendshipsTable)
    .values([
      { userId, friendId },
      { userId: friendId, friendId: userId },
    ]);
}

/** `blockerId` blocks `blockedId`; a friendship between them is left as it is. */
export async function insertBlock(source: DbSource, blockerId: number, blockedId: number): Promise<void> {
  await dbOf(source).insert(userBlocksTable).values({ blockerId, blockedId });
}

let roomCounter = 0;
/** Six characters of the code alphabet, a different code for each `n` of a test run. */
function testRoomCode(n: number): string {
  let digits = "";
  for (let rest = n; rest > 0; rest = Math.floor(rest / ROOM_CODE_ALPHABET.length))
    digits = ROOM_CODE_ALPHABET[rest % ROOM_CODE_ALPHABET.length] + digits;
  return `T${digits.padStart(5, "A")}`;
}
/**
 * An open room's row as a process writes it (D120, room-runtime.ts), without a live room behind it: what invites and
 * the friends list read. A public two-seat real-time room, joinable, with the given players seated (`u{userId}`).
 */
export async function insertOpenRoom(
  source: DbSource,
  values: { gameId: number; userIds: number[] } & Partial<typeof openRoomsTable.$inferInsert>,
): Promise<typeof openRoomsTable.$inferSelect> {
  const { gameId, userIds, ...columns } = values;
  roomCounter += 1;
  const now = new Date();
  const [room] = await dbOf(source)
    .insert(openRoomsTable)
    .values({
      id: `test-room-${uniqueSuffix()}`,
      code: testRoomCode(roomCounter),
      gameId,
      homeProcess: null,
      visibility: "public",
      joinable: true,
      seatsTaken: userIds.length,
      maxPlayers: 2,
      turnBased: false,
      playerIds: userIds.map((id) => `u${id}`),
      metadata: {},
      createdAt: now,
      updatedAt: now,
      ...columns,
    })
    .returning();
  return room;
}
