import { AppError } from "@/server/http/errors";
import type { Actor } from "@/server/auth/actor";
import type { TConversationListQuery } from "@/lib/schemas/conversations";
import { decodeCursor, encodeCursor } from "@/server/services/conversations/cursor";
import { listRowsByIds, listRowsOf } from "@/server/services/conversations/list-rows";
import { searchConversationIds } from "@/server/services/conversations/search-conversations";
import { toConversationListItem } from "@/server/services/conversations/serialize";
import { visiblePageOf } from "@/server/access/pages";
import { searchSnippets } from "@/server/services/conversations/search-snippets";
import type { ConversationPage } from "@/lib/contract/inbox-api";

/**
 * Deepest offset served by `page=`: OFFSET reads and discards every earlier row (35 ms of SQL at 97 890
 * rows), so past this a request is refused with a 400 naming the cursor, and every offset served costs
 * about what the first page does (docs/PERFORMANCE.md). The inbox scrolls by cursor after its first page.
 */
export const MAX_LIST_OFFSET = 3_000;

/**
 * GET /api/conversations/{pageId}: newest first. Spam is its own folder: shown only with isSpam=true.
 * Tags match any selected tag. Search looks in the customer's name, the preview and every message of the
 * conversation (search-conversations.ts). `page` pages by offset as the spec's clients do; `cursor` pages
 * by keyset for deep scrolling.
 */
export async function listConversations(actor: Actor, pageId: string, query: TConversationListQuery): Promise<ConversationPage> {
  const page = await visiblePageOf(actor, pageId);
  if (!page) throw new AppError("not_found", "Page not found");
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const skip = cursor ? 0 : (query.page - 1) * query.limit;
  if (skip > MAX_LIST_OFFSET) throw new AppError("bad_request", `page is too deep: offsets go up to ${MAX_LIST_OFFSET} conversations; continue with cursor=pagination.nextCursor`);
  const filter = { isSpam: query.isSpam, isImportant: query.isImportant, status: query.status, tags: query.tags, assigneeId: assigneeFilter(actor, query), channel: query.channel, cursor, offset: skip, take: query.limit + 1 };
  // A search's ids come from its own SQL (search-conversations.ts); the rows are then read by id, in that order.
  const rows = query.search
    ? await listRowsByIds(page, (await searchConversationIds({ pageId: page.id, term: query.search, ...filter })).ids)
    : await listRowsOf(page, filter);
  const hasNextPage = rows.length > query.limit;
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  // A hit only in an older message: the row shows that message's matching part (search_snippet).
  const snippets = query.search ? await searchSnippets(data.map((r) => ({ id: r.id, name: r.customer.name, preview: r.lastMessageText })), query.search) : null;
  return {
    data: data.map((row) => {
      const item = toConversationListItem(row);
      const snippet = snippets?.get(row.id);
      return snippet ? { ...item, search_snippet: snippet } : item;
    }),
    pagination: {
      currentPage: query.page,
      hasNextPage,
      nextCursor: hasNextPage && last ? encodeCursor(last.lastMessageAt, last.id) : null,
    },
  };
}

/** `assignee=me` → the actor's id, `unassigned` → null, no filter → undefined. */
function assigneeFilter(actor: Actor, query: TConversationListQuery): string | null | undefined {
  return query.assignee === "me" ? actor.id : query.assignee === "unassigned" ? null : undefined;
}
