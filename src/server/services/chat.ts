import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { ChatMessage } from "../../contract/chat";
import type { Db } from "../db/client";
import { chatMessagesTable, usersTable } from "../db/schema";
import { NotFound } from "../errors";
import { displayNameSql } from "./account-deletion";
import { checkChatMessage } from "./community-settings";
import { assertNotMuted } from "./moderation";

const selectMessage = {
  id: chatMessagesTable.id,
  message: chatMessagesTable.message,
  createdAt: chatMessagesTable.createdAt,
  userId: usersTable.id,
  // D87: an anonymised account's messages stay, by "Deleted player".
  username: displayNameSql,
  avatarUrl: usersTable.avatarUrl,
};

type MessageRow = {
  id: number;
  message: string;
  createdAt: Date;
  userId: number;
  username: string;
  avatarUrl: string | null;
};

function toChatMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId, username: r.username, avatarUrl: r.avatarUrl },
  };
}

/** One message that has not been deleted, or null (the chat hub loads events sent by reference). */
export async function loadChatMessage(db: Db, id: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select(selectMessage)
    .from(chatMessagesTable)
    .innerJoin(usersTable, eq(usersTable.id, chatMessagesTable.userId))
    .where(and(eq(chatMessagesTable.id, id), isNull(chatMessagesTable.deletedAt)));
  return row ? toChatMessage(row) : null;
}

/** D36: the latest messages, oldest first; `before` pages back. */
export async function listChatMessages(db: Db, query: { before?: number; limit: number }): Promise<ChatMessage[]> {
  const rows = await db
    .select(selectMessage)
    .from(chatMessagesTable)
    .innerJoin(usersTable, eq(usersTable.id, chatMessagesTable.userId))
    .where(and(isNull(chatMessagesTable.deletedAt), query.before ? lt(chatMessagesTable.id, query.before) : undefined))
    .orderBy(desc(chatMessagesTable.id))
    .limit(query.limit);
  return rows.reverse().map(toChatMessage);
}

/**
 * D35: stores a message by `author` (the session's user); 403 while the author is muted, 403 while the
 * chat is off; 400 for a link (unless allowed) or a blocked word; masked words are stored starred.
 */
export async function postChatMessage(
  db: Db,
  author: { id: number; username: string; avatarUrl: string | null },
  text: string,
): Promise<ChatMessage> {
  await assertNotMuted(db, author.id);
  const message = await checkChatMessage(db, text);
  const [row] = await db.insert(chatMessagesTable).values({ userId: author.id, message }).returning();
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    user: { id: author.id, username: author.username, avatarUrl: author.avatarUrl },
  };
}

/** D37: a soft delete; NotFound when the message does not exist or is already deleted. */
export async function deleteChatMessage(db: Db, id: number): Promise<void> {
  const [row] = await db
    .update(chatMessagesTable)
    .set({ deletedAt: new Date() })
    .where(and(eq(chatMessagesTable.id, id), isNull(chatMessagesTable.deletedAt)))
    .returning({ id: chatMessagesTable.id });
  if (!row) throw new NotFound("Message not found");
}
