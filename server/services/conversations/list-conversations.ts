import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/auth/actor";
import type { TConversationListQuery } from "@/lib/schemas/conversations";
import { findVisiblePage } from "@/server/services/conversations/find-conversation";
import { decodeCursor, encodeCursor } from "@/server/services/conversations/cursor";
import { conversationListSelect, toConversationListItem } from "@/server/services/conversations/serialize";

/**
 * GET /api/conversations/{pageId}: newest first. Spam is its own folder: shown only with isSpam=true.
 * Tags match any selected tag. Search looks in the customer's name and every message of the conversation.
 * `page` pages by offset as the spec's clients do; `cursor` pages by keyset for deep scrolling.
 */
export async function listConversations(actor: Actor, pageId: string, query: TConversationListQuery) {
  const page = await findVisiblePage(actor, pageId);
  const where: Prisma.ConversationWhereInput = {
    pageId: page.id,
    isSpam: query.isSpam,
    ...(query.isImportant ? { isImportant: true } : {}),
    ...(query.tags.length ? { tags: { some: { name: { in: query.tags } } } } : {}),
    ...(query.search ? { OR: searchWhere(query.search) } : {}),
  };
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  // The redundant `lte` is what the (page_id, last_message_at, id) index can range-scan on; Postgres cannot
  // use the OR as an index bound and would walk every newer row (see docs/PERFORMANCE.md).
  const keyset: Prisma.ConversationWhereInput[] = cursor
    ? [{ lastMessageAt: { lte: cursor.at } }, { OR: [{ lastMessageAt: { lt: cursor.at } }, { lastMessageAt: cursor.at, id: { lt: cursor.id } }] }]
    : [];
  const rows = await db.conversation.findMany({
    where: cursor ? { AND: [where, ...keyset] } : where,
    orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
    skip: cursor ? 0 : (query.page - 1) * query.limit,
    take: query.limit + 1,
    select: conversationListSelect,
  });
  const hasNextPage = rows.length > query.limit;
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  return {
    data: data.map(toConversationListItem),
    pagination: {
      currentPage: query.page,
      hasNextPage,
      nextCursor: hasNextPage && last ? encodeCursor(last.lastMessageAt, last.id) : null,
    },
  };
}

function searchWhere(search: string): Prisma.ConversationWhereInput[] {
  // Prisma hands `contains` to ILIKE unescaped: without this, `%` and `_` were wildcards and `\` an escape.
  const contains = { contains: search.replace(/[\\%_]/g, (c) => `\\${c}`), mode: "insensitive" as const };
  return [{ customer: { name: contains } }, { lastMessageText: contains }, { messages: { some: { text: contains } } }];
}
