import type { QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { applyPresence, friendKeys } from "@/features/friends/api";
import { applyPushed, notificationKeys } from "@/features/notifications/api";
import { notificationText } from "@/features/notifications/notification-text";
import { authKeys } from "@/lib/query-keys";
import type { NotificationItem, PlayerLiveEvent, Presence } from "@contract/player-live";

/**
 * What a player's live events do to the page: keep notifications, friends and presence, and direct
 * messages fresh in the query cache, and toast a new notification. Loaded with the first such event or the first
 * reconnection (use-player-live.ts), not with the page (D73).
 */

/** Query keys of direct messages (D88): refetched when a conversation changes. */
export const directMessageKeys = { all: ["messages"] as const };

/** Applies one message of the live connection; anything but a player's own event is ignored. */
export function applyPlayerEvent(qc: QueryClient, data: unknown): void {
  const event = parsePlayerEvent(data);
  if (!event) return;
  switch (event.type) {
    case "notification":
      applyPushed(qc, event.notification, event.unread);
      toast({ title: notificationText(event.notification), waitTurn: true });
      return;
    case "notifications-changed":
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
      return;
    case "friends-changed":
      void qc.invalidateQueries({ queryKey: friendKeys.all });
      return;
    case "friend-rooms-changed":
      void qc.invalidateQueries({ queryKey: friendKeys.lists() });
      return;
    case "presence":
      applyPresence(qc, event.userId, event.presence);
      return;
    case "direct-messages-changed":
      void qc.invalidateQueries({ queryKey: directMessageKeys.all });
      return;
    case "account-closed":
      // D96: banned: the session is gone; asking again shows the page signed out
      void qc.invalidateQueries({ queryKey: authKeys.user() });
      return;
  }
}

/** After a reconnection: refetch what may have been missed while the connection was down. */
export function resyncPlayer(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: notificationKeys.all });
  void qc.invalidateQueries({ queryKey: friendKeys.all });
}

/**
 * A personal live event with the fields the page reads, or null for anything else (the chat's events among
 * them). Checked by hand: the header is on every page and zod stays out of public pages (D73).
 */
export function parsePlayerEvent(data: unknown): PlayerLiveEvent | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case "notification":
      return isNotification(data.notification) && isCount(data.unread)
        ? { type: "notification", notification: data.notification, unread: data.unread }
        : null;
    case "notifications-changed":
    case "friends-changed":
    case "friend-rooms-changed":
      return { type: data.type };
    case "presence":
      return isId(data.userId) && isPresence(data.presence)
        ? { type: "presence", userId: data.userId, presence: data.presence }
        : null;
    case "direct-messages-changed":
      return isId(data.withUserId) ? { type: "direct-messages-changed", withUserId: data.withUserId } : null;
    case "account-closed":
      return { type: "account-closed" };
    default:
      return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown): v is string | null => v === null || typeof v === "string";

function isNotification(v: unknown): v is NotificationItem {
  if (!isRecord(v) || !isId(v.id) || typeof v.kind !== "string" || typeof v.createdAt !== "string") return false;
  if (!isText(v.readAt) || !isText(v.text) || !isText(v.link)) return false;
  const actorOk =
    v.actor === null ||
    (isRecord(v.actor) && isId(v.actor.id) && typeof v.actor.username === "string" && isText(v.actor.avatarUrl));
  const gameOk = v.game === null || (isRecord(v.game) && isId(v.game.id) && typeof v.game.title === "string");
  return actorOk && gameOk;
}

function isPresence(v: unknown): v is Presence {
  if (!isRecord(v)) return false;
  if (v.status === "offline" || v.status === "online") return true;
  return v.status === "playing" && isRecord(v.game) && isId(v.game.id) && typeof v.game.title === "string";
}
