import { directPool } from "@/server/db-direct";
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

/**
 * Up to `take` messages of the conversation on the (conversation_id, created_time, id) order; the redundant
 * created_time bound lets that index start at the cursor.
 */
export async function threadRowsOf(conversationId: string, window: ThreadWindow): Promise<MessageRow[]> {
  const values: unknown[] = [conversationId, window.take];
  let bound = "";
  let shape = "";
  // Both given: the newer bound wins, as it always has.
  if (window.newer) {
    values.push(window.newer.at, window.newer.id);
    bound = `AND m.created_time >= $3::timestamptz AND (m.created_time > $3::timestamptz OR (m.created_time = $3::timestamptz AND m.id > $4::uuid))`;
    shape = "-newer";
  } else if (window.older) {
    values.push(window.older.at, window.older.id);
    bound = `AND m.created_time <= $3::timestamptz AND (m.created_time < $3::timestamptz OR (m.created_time = $3::timestamptz AND m.id < $4::uuid))`;
    shape = "-older";
  }
  const direction = window.newer ? "ASC" : "DESC";
  const { rows } = await directPool().query<Row>({
    name: `thread-messages${shape}`,
    text: `SELECT ${messageColumnsSql("m")}, u.id AS author_id, u.name AS author_name
             FROM messages m LEFT JOIN users u ON u.id = m.author_id
            WHERE m.conversation_id = $1::uuid ${bound}
            ORDER BY m.created_time ${direction}, m.id ${direction}
            LIMIT $2`,
    values,
  });
  return rows.map(({ author_id, author_name, ...message }) => ({ ...message, author: author_id ? { id: author_id, name: author_name ?? "" } : null }));
}
