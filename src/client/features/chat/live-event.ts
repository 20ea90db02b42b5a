import type { ChatLiveEvent, ChatMessage } from "@contract/chat";

/**
 * A live chat event as the contract's chatLiveEventSchema describes it, with only its fields, or null
 * for anything else (ignored by the page). Checked by hand rather than with the schema: the chat is on the home
 * page, and zod stays out of what public pages load (D73). live-event.test.ts checks that the
 * two agree.
 */
export function parseChatLiveEvent(data: unknown): ChatLiveEvent | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case "message": {
      const message = toChatMessage(data.message);
      return message ? { type: "message", message } : null;
    }
    case "deleted":
      return isInt(data.id) ? { type: "deleted", id: data.id } : null;
    case "resync":
      return { type: "resync" };
    default:
      return null;
  }
}

function toChatMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value) || !isInt(value.id) || typeof value.message !== "string" || typeof value.createdAt !== "string")
    return null;
  const user = value.user;
  if (
    !isRecord(user) ||
    !isInt(user.id) ||
    typeof user.username !== "string" ||
    (user.avatarUrl !== null && typeof user.avatarUrl !== "string")
  )
    return null;
  return {
    id: value.id,
    message: value.message,
    createdAt: value.createdAt,
    user: { id: user.id, username: user.username, avatarUrl: user.avatarUrl },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isInt(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}
