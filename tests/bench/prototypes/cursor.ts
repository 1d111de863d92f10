import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/services/auth/actor";
import type { TConversationListQuery } from "@/lib/schemas/conversations";
import { findVisiblePage } from "@/server/access/pages";
import { decodeCursor, encodeCursor } from "@/server/services/conversations/cursor";
import { conversationListSelect, toConversationListItem } from "@/server/services/conversations/serialize";

// Prototype: listConversations with one change — the keyset condition gets a redundant
// `last_message_at <= cursor.at` the (page_id, last_message_at DESC, id DESC) index can range-scan on.
// Postgres cannot use `a < x OR (a = x AND id < y)` as an index bound, so without it the scan starts at
// the newest row and filters everything above the cursor. Applied to the service on 2026-11-22.

export async function listWithBoundedCursor(actor: Actor, pageId: string, query: TConversationListQuery) {
  const page = await findVisiblePage(actor, pageId);
  const where: Prisma.ConversationWhereInput = {
    pageId: page.id,
    isSpam: query.isSpam,
    ...(query.isImportant ? { isImportant: true } : {}),
    ...(query.tags.length ? { tags: { some: { name: { in: query.tags } } } } : {}),
  };
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const keyset: Prisma.ConversationWhereInput[] = cursor
    ? [{ lastMessageAt: { lte: cursor.at } }, { OR: [{ lastMessageAt: { lt: cursor.at } }, { lastMessageAt: cursor.at, id: { lt: cursor.id } }] }]
    : [];
  const rows = await db.conversation.findMany({
    where: { AND: [where, ...keyset] },
    orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
    skip: cursor ? 0 : (query.page - 1) * query.limit,
    take: query.limit + 1,
    select: conversationListSelect,
  });
  return page_(rows, query);
}

export function page_(rows: Prisma.ConversationGetPayload<{ select: typeof conversationListSelect }>[], query: TConversationListQuery) {
  const hasNextPage = rows.length > query.limit;
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  return { data: data.map(toConversationListItem), pagination: { currentPage: query.page, hasNextPage, nextCursor: hasNextPage && last ? encodeCursor(last.lastMessageAt, last.id) : null } };
}

