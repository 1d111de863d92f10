import type { Actor } from "@/server/auth/actor";
import { directPool } from "@/server/db/direct";
import type { Cursor } from "@/server/services/conversations/cursor";
import type { Channel } from "@/lib/inbox/channels";
import type { ConversationListRow } from "@/server/services/conversations/serialize";
import { SUMMARY_RETURNING_SQL, toListRow, type SummaryColumns } from "@/server/services/conversations/conversation-summary";
import { pageIdCondition, pageIdValues, type VisiblePage, visiblePageCondition, visiblePageValues } from "@/server/access/pages";

// The conversation list's rows, and the thread's own row, through plain pg (server/db/direct.ts): every
// agent's inbox reads them every few seconds while the webhook load runs on the same event loop. Through
// Prisma the list's page cost 3–6 ms of server CPU, a third of it in Prisma's client (docs/PERFORMANCE.md
// §6). One statement per read, prepared per shape; the columns are the socket payload's
// (SUMMARY_RETURNING_SQL), so a list read and a live update cannot disagree on tags or assignee.

const ROW_COLUMNS = `${SUMMARY_RETURNING_SQL},
  cu.id AS customer_id, cu.psid AS customer_psid, cu.name AS customer_name, cu.avatar_url AS customer_avatar_url`;
const FROM_CONVERSATIONS = "FROM conversations JOIN customers cu ON cu.id = conversations.customer_id";

/** The creation's placeholder time of a conversation without messages (customers.ts, import-history.ts). */
export const NOT_YET = "'epoch'::timestamptz";

type Row = SummaryColumns & { id: string; customer_id: string; customer_psid: string; customer_name: string; customer_avatar_url: string | null };

function toRow(row: Row, page: VisiblePage): ConversationListRow {
  const customer = { id: row.customer_id, psid: row.customer_psid, name: row.customer_name, avatarUrl: row.customer_avatar_url };
  return toListRow(row.id, row, customer, page);
}

export type ListFilter = {
  isSpam: boolean;
  isImportant: boolean;
  /** Any of these tags. */
  tags: string[];
  /** The Open / Done / Snoozed view; undefined for every status. */
  status?: ConversationListRow["status"];
  /** An agent's id, null for unassigned, undefined for anyone's. */
  assigneeId: string | null | undefined;
  /** One channel of the page only (the index on (page_id, channel, last_message_at, id)); undefined for both. */
  channel?: Channel;
  cursor: Cursor | null;
  offset: number;
  take: number;
};

/** A page of the list, newest first, on the (page_id, last_message_at, id) order the indexes hold. */
export async function listRowsOf(page: VisiblePage, filter: ListFilter): Promise<ConversationListRow[]> {
  const values: unknown[] = [page.id, filter.isSpam];
  // A first contact's conversation is created one statement before its first message (customers.ts, then
  // record-message.ts), with last_message_at 'epoch': until the message is in, it is not listed, so a read
  // of the list never shows it without its message and unread count.
  const conditions = ["conversations.page_id = $1::uuid", "conversations.is_spam = $2", `conversations.last_message_at > ${NOT_YET}`];
  let shape = "";
  const param = (value: unknown) => `$${values.push(value)}`;
  if (filter.assigneeId === null) {
    conditions.push("conversations.assignee_id IS NULL");
    shape += "u";
  } else if (filter.assigneeId !== undefined) {
    conditions.push(`conversations.assignee_id = ${param(filter.assigneeId)}::uuid`);
    shape += "a";
  }
  if (filter.status) {
    conditions.push(`conversations.status = ${param(filter.status)}::"ConversationStatus"`);
    shape += "s";
  }
  if (filter.channel) {
    conditions.push(`conversations.channel = ${param(filter.channel)}::"Channel"`);
    shape += "h";
  }
  if (filter.isImportant) {
    conditions.push("conversations.is_important");
    shape += "i";
  }
  if (filter.tags.length) {
    conditions.push(`EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = conversations.id AND t.name = ANY(${param(filter.tags)}::text[]))`);
    shape += "t";
  }
  if (filter.cursor) {
    // The redundant `<=` is what the index can range-scan on; Postgres cannot use the OR as an index bound
    // and would walk every newer row (docs/PERFORMANCE.md).
    const at = param(filter.cursor.at);
    const id = param(filter.cursor.id);
    conditions.push(`conversations.last_message_at <= ${at}::timestamptz`);
    conditions.push(`(conversations.last_message_at < ${at}::timestamptz OR (conversations.last_message_at = ${at}::timestamptz AND conversations.id < ${id}::uuid))`);
    shape += "c";
  }
  const text = `SELECT ${ROW_COLUMNS} ${FROM_CONVERSATIONS}
                 WHERE ${conditions.join(" AND ")}
                 ORDER BY conversations.last_message_at DESC, conversations.id DESC
                 OFFSET ${param(filter.offset)} LIMIT ${param(filter.take)}`;
  const { rows } = await directPool().query<Row>({ name: `conversation-list-${shape}`, text, values });
  return rows.map((row) => toRow(row, page));
}

/** The rows of these conversations of the page, in the order of `ids` (a search's page of hits). */
export async function listRowsByIds(page: VisiblePage, ids: string[]): Promise<ConversationListRow[]> {
  if (!ids.length) return [];
  const { rows } = await directPool().query<Row>({
    name: "conversation-list-by-ids",
    text: `SELECT ${ROW_COLUMNS} ${FROM_CONVERSATIONS} WHERE conversations.id = ANY($1::uuid[]) AND conversations.page_id = $2::uuid`,
    values: [ids, page.id],
  });
  const byId = new Map(rows.map((row) => [row.id, toRow(row, page)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A conversation on a page the actor may see (and on `pageId` when given, our id or Facebook's), as its list row; else null. */
export async function visibleListRow(actor: Pick<Actor, "id" | "role" | "companyId">, conversationId: string, pageId?: string): Promise<ConversationListRow | null> {
  const values = [conversationId, ...visiblePageValues(actor), ...(pageId ? pageIdValues(pageId) : [])];
  const { rows } = await directPool().query<Row & { page_id: string; page_name: string; facebook_page_id: string }>({
    name: pageId ? "conversation-row-on-page" : "conversation-row",
    text: `SELECT ${ROW_COLUMNS}, p.id AS page_id, p.name AS page_name, p.facebook_page_id
             ${FROM_CONVERSATIONS} JOIN pages p ON p.id = conversations.page_id
            WHERE conversations.id = $1::uuid AND ${visiblePageCondition("p", 2)}${pageId ? ` AND ${pageIdCondition("p", 5)}` : ""}`,
    values,
  });
  const row = rows[0];
  return row ? toRow(row, { id: row.page_id, name: row.page_name, facebookPageId: row.facebook_page_id }) : null;
}
