import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api-client";
import type { FriendLists, RelationshipView } from "@contract/friends";
import type { Presence } from "@contract/player-live";

/** D84: friends, requests, blocks. Personal: asked in the browser only. */

export type Friend = FriendLists["friends"][number];

export const friendKeys = {
  all: ["friends"] as const,
  lists: () => [...friendKeys.all, "lists"] as const,
  relationship: (userId: number) => [...friendKeys.all, "with", userId] as const,
};

export const friendListsQuery = () =>
  queryOptions({
    queryKey: friendKeys.lists(),
    queryFn: () => getJson<FriendLists>("/api/friends"),
    staleTime: 30_000,
    meta: { clientOnly: true },
  });

export const relationshipQuery = (userId: number) =>
  queryOptions({
    queryKey: friendKeys.relationship(userId),
    queryFn: () => getJson<RelationshipView>(`/api/friends/${userId}`),
    staleTime: 30_000,
    meta: { clientOnly: true },
  });

export type FriendAction = "request" | "remove" | "block" | "unblock";

/** One call per action; the server's message comes back as the error. */
export async function friendAction(action: FriendAction, userId: number): Promise<void> {
  const [method, path] = {
    request: ["POST", "friends"],
    remove: ["DELETE", "friends"],
    block: ["POST", "blocks"],
    unblock: ["DELETE", "blocks"],
  }[action] as ["POST" | "DELETE", string];
  await apiRequest(method, `/api/${path}/${userId}`);
}

/**
 * D84: a friend's presence pushed live, applied to the cached lists and profile. Their room (D122) is kept only while
 * they still play its game: the next fetch tells the rest.
 */
export function applyPresence(qc: QueryClient, userId: number, presence: Presence): void {
  const roomKept = (room: Friend["room"]) =>
    room && presence.status === "playing" && presence.game.id === room.game.id ? room : null;
  qc.setQueryData<FriendLists>(friendKeys.lists(), (old) =>
    old
      ? {
          ...old,
          friends: old.friends.map((f) => (f.id === userId ? { ...f, presence, room: roomKept(f.room) } : f)),
        }
      : old,
  );
  qc.setQueryData<RelationshipView>(friendKeys.relationship(userId), (old) =>
    old && old.friends ? { ...old, presence } : old,
  );
}

/**
 * D122: where Join leads: an Arcadium room by its code, a room of the game's own servers by its invite parameters
 * (the game page checks them again and hands them to the game).
 */
export function friendRoomHref(room: NonNullable<Friend["room"]>): string {
  const query = room.code ? new URLSearchParams({ room: room.code }) : new URLSearchParams(room.inviteParams ?? {});
  const search = query.toString();
  return search ? `/game/${room.game.id}?${search}` : `/game/${room.game.id}`;
}

/** "Online", "Playing {game}", or null (offline says nothing). */
export function presenceLabel(presence: Presence | null | undefined): string | null {
  if (!presence || presence.status === "offline") return null;
  return presence.status === "playing" ? `Playing ${presence.game.title}` : "Online";
}
