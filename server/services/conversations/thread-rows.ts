import { directPool } from "@/server/db/direct";
import type { Cursor } from "@/server/services/conversations/cursor";
import { messageColumnsSql } from "@/server/services/conversations/message-columns-sql";
import type { MessageRow } from "@/server/services/conversations/serialize";

// A thread's messages through plain pg, for the reason list-rows.ts gives: every open thread reads them
// again and again while the webhook load runs on the same event loop.

type Row = Omit<MessageRow, "author"> & { author_id: string | null; author_name: string | null };

export type ThreadWindow = {
  /** Older than this (scrolling up), newest first. */
  older: Cursor | null;
  /** Newer than this, read oldest first from the cursor. */
  newer: Cursor | null;
  take: number;
};

// The system events of the conversation's customer (system-events.ts) as thread rows, in messages' columns.
const SYSTEM_ROW_COLUMNS = `e.id, c.id AS "conversationId", NULL::text AS mid, 'inbound'::text AS direction, e.psid AS "senderId", e.summary AS text,
          NULL::text AS "stickerUrl", '[]'::jsonb AS attachments, false AS "isImage", false AS "isEcho", false AS "isViolation",
          'received'::text AS "sendStatus", NULL::text AS "errorMessage", e.occurred_at AS "createdTime",
          'system'::text AS kind, e.event AS payload, NULL::text AS "replyToMid", NULL::jsonb AS referral, NULL::jsonb AS reactions,
          NULL::timestamptz AS "editedAt", NULL::timestamptz AS "deletedAt", NULL::uuid AS author_id, NULL::text AS author_name`;

/**
 * Up to `take` rows of the conversation on the (created_time, id) order: its messages and its customer's
 * system events (opt-ins, handovers…), each read on its own index from the cursor and merged; the
 * redundant time bound lets each index start at the cursor.
 */
export async function threadRowsOf(conversationId: string, window: ThreadWindow): Promise<MessageRow[]> {
  const values: unknown[] = [conversationId, window.take];
  let shape = "";
  // Both given: the newer bound wins, as it always has.
  const cursor = window.newer ?? window.older;
  if (cursor) {
    values.push(cursor.at, cursor.id);
    shape = window.newer ? "-newer" : "-older";
  }
  const bound = (time: string, id: string) => {
    if (!cursor) return "";
    const [op, strict] = window.newer ? [">=", ">"] : ["<=", "<"];
    return `AND ${time} ${op} $3::timestamptz AND (${time} ${strict} $3::timestamptz OR (${time} = $3::timestamptz AND ${id} ${strict} $4::uuid))`;
  };
  const direction = window.newer ? "ASC" : "DESC";
  const { rows } = await directPool().query<Row>({
    name: `thread-messages${shape}`,
    text: `SELECT * FROM (
             (SELECT ${messageColumnsSql("m")}, u.id AS author_id, u.name AS author_name
                FROM messages m LEFT JOIN users u ON u.id = m.author_id
               WHERE m.conversation_id = $1::uuid ${bound("m.created_time", "m.id")}
               ORDER BY m.created_time ${direction}, m.id ${direction}
               LIMIT $2)
             UNION ALL
             (SELECT ${SYSTEM_ROW_COLUMNS}
                FROM conversations c JOIN customers cu ON cu.id = c.customer_id
                JOIN system_events e ON e.page_id = cu.page_id AND e.psid = cu.psid
               WHERE c.id = $1::uuid ${bound("e.occurred_at", "e.id")}
               ORDER BY e.occurred_at ${direction}, e.id ${direction}
               LIMIT $2)
           ) AS rows
           ORDER BY "createdTime" ${direction}, id ${direction}
           LIMIT $2`,
    values,
  });
  return rows.map(({ author_id, author_name, ...message }) => ({ ...message, author: author_id ? { id: author_id, name: author_name ?? "" } : null }));
}
