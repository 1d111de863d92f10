import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { visiblePagesWhere } from "@/server/services/pages/visible-pages";
import { visibleListRow } from "@/server/services/conversations/list-rows";

/** Accepts our page id or the Facebook page id, as clients may hold either. */
export function pageIdWhere(pageId: string) {
  return isUuid(pageId) ? { OR: [{ id: pageId }, { facebookPageId: pageId }] } : { facebookPageId: pageId };
}

/** A page the actor may see, or 404 (never 403, so ids of other companies reveal nothing). */
export async function findVisiblePage(actor: Actor, pageId: string) {
  const page = await db.page.findFirst({ where: { AND: [visiblePagesWhere(actor), pageIdWhere(pageId)] } });
  if (!page) throw new AppError("not_found", "Page not found");
  return page;
}

/** A conversation on a page the actor may see, or 404. */
export async function findVisibleConversation(actor: Actor, conversationId: string, pageId?: string) {
  const conversation = await db.conversation.findFirst({ where: visibleConversationWhere(actor, conversationId, pageId), include: { customer: true, page: true } });
  if (!conversation) throw new AppError("not_found", "Conversation not found");
  return conversation;
}

/** The same conversation as its list item's row (the thread sends it along), in one plain-pg read (list-rows.ts). */
export async function findVisibleConversationItem(actor: Actor, conversationId: string, pageId?: string) {
  const row = isUuid(conversationId) ? await visibleListRow(actor, conversationId, pageId) : null;
  if (!row) throw new AppError("not_found", "Conversation not found");
  return row;
}

function visibleConversationWhere(actor: Actor, conversationId: string, pageId?: string) {
  if (!isUuid(conversationId)) throw new AppError("not_found", "Conversation not found");
  return { id: conversationId, page: { AND: [visiblePagesWhere(actor), ...(pageId ? [pageIdWhere(pageId)] : [])] } };
}
