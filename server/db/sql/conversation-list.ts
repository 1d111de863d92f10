import { sql, type RawBuilder } from "kysely";
import type { Channel, ConversationStatus } from "@/server/generated/kysely/enums";
import { NOT_YET, summaryColumns, type SummaryColumns } from "@/server/db/sql/conversations";
import { readerColumns, type ReaderColumns } from "@/server/access/reader";
import { WARN_FRACTION } from "@/lib/inbox/response-due";
import { prepared } from "@/server/db/sql/run";

// The conversation list's rows (server/services/conversations/list-rows.ts maps them): every agent's inbox
// reads them every few seconds while the webhook load runs, so one statement per read, prepared per shape
// (the name says the shape). The columns are the socket payload's (summaryColumns), so a list read and a
// live update cannot disagree on tags or assignee.

export type ListRow = SummaryColumns & { id: string; customer_id: string; customer_psid: string; customer_name: string; customer_avatar_url: string | null };

const ROW_COLUMNS = sql`${summaryColumns},
  cu.id AS customer_id, cu.psid AS customer_psid, cu.name AS customer_name, cu.avatar_url AS customer_avatar_url`;
const FROM_CONVERSATIONS = sql`FROM conversations JOIN customers cu ON cu.id = conversations.customer_id`;

export type ListFilter = {
  isSpam: boolean;
  isImportant: boolean;
  /** Any of these tags. */
  tags: string[];
  /** One channel of the page only (the index on (page_id, channel, last_message_at, id)); undefined for both. */
  channel?: Channel;
  /** The Open / Done / Snoozed view; undefined for every status. */
  status?: ConversationStatus;
  /** An agent's id, null for unassigned, undefined for anyone's. */
  assigneeId: string | null | undefined;
  cursor: { at: Date; id: string } | null;
  offset: number;
  take: number;
  /** The "Breaching soon" view at this time (docs/PRODUCT.md §13.3): soonest due first, by offset only. */
  dueAt?: Date;
};

/**
 * The "Breaching soon" view's conditions: open and waiting, due in less than WARN_FRACTION of its target from
 * `now`, or overdue. The first bound (the larger target's, one scalar subquery) is a range on the partial index
 * conversations_response_due_idx (page_id, response_due_at); the second is each row's own target.
 */
function dueConditions(pageId: string | RawBuilder<unknown>, now: Date) {
  const target = (which: RawBuilder<unknown>) => sql`(SELECT ${which} FROM pages p JOIN companies co ON co.id = p.company_id WHERE p.id = ${pageId}::uuid)`;
  const within = (minutes: RawBuilder<unknown>) => sql`${now}::timestamptz + make_interval(secs => ${WARN_FRACTION * 60}::float8 * ${minutes})`;
  const larger = target(sql`GREATEST(co.first_response_target_minutes, co.next_response_target_minutes)`);
  const own = target(sql`CASE WHEN conversations.first_reply_due THEN co.first_response_target_minutes ELSE co.next_response_target_minutes END`);
  return [
    sql`conversations.status = 'open'`,
    sql`conversations.response_due_at IS NOT NULL`,
    sql`conversations.response_due_at < ${within(sql`COALESCE(${larger}, 0)`)}`,
    sql`conversations.response_due_at < ${within(sql`COALESCE(${own}, 0)`)}`,
  ];
}

/**
 * A page of the list, newest first, on the (page_id, last_message_at, id) order the indexes hold; `shape`
 * names its statement, null when it must be planned for its values on every run (not prepared).
 */
