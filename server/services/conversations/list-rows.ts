import type { Actor } from "@/server/auth/actor";
import { firstRow, rows } from "@/server/db/sql/run";
import { listRowsByIdsSql, listRowsSql, listRowWithPageSql, type ListFilter, type ListRow } from "@/server/db/sql/conversation-list";
import type { ConversationListRow } from "@/server/services/conversations/serialize";
import { toListRow } from "@/server/services/conversations/conversation-summary";
import { type VisiblePage, visiblePageOnSql } from "@/server/access/pages";

// The conversation list's rows, and the thread's own row, through the SQL layer (server/db/sql/run.ts;
// the statements in server/db/sql/conversation-list.ts): every agent's inbox reads them every few seconds
// while the webhook load runs on the same event loop. Through Prisma the list's page cost 3–6 ms of server
// CPU, a third of it in Prisma's client (docs/performance/history-2026-11.md §6).

export type { ListFilter };

function toRow(row: ListRow, page: VisiblePage): ConversationListRow {
  const customer = { id: row.customer_id, psid: row.customer_psid, name: row.customer_name, avatarUrl: row.customer_avatar_url };
  return toListRow(row.id, row, customer, page);
}

/** A page of the list, newest first, on the (page_id, last_message_at, id) order the indexes hold. */
export async function listRowsOf(page: VisiblePage, filter: ListFilter): Promise<ConversationListRow[]> {
  const { statement, shape } = listRowsSql(page.id, filter);
  return (await rows(statement, { name: `conversation-list-${shape}` })).map((row) => toRow(row, page));
}

/** The rows of these conversations of the page, in the order of `ids` (a search's page of hits). */
export async function listRowsByIds(page: VisiblePage, ids: string[]): Promise<ConversationListRow[]> {
  if (!ids.length) return [];
  const found = await rows(listRowsByIdsSql(page.id, ids), { name: "conversation-list-by-ids" });
  const byId = new Map(found.map((row) => [row.id, toRow(row, page)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A conversation on a page the actor may see (and on `pageId` when given, our id or Facebook's), as its list row; else null. */
export async function visibleListRow(actor: Pick<Actor, "id" | "role" | "companyId">, conversationId: string, pageId?: string): Promise<ConversationListRow | null> {
  const row = await firstRow(listRowWithPageSql(conversationId, visiblePageOnSql("p", actor, pageId)), { name: pageId ? "conversation-row-on-page" : "conversation-row" });
  return row ? toRow(row, { id: row.page_id, name: row.page_name, facebookPageId: row.facebook_page_id }) : null;
}
