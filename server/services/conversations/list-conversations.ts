import { AppError } from "@/server/http/errors";
import { readerUserId, type Reader } from "@/server/access/reader";
import type { TConversationListQuery } from "@/lib/schemas/conversations";
import { decodeCursor, encodeCursor } from "@/server/services/conversations/cursor";
import { listRowsByIds, readerListRows } from "@/server/services/conversations/list-rows";
import { searchConversationIds } from "@/server/services/conversations/search-conversations";
import { toConversationListItem } from "@/server/services/conversations/serialize";
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
export async function listConversations(reader: Reader, pageId: string, query: TConversationListQuery): Promise<ConversationPage> {
  // The reader's session, the page and the list are one statement (list-rows.ts, readerListRows); a request it
  // would refuse (a bad cursor, too deep an offset) still gets its 401/403/404 first, so only the rows are left out.
  let refused: unknown = null;
  let cursor: { at: Date; id: string } | null = null;
  try {
    cursor = query.cursor ? decodeCursor(query.cursor) : null;
  } catch (error) {
    refused = error;
  }
  const skip = cursor ? 0 : (query.page - 1) * query.limit;
  if (!refused && skip > MAX_LIST_OFFSET) refused = new AppError("bad_request", `page is too deep: offsets go up to ${MAX_LIST_OFFSET} conversations; continue with cursor=pagination.nextCursor`);
  const filter = { isSpam: query.isSpam, isImportant: query.isImportant, status: query.status, tags: query.tags, assigneeId: assigneeFilter(readerUserId(reader), query), channel: query.channel, cursor, offset: skip, take: query.limit + 1, dueAt: query.due ? new Date() : undefined };
  const read = await readerListRows(reader, pageId, query.search || refused ? null : filter);
  const page = read.page;
  if (!page) throw new AppError("not_found", "Page not found");
  if (refused) throw refused;
  // A search's ids come from its own SQL (search-conversations.ts); the rows are then read by id, in that order.
  const rows = query.search ? await listRowsByIds(page, (await searchConversationIds({ pageId: page.id, term: query.search, ...filter })).ids) : read.rows;
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
      // The "Breaching soon" view is ordered by due time: it pages by offset only.
      nextCursor: hasNextPage && last && !query.due ? encodeCursor(last.lastMessageAt, last.id) : null,
    },
  };
}

/** `assignee=me` → the reader's id, `unassigned` → null, no filter → undefined. */
function assigneeFilter(userId: string, query: TConversationListQuery): string | null | undefined {
  return query.assignee === "me" ? userId : query.assignee === "unassigned" ? null : undefined;
}
