import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";
import { readerListRow } from "@/server/services/conversations/list-rows";
import type { Reader } from "@/server/access/reader";

// Conversation access: a conversation is visible when its page is (server/access/pages.ts). The Prisma
// form reads the whole row; the plain-pg form (list-rows.ts, on the same page rule in SQL) reads the list
// item the thread sends along.

/** A conversation on a page the actor may see, or 404. */
export async function findVisibleConversation(actor: Actor, conversationId: string, pageId?: string) {
  const conversation = await db.conversation.findFirst({ where: visibleConversationWhere(actor, conversationId, pageId), include: { customer: true, page: true } });
  if (!conversation) throw new AppError("not_found", "Conversation not found");
  return conversation;
}

/**
 * The same conversation as its list item's row (the thread sends it along), with the reader's session in the
 * same statement (list-rows.ts, readerListRow): 401 or 403 for the reader first, then 404 as above.
 */
export async function findVisibleConversationItem(reader: Reader, conversationId: string, pageId?: string) {
  const { row } = await readerListRow(reader, conversationId, pageId);
  if (!row) throw new AppError("not_found", "Conversation not found");
  return row;
}

function visibleConversationWhere(actor: Actor, conversationId: string, pageId?: string) {
  if (!isUuid(conversationId)) throw new AppError("not_found", "Conversation not found");
  return { id: conversationId, page: { AND: [visiblePagesWhere(actor), ...(pageId ? [pageIdWhere(pageId)] : [])] } };
}