export function listRowsSql(pageId: string | RawBuilder<unknown>, filter: ListFilter): { statement: RawBuilder<ListRow>; shape: string | null } {
  // A first contact's conversation is created one statement before its first message (customers.ts, then
  // record-message.ts), with last_message_at 'epoch': until the message is in, it is not listed, so a read
  // of the list never shows it without its message and unread count.
  // The spam flag, the status and the channel are written into the statement, not passed as parameters, and
  // name its shape: a prepared statement switches to a generic plan after five runs, and a generic plan cannot
  // tell a status few conversations have (snoozed, spam) from one most have (open), so it walked every
  // conversation of the Page to find none (docs/PERFORMANCE.md, "Plans without statistics").
  const conditions = [sql`conversations.page_id = ${pageId}::uuid`, sql`conversations.is_spam = ${sql.lit(filter.isSpam)}`, sql`conversations.last_message_at > ${NOT_YET}`];
  let shape = filter.isSpam ? "x" : "";
  if (filter.assigneeId === null) {
    conditions.push(sql`conversations.assignee_id IS NULL`);
    shape += "u";
  } else if (filter.assigneeId !== undefined) {
    conditions.push(sql`conversations.assignee_id = ${filter.assigneeId}::uuid`);
    shape += "a";
  }
  if (filter.channel) {
    conditions.push(sql`conversations.channel = ${sql.lit(filter.channel)}::"Channel"`);
    shape += `h${filter.channel}`;
  }
  if (filter.dueAt) {
    conditions.push(...dueConditions(pageId, filter.dueAt));
    shape += "d";
  } else if (filter.status) {
    conditions.push(sql`conversations.status = ${sql.lit(filter.status)}::"ConversationStatus"`);
    shape += `s${filter.status}`;
  }
  if (filter.isImportant) {
    conditions.push(sql`conversations.is_important`);
    shape += "i";
  }
  // How common a tag is decides between walking the list and starting from the tagged rows, and only a plan
  // made for the tags asked knows it: a list with tags is planned on every run (docs/PERFORMANCE.md, "Plans
  // without statistics"; a generic plan hash-joined every conversation of the Page with every tag).
  const perRun = filter.tags.length > 0;
  if (perRun) conditions.push(sql`EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = conversations.id AND t.name = ANY(${filter.tags}::text[]))`);
  if (filter.cursor && !filter.dueAt) {
    // The redundant `<=` is what the index can range-scan on; Postgres cannot use the OR as an index bound
    // and would walk every newer row (docs/PERFORMANCE.md).
    const at = sql`${filter.cursor.at}::timestamptz`;
    conditions.push(sql`conversations.last_message_at <= ${at}`);
    conditions.push(sql`(conversations.last_message_at < ${at} OR (conversations.last_message_at = ${at} AND conversations.id < ${filter.cursor.id}::uuid))`);
    shape += "c";
  }
  const statement = sql<ListRow>`SELECT ${ROW_COLUMNS} ${FROM_CONVERSATIONS}
                 WHERE ${sql.join(conditions, sql` AND `)}
                 ORDER BY ${filter.dueAt ? sql`conversations.response_due_at, conversations.id` : sql`conversations.last_message_at DESC, conversations.id DESC`}
                 OFFSET ${filter.offset} LIMIT ${filter.take}`;
  return perRun ? { statement, shape: null } : { statement: prepared(`conversation-list-${shape}`, statement), shape };
}

/** These conversations of the page, in no order. */
export const listRowsByIdsSql = (pageId: string, ids: string[]) =>
  prepared("conversation-list-by-ids", sql<ListRow>`SELECT ${ROW_COLUMNS} ${FROM_CONVERSATIONS} WHERE conversations.id = ANY(${ids}::uuid[]) AND conversations.page_id = ${pageId}::uuid`);

/** One conversation's row with its page, where `pageCondition` (on the pages row `p`) holds. */
export const listRowWithPageSql = (conversationId: string | null, pageCondition: RawBuilder<boolean>) =>
  sql<ListRow & { page_id: string; page_name: string; facebook_page_id: string }>`SELECT ${ROW_COLUMNS}, p.id AS page_id, p.name AS page_name, p.facebook_page_id
             ${FROM_CONVERSATIONS} JOIN pages p ON p.id = conversations.page_id
            WHERE conversations.id = ${conversationId}::uuid AND ${pageCondition}`;

/** The reader's columns and the page's (null when the reader may not see it) beside a list's rows (null when none). */
export type ReaderListRow = ReaderColumns & { page_id: string | null; page_name: string; page_facebook_page_id: string } & ({ id: string } & ListRow | { id: null });

/**
 * A list read that checks its reader and page itself, after readerPageCtes (server/access/pages.ts): the
 * reader's row, the page and, with a filter, the page of the list on it — one row of the first two with
 * null list columns when the list is empty, none at all when the session is not open. Without a filter
 * (a search, whose own statements follow) the reader and the page only.
 */
export function readerListSql(ctes: RawBuilder<unknown>, filter: ListFilter | null): { statement: RawBuilder<ReaderListRow>; shape: string | null } {
  const list = filter ? listRowsSql(sql.ref("vp.id"), filter) : null;
  const statement = sql<ReaderListRow>`${ctes}
    SELECT ${readerColumns("rd")}, vp.id AS page_id, vp.name AS page_name, vp.facebook_page_id AS page_facebook_page_id${list ? sql`, r.*` : sql``}
      FROM rd LEFT JOIN vp ON true
      ${list ? sql`LEFT JOIN LATERAL (${list.statement}) r ON true ORDER BY ${filter?.dueAt ? sql`r.response_due_at, r.id` : sql`r.last_message_at DESC, r.id DESC`}` : sql``}`;
  return { statement, shape: !list ? "page" : list.shape === null ? null : `list-${list.shape}` };
}

/** One conversation's row with its page, where the reader of CTE `rd` (readerSql) may see it; the reader's columns beside (see readerListSql). */
export const readerRowWithPageSql = (reader: RawBuilder<unknown>, conversationId: string | null, pageCondition: RawBuilder<boolean>) =>
  sql<ReaderColumns & ((ListRow & { page_id: string; page_name: string; facebook_page_id: string }) | { id: null })>`WITH rd AS (${reader})
    SELECT ${readerColumns("rd")}, r.* FROM rd LEFT JOIN LATERAL (${listRowWithPageSql(conversationId, pageCondition)}) r ON true`;
