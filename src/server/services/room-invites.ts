import { and, arrayContains, arrayOverlaps, desc, eq, inArray, isNull, lt, not } from "drizzle-orm";
import type { FriendRoom } from "../../contract/friends";
import type { Db } from "../db/client";
import { friendshipsTable, gamesTable, openRoomsTable, usersTable } from "../db/schema";
import { Forbidden, Invalid } from "../errors";
import { communitySettings } from "./community-settings";
import { friendIds } from "./friends";
import { gameIsShown, gameVisibility } from "./game-catalogue";
import { notify, type NotifyDeps } from "./notifications";

/**
 * D122 invites through friends, read from the open rooms' rows (open_rooms, written by room-runtime.ts), so that
 * they work whichever process holds the room.
 *
 * Contract:
 * - `inviteToRoom(deps, sender, code, recipients)` notifies each recipient (`room_invite`, linking to
 *   `/game/{id}?room={code}`) and answers how many were notified. Refused unless the sender is seated in the open
 *   room with that code (Forbidden), the room is joinable with a free seat and its game is shown (Invalid), and
 *   every recipient is the sender's friend (Forbidden; nothing is sent then). Recipients already seated, or who
 *   turned these notifications off or blocked the sender, are skipped by `notify`'s rules or here.
 * - `joinableRoomsOfFriends(db, viewer, friends)` answers, for those of `friends` seated in a room the viewer may
 *   join, that room (the newest when several): joinable, not full, its game shown, the viewer not in it, and public
 *   (not in school mode) or friends-only with every seated player the viewer's friend, as GameRooms admits. Private
 *   rooms are never shown: their code is the invitation. The join itself has the final word.
 * No HTTP types (routes/friends.ts).
 */

const userSeat = (userId: number) => `u${userId}`;

export async function inviteToRoom(
  deps: NotifyDeps,
  senderId: number,
  code: string,
  recipientIds: number[],
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const [room] = await db
    .select({
      gameId: openRoomsTable.gameId,
      joinable: openRoomsTable.joinable,
      seatsTaken: openRoomsTable.seatsTaken,
      maxPlayers: openRoomsTable.maxPlayers,
      playerIds: openRoomsTable.playerIds,
    })
    .from(openRoomsTable)
    .where(and(eq(openRoomsTable.code, code), arrayContains(openRoomsTable.playerIds, [userSeat(senderId)])));
  if (!room) throw new Forbidden("You are not in that room");
  if (!room.joinable || room.seatsTaken >= room.maxPlayers) throw new Invalid("That room is not open to join");
  const [shown] = await db
    .select({ id: gamesTable.id })
    .from(gamesTable)
    .where(and(eq(gamesTable.id, room.gameId), gameIsShown(await gameVisibility(db))));
  if (!shown) throw new Invalid("That room is not open to join");

  const wanted = [...new Set(recipientIds)];
  const friends = await db
    .select({ id: friendshipsTable.friendId })
    .from(friendshipsTable)
    .innerJoin(usersTable, eq(usersTable.id, friendshipsTable.friendId))
    .where(
      and(
        eq(friendshipsTable.userId, senderId),
        inArray(friendshipsTable.friendId, wanted),
        isNull(usersTable.disabledAt),
        isNull(usersTable.deletedAt),
      ),
    );
  if (friends.length !== wanted.length) throw new Forbidden("You can only invite your friends");

  const link = `/game/${room.gameId}?room=${code}`;
  let sent = 0;
  for (const id of wanted) {
    if (room.playerIds.includes(userSeat(id))) continue;
    if (await notify(deps, id, "room_invite", { actorId: senderId, gameId: room.gameId, link }, now)) sent++;
  }
  return sent;
}

export async function joinableRoomsOfFriends(
  db: Db,
  viewerId: number,
  friends: number[],
): Promise<Map<number, FriendRoom>> {
  const found = new Map<number, FriendRoom>();
  if (!friends.length) return found;
  const [{ schoolMode }, visibility, viewerFriends] = await Promise.all([
    communitySettings(db),
    gameVisibility(db),
    friendIds(db, viewerId),
  ]);
  const rows = await db
    .select({
      code: openRoomsTable.code,
      visibility: openRoomsTable.visibility,
      playerIds: openRoomsTable.playerIds,
      gameId: gamesTable.id,
      title: gamesTable.title,
    })
    .from(openRoomsTable)
    .innerJoin(gamesTable, eq(gamesTable.id, openRoomsTable.gameId))
    .where(
      and(
        eq(openRoomsTable.joinable, true),
        lt(openRoomsTable.seatsTaken, openRoomsTable.maxPlayers),
        inArray(openRoomsTable.visibility, schoolMode ? ["friends"] : ["friends", "public"]),
        arrayOverlaps(openRoomsTable.playerIds, friends.map(userSeat)),
        not(arrayContains(openRoomsTable.playerIds, [userSeat(viewerId)])),
        gameIsShown(visibility),
      ),
    )
    .orderBy(desc(openRoomsTable.updatedAt));
  const friendSeats = new Set(viewerFriends.map(userSeat));
  for (const row of rows) {
    // GameRooms admits to a friends room only a friend of everyone seated (guests never sit there)
    if (row.visibility === "friends" && !row.playerIds.every((seat) => friendSeats.has(seat))) continue;
    const room = { code: row.code, inviteParams: null, game: { id: row.gameId, title: row.title } };
    for (const friend of friends)
      if (!found.has(friend) && row.playerIds.includes(userSeat(friend))) found.set(friend, room);
  }
  return found;
}
