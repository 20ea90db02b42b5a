import { z } from "zod";
import { CHAT_MAX_LENGTH } from "./chat-constants";
import { isoDateTime, publicUserSchema } from "./common";

export { CHAT_LIVE_PATH, CHAT_MAX_LENGTH, CHAT_RATE_LIMIT } from "./chat-constants";

export const chatMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: isoDateTime,
  user: publicUserSchema.pick({ id: true, username: true, avatarUrl: true }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatListSchema = z.array(chatMessageSchema);

/** D36 */
export const chatListQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
/** D35: the author is the session's user; any other field (e.g. `userId`) is dropped. */
export const postChatSchema = z.object({
  message: z
    .string({ message: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(CHAT_MAX_LENGTH, `At most ${CHAT_MAX_LENGTH} characters`),
});
export type PostChatInput = z.input<typeof postChatSchema>;

/**
 * D37 live events, sent as JSON text frames on /api/chat/live.
 * `resync` means "this server may have missed events (its database listener reconnected):
 * refetch GET /api/chat".
 */
export const chatLiveEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: chatMessageSchema }),
  z.object({ type: z.literal("deleted"), id: z.number().int() }),
  z.object({ type: z.literal("resync") }),
]);
export type ChatLiveEvent = z.infer<typeof chatLiveEventSchema>;
