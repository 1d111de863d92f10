import pg from "pg";
import { BENCH } from "./config";
import { PAGE_A, type DatasetInfo } from "./dataset";

// The browser benchmark's one extra conversation on page A: a customer with a 10 000-message thread, the
// newest conversation of the page (first in the list), its messaging window open so the agent can send.
// Its PSID range is its own; it is deleted afterwards (and before, when a run died), with its messages by
// cascade, so the dataset keeps its counts.

export const UI_PSID = (7_400_000_000_000_000n + 1n).toString();
export const LONG_THREAD_NAME = "Bench Long Thread";
export const LONG_THREAD_MESSAGES = 10_000;

async function connect() {
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  return client;
}

export async function cleanupUiWorld(): Promise<number> {
  const client = await connect();
  try {
    const { rowCount } = await client.query("DELETE FROM customers WHERE psid = $1 AND page_id IN (SELECT id FROM pages WHERE facebook_page_id = $2)", [UI_PSID, PAGE_A.facebookPageId]);
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Seeds the long thread: LONG_THREAD_MESSAGES messages, alternating runs of the customer's and the page's,
 * about 90 s apart (so a day holds ~950 of them and sender groups stay small), 3 % images; returns its id.
 */
export async function seedLongThread(dataset: DatasetInfo, messages = LONG_THREAD_MESSAGES): Promise<string> {
  await cleanupUiWorld();
  const client = await connect();
  try {
    const { rows } = await client.query<{ conversation_id: string }>(
      `WITH cust AS (
         INSERT INTO customers (id, page_id, psid, name, created_at) VALUES (gen_random_uuid(), $1, $2, $3, now()) RETURNING id
       )
       INSERT INTO conversations (id, page_id, customer_id, last_message_text, last_message_at, last_inbound_at, created_at, updated_at)
       SELECT gen_random_uuid(), $1, cust.id, 'the newest of many', now(), now() - interval '1 minute', now() - interval '30 days', now() FROM cust
       RETURNING id AS conversation_id`,
      [dataset.pageA.id, UI_PSID, LONG_THREAD_NAME],
    );
    const conversationId = rows[0]!.conversation_id;
    await client.query(
      `INSERT INTO messages (id, conversation_id, mid, direction, sender_id, author_id, text, attachments, is_image, send_status, created_time, created_at)
       SELECT gen_random_uuid(), $1, 'm_ui_long_' || n, d.dir::"MessageDirection",
              CASE WHEN d.dir = 'inbound' THEN $2 ELSE $3 END,
              CASE WHEN d.dir = 'outbound' THEN $4::uuid END,
              CASE WHEN n % 33 = 0 THEN NULL ELSE 'message ' || n || ' about the order, the size and when it ships' || repeat(' and more words', n % 7) END,
              CASE WHEN n % 33 = 0 THEN '[{"type":"image","url":"http://127.0.0.1:4030/samples/parcel.png"}]'::jsonb END,
              n % 33 = 0,
              (CASE WHEN d.dir = 'inbound' THEN 'received' ELSE 'read' END)::"SendStatus",
              now() - interval '1 minute' - (($5 - n) * interval '90 seconds'), now()
         FROM generate_series(1, $5) n
         CROSS JOIN LATERAL (SELECT CASE WHEN (n / 3) % 2 = 0 THEN 'inbound' ELSE 'outbound' END AS dir) d`,
      [conversationId, UI_PSID, PAGE_A.facebookPageId, dataset.staffUserId, messages],
    );
    return conversationId;
  } finally {
    await client.end();
  }
}
