import { db } from "@/server/db";
import { ingestPool } from "@/server/db-direct";
import type { MessengerEvent } from "@/server/messenger/webhook-events";
import { customerKey, type KnownCustomer } from "@/server/services/messenger/customers";

// What a batch of deliveries needs before its events are handled, read once for the whole batch in one
// statement (pg: the ingest's hot path, server/db-direct.ts): the pages they are for and the customers
// who wrote before.

export type IngestPage = { id: string; name: string; facebookPageId: string };
/** pages by Facebook page id; customers by customerKey(our page id, psid) — absent = first contact. */
export type IngestContext = { pages: Map<string, IngestPage>; customers: Map<string, KnownCustomer> };

type Row = {
  pageId: string;
  pageName: string;
  facebookPageId: string;
  psid: string;
  customerId: string | null;
  name: string | null;
  avatarUrl: string | null;
  conversationId: string | null;
  needsProfile: boolean | null;
};

// "Last webhook" is page health, not an audit trail: one write per page per half minute keeps a busy page's
// row from being updated on every delivery.
const LAST_WEBHOOK_WRITE_MS = 30_000;
const lastWebhookWrite = new Map<string, number>();

export async function loadIngestContext(events: MessengerEvent[]): Promise<IngestContext> {
  const context: IngestContext = { pages: new Map(), customers: new Map() };
  const people = events.flatMap((e) => ("psid" in e ? [{ facebookPageId: e.pageId, psid: e.psid }] : []));
  if (!people.length) return context;
  // Unknown pages simply have no row; known people without a customer row come back with nulls.
  const { rows } = await ingestPool().query<Row>({
    name: "webhook-context",
    text: `SELECT p.id AS "pageId", p.name AS "pageName", p.facebook_page_id AS "facebookPageId", w.psid,
                  u.id AS "customerId", u.name, u.avatar_url AS "avatarUrl", c.id AS "conversationId",
                  -- still the ingest's placeholder (customers.ts fallbackCustomerName) and never looked up:
                  -- a first contact whose profile lookup was lost (crash) gets it on their next message
                  u.profile_fetched_at IS NULL AND u.name = 'Customer ' || right(u.psid, 4) AS "needsProfile"
             FROM (SELECT DISTINCT * FROM unnest($1::text[], $2::text[])) AS w(facebook_page_id, psid)
             JOIN pages p ON p.facebook_page_id = w.facebook_page_id
             LEFT JOIN customers u ON u.page_id = p.id AND u.psid = w.psid
             LEFT JOIN conversations c ON c.customer_id = u.id`,
    values: [people.map((p) => p.facebookPageId), people.map((p) => p.psid)],
  });
  for (const row of rows) {
    context.pages.set(row.facebookPageId, { id: row.pageId, name: row.pageName, facebookPageId: row.facebookPageId });
    if (row.customerId) {
      context.customers.set(customerKey(row.pageId, row.psid), { id: row.customerId, psid: row.psid, name: row.name!, avatarUrl: row.avatarUrl, conversationId: row.conversationId, needsProfile: row.needsProfile === true });
    }
  }
  await touchLastWebhook([...context.pages.values()], Date.now());
  return context;
}

async function touchLastWebhook(pages: IngestPage[], now: number): Promise<void> {
  const stale = pages.filter((p) => now - (lastWebhookWrite.get(p.id) ?? 0) > LAST_WEBHOOK_WRITE_MS);
  if (!stale.length) return;
  for (const page of stale) lastWebhookWrite.set(page.id, now);
  await db.page.updateMany({ where: { id: { in: stale.map((p) => p.id) } }, data: { lastWebhookAt: new Date(now) } });
}
