import type { Reader } from "@/server/access/reader";
import type { TThreadQuery } from "@/lib/schemas/conversations";
import { findVisibleConversationItem } from "@/server/access/conversations";
import { decodeCursor, encodeCursor } from "@/server/services/conversations/cursor";
import { loadReplyTargets } from "@/server/services/conversations/reply-targets";
import { threadRowsOf } from "@/server/services/conversations/thread-rows";
import { toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import type { ThreadPage } from "@/lib/contract/inbox-api";

/**
 * GET /api/conversation/{conversationId}/{pageId}: messages newest first, as the Graph API pages them.
 * `after` continues to older messages (the thread loads them when scrolled to the top); `before` fetches
 * newer ones. paging.next is set while older messages remain.
 */
export async function getThread(reader: Reader, conversationId: string, pageId: string, query: TThreadQuery, requestUrl: string): Promise<ThreadPage> {
  const conversation = await findVisibleConversationItem(reader, conversationId, pageId);
  const newer = query.before ? decodeCursor(query.before) : null;
  const older = query.after ? decodeCursor(query.after) : null;

  const rows = await threadRowsOf(conversation.id, { older, newer, take: query.limit + 1 });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (newer) page.reverse();

  const names = { customerName: conversation.customer.name, pageName: conversation.page.name };
  const first = page[0];
  const last = page.at(-1);
  const olderRemain = newer ? true : hasMore;
  const next = olderRemain && last ? withCursor(requestUrl, "after", encodeCursor(last.createdTime, last.id)) : null;
  const replyTargets = await loadReplyTargets(conversation.id, page);
  return {
    data: page.map((row) => toApiMessage(row, names, row.replyToMid ? replyTargets.get(row.replyToMid) : null)),
    paging: {
      cursors: { before: first ? encodeCursor(first.createdTime, first.id) : null, after: last ? encodeCursor(last.createdTime, last.id) : null },
      next,
    },
    conversation: toConversationListItem(conversation),
  };
}

function withCursor(requestUrl: string, key: "after" | "before", cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete("before");
  url.searchParams.delete("after");
  url.searchParams.set(key, cursor);
  return `${url.pathname}${url.search}`;
}
