import { sql } from "kysely";
import { newId } from "@/server/db/uuid";
import { prepared } from "@/server/db/sql/run";

// The system events family's SQL text (server/db/sql/run.ts says when a statement is text rather than the
// builder): an event stored once by its key, with the conversation it belongs to read in the same statement.

export type SystemEventInsert = { pageId: string; psid: string | null; userRef: string | null; event: string; summary: string; detailJson: string; at: Date; key: string };
export type InsertedSystemEvent = { id: string; occurred_at: Date; conversation_id: string | null; customer_name: string | null };

/** No row for a replay (the key is taken). */
export const insertSystemEventSql = (e: SystemEventInsert) => prepared("system-event-insert", sql<InsertedSystemEvent>`
    WITH inserted AS (
      INSERT INTO system_events (id, page_id, psid, user_ref, event, summary, detail, occurred_at, dedupe_key)
      VALUES (${newId}, ${e.pageId}::uuid, ${e.psid}, ${e.userRef}, ${e.event}, ${e.summary}, ${e.detailJson}::jsonb, ${e.at}::timestamptz, ${e.key})
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id, page_id, psid, occurred_at
    )
    SELECT i.id, i.occurred_at, c.id AS conversation_id, cu.name AS customer_name
      FROM inserted i
      LEFT JOIN customers cu ON cu.page_id = i.page_id AND cu.psid = i.psid
      LEFT JOIN conversations c ON c.customer_id = cu.id`);
