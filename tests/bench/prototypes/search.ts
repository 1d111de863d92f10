import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/auth/actor";
import type { TConversationListQuery } from "@/lib/schemas/conversations";
import { findVisiblePage } from "@/server/services/conversations/find-conversation";
import { decodeCursor } from "@/server/services/conversations/cursor";
import { conversationListSelect } from "@/server/services/conversations/serialize";
import { page_ } from "./cursor";

// Prototype: conversation search in two phases, for use with GIN trigram indexes on messages.text and
// customers.name (created by prototypes.ts for its run only).

/** Conversations the newest-first walk inspects before it hands the search to the trigram indexes. */
export const WALK = 200;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function searchIds(pageId: string, query: TConversationListQuery): Promise<{ ids: string[]; phase: 1 | 2 }> {
  const pattern = likePattern(query.search!);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const take = query.limit + 1;
  const offset = cursor ? 0 : (query.page - 1) * query.limit;
  const filters = Prisma.sql`c.page_id = ${pageId}::uuid AND c.is_spam = ${query.isSpam}
    ${query.isImportant ? Prisma.sql`AND c.is_important` : Prisma.empty}
    ${query.tags.length ? Prisma.sql`AND EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = c.id AND t.name = ANY(${query.tags}))` : Prisma.empty}
    ${cursor ? Prisma.sql`AND (c.last_message_at, c.id) < (${cursor.at}, ${cursor.id}::uuid)` : Prisma.empty}`;

  // 1. The newest WALK conversations, each checked by name, preview and its own messages. The message
  //    check is kept on the (conversation_id, created_time) index — `text || ''` cannot use the trigram
  //    index and OFFSET 0 stops a hashed subplan over every matching message — so the cost is bounded.
  //    Common terms fill the page here.
  const walked = await db.$queryRaw<{ id: string }[]>`
    SELECT r.id FROM (
      SELECT c.id, c.customer_id, c.last_message_text, c.last_message_at FROM conversations c WHERE ${filters}
       ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${WALK}) r
    JOIN customers u ON u.id = r.customer_id
    WHERE u.name ILIKE ${pattern} OR r.last_message_text ILIKE ${pattern}
       OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = r.id AND (m.text || '') ILIKE ${pattern} OFFSET 0)
    ORDER BY r.last_message_at DESC, r.id DESC OFFSET ${offset} LIMIT ${take}`;
  // A full page is exact: every match outside the walk sorts after it.
  if (walked.length === take) return { ids: walked.map((r) => r.id), phase: 1 };

  // 2. Rarer terms: the trigram indexes give the candidates (names, message texts), each looked up by
  //    key; only the candidates are sorted.
  const found = await db.$queryRaw<{ id: string }[]>`
    SELECT x.id FROM (
      SELECT c.id, c.last_message_at FROM customers u
        CROSS JOIN LATERAL (SELECT c.id, c.last_message_at FROM conversations c WHERE c.customer_id = u.id AND ${filters}) c
       WHERE u.page_id = ${pageId}::uuid AND u.name ILIKE ${pattern}
      UNION
      SELECT c.id, c.last_message_at FROM (SELECT DISTINCT m.conversation_id FROM messages m WHERE m.text ILIKE ${pattern}) h
        CROSS JOIN LATERAL (SELECT c.id, c.last_message_at FROM conversations c WHERE c.id = h.conversation_id AND ${filters}) c
    ) x ORDER BY x.last_message_at DESC, x.id DESC OFFSET ${offset} LIMIT ${take}`;
  return { ids: found.map((r) => r.id), phase: 2 };
}

export async function listWithSearch(actor: Actor, pageId: string, query: TConversationListQuery) {
  const page = await findVisiblePage(actor, pageId);
  const { ids, phase } = await searchIds(page.id, query);
  const rows = await db.conversation.findMany({ where: { id: { in: ids } }, select: conversationListSelect });
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { ...page_(rows, query), phase };
}

