import { z } from "zod";
import { idParamSchema } from "./common";
import {
  DIRECT_MESSAGE_MAX_LENGTH,
  DIRECT_MESSAGE_PAGE,
  type Conversation,
  type DirectMessage,
  type DirectMessageThread,
} from "./direct-messages-constants";
import { publicPlayerSchema } from "./notifications";

/** D88: direct messages between friends. Types and constants: ./direct-messages-constants.ts. */
export * from "./direct-messages-constants";

export const directMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
}) satisfies z.ZodType<DirectMessage>;

export const conversationSchema = z.object({
  user: publicPlayerSchema,
  lastMessage: z.object({ id: z.number().int(), body: z.string(), createdAt: z.string(), fromMe: z.boolean() }),
  unread: z.number().int(),
}) satisfies z.ZodType<Conversation>;
export const conversationListSchema = z.array(conversationSchema);

export const threadSchema = z.object({
  user: publicPlayerSchema,
  messages: z.array(directMessageSchema),
  hasMore: z.boolean(),
  canSend: z.boolean(),
  cannotSendReason: z.string().nullable(),
}) satisfies z.ZodType<DirectMessageThread>;

export const withUserParamsSchema = z.object({ userId: idParamSchema.shape.id });

export const threadQuerySchema = z.object({
  before: z.coerce
    .number({ message: "Invalid message id" })
    .int("Invalid message id")
    .positive("Invalid message id")
    .max(2147483647, "Invalid message id")
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DIRECT_MESSAGE_PAGE.max, `At most ${DIRECT_MESSAGE_PAGE.max} messages at once`)
    .default(DIRECT_MESSAGE_PAGE.default),
});

export const sendDirectMessageSchema = z
  .object({
    body: z
      .string({ error: "Please write a message" })
      .trim()
      .min(1, "Please write a message")
      .max(DIRECT_MESSAGE_MAX_LENGTH, `A message is at most ${DIRECT_MESSAGE_MAX_LENGTH} characters`),
  })
  .strict();

export const messagesUnreadSchema = z.object({ unread: z.number().int() });
