import { rows } from "@/server/db/sql/run";
import { threadRowsSql, type ThreadWindow } from "@/server/db/sql/messages";
import type { MessageRow } from "@/server/services/conversations/serialize";

// A thread's messages through the SQL layer (server/db/sql/run.ts; the statement in server/db/sql/messages.ts),
// for the reason list-rows.ts gives: every open thread reads them again and again while the webhook load
// runs on the same event loop.

export type { ThreadWindow };

/**
 * Up to `take` rows of the conversation on the (created_time, id) order: its messages and its customer's
 * system events (opt-ins, handovers…), merged. Prepared per direction.
 */
export async function threadRowsOf(conversationId: string, window: ThreadWindow): Promise<MessageRow[]> {
  const found = await rows(threadRowsSql<Omit<MessageRow, "author">>(conversationId, window));
  return found.map(({ author_id, author_name, ...message }) => ({ ...message, author: author_id ? { id: author_id, name: author_name ?? "" } : null }));
}
