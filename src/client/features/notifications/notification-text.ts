import { formatNumber } from "@/lib/format";
import type { NotificationItem } from "@contract/player-live";

const someone = (n: NotificationItem) => n.actor?.username ?? "A player";
const game = (n: NotificationItem) => n.game?.title ?? "a game";

/** D85: what a notification says, by kind. */
export function notificationText(n: NotificationItem): string {
  switch (n.kind) {
    case "friend_request":
      return `${someone(n)} sent you a friend request`;
    case "friend_accepted":
      return `${someone(n)} accepted your friend request`;
    case "score_beaten": {
      // points arrive as a number; a time (D90) as it reads
      const score = Number(n.text);
      const shown = !n.text ? "" : Number.isFinite(score) ? formatNumber(score) : n.text;
      return `${someone(n)} beat your best score on ${game(n)}${shown ? ` with ${shown}` : ""}`;
    }
    case "achievement":
      return `Achievement unlocked: ${n.text ?? "a new achievement"}${n.game ? ` in ${n.game.title}` : ""}`;
    case "report_handled":
      return `Your report was handled${n.text ? `: ${n.text}` : ""}`;
    case "announcement":
      return n.text ?? "Announcement";
    case "room_invite":
      return `${someone(n)} invited you to play ${game(n)}`;
    case "room_turn":
      return `Your turn in ${game(n)} with ${n.actor?.username ?? n.text ?? "another player"}`;
    case "creator_application":
      return n.text === "approved"
        ? "You are a creator now: your studio is open"
        : `Your creator application was declined${n.text && n.text !== "declined" ? `: ${n.text}` : ""}`;
    case "build_review":
      return `${n.game?.title ?? "Your game"}: ${n.text ?? "a build's review moved on"}`;
    case "score_held":
      return `A score on ${game(n)} waits for a moderator`;
    default:
      return "New notification";
  }
}
