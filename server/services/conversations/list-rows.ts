import type { Actor } from "@/server/services/auth/actor";
import { isUuid } from "@/lib/ids";
import { firstRow, prepared, rows } from "@/server/db/sql/run";
import { listRowsByIdsSql, listRowsSql, listRowWithPageSql, readerListSql, readerRowWithPageSql, type ListFilter, type ListRow } from "@/server/db/sql/conversation-list";
import type { ConversationListRow } from "@/server/services/conversations/serialize";
import { toListRow } from "@/server/services/conversations/conversation-summary";
import { readerPageCtes, type VisiblePage, visiblePageOnSql } from "@/server/access/pages";
import { actorOfRow, readerSql, readerStatementName, readerViewer, type Reader } from "@/server/access/reader";

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
  const { statement } = listRowsSql(page.id, filter);
  return (await rows(statement)).map((row) => toRow(row, page));
}

/** The rows of these conversations of the page, in the order of `ids` (a search's page of hits). */
export async function listRowsByIds(page: VisiblePage, ids: string[]): Promise<ConversationListRow[]> {
  if (!ids.length) return [];
  const found = await rows(listRowsByIdsSql(page.id, ids));
  const byId = new Map(found.map((row) => [row.id, toRow(row, page)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A conversation on a page the actor may see (and on `pageId` when given, our id or Facebook's), as its list row; else null. */
export async function visibleListRow(actor: Pick<Actor, "id" | "role" | "companyId">, conversationId: string, pageId?: string): Promise<ConversationListRow | null> {
  const row = await firstRow(prepared(pageId ? "conversation-row-on-page" : "conversation-row", listRowWithPageSql(conversationId, visiblePageOnSql("p", actor, pageId))));
  return row ? toRow(row, { id: row.page_id, name: row.page_name, facebookPageId: row.facebook_page_id }) : null;
}

/**
 * The reader, the page `pageId` names if they may see it (else null), and with a filter the page of its list:
 * one statement (readerListSql). 401 and 403 are thrown first, as the route wrapper would have.
 */
export async function readerListRows(reader: Reader, pageId: string, filter: ListFilter | null): Promise<{ actor: Actor; page: VisiblePage | null; rows: ConversationListRow[] }> {
  const { statement, shape } = readerListSql(readerPageCtes(reader, pageId), filter);
  const found = await rows(shape === null ? statement : prepared(readerStatementName(reader, `reader-${shape}`), statement));
  const actor = actorOfRow(reader, found[0]);
  const head = found[0];
  if (!head?.page_id) return { actor, page: null, rows: [] };
  const page = { id: head.page_id, name: head.page_name, facebookPageId: head.page_facebook_page_id };
  return { actor, page, rows: found.flatMap((row) => (row.id === null ? [] : [toRow(row, page)])) };
}

/** visibleListRow for a reader whose session the same statement checks (readerRowWithPageSql); 401 and 403 first. */
export async function readerListRow(reader: Reader, conversationId: string, pageId?: string): Promise<{ actor: Actor; row: ConversationListRow | null }> {
  const statement = readerRowWithPageSql(readerSql(reader), isUuid(conversationId) ? conversationId : null, visiblePageOnSql("p", readerViewer("rd"), pageId));
  const found = await firstRow(prepared(readerStatementName(reader, pageId ? "reader-conversation-row-on-page" : "reader-conversation-row"), statement));
  const actor = actorOfRow(reader, found);
  if (!found || found.id === null) return { actor, row: null };
  return { actor, row: toRow(found, { id: found.page_id, name: found.page_name, facebookPageId: found.facebook_page_id }) };
}
