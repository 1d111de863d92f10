import { db } from "@/server/db";
import { ingestPool } from "@/server/db/direct";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-events";
import { customerKey, type KnownCustomer } from "@/server/services/inbound/customers";
import type { Channel } from "@/lib/inbox/channels";

// What a batch of deliveries needs before its events are handled, read once for the whole batch: the pages
// they are for and the customers who wrote before. Normally read by the claim's own statement
// (webhook-store.ts, claimWithContextSql), which pairs up the ids of Meta's payload in SQL; the events
// parsed in TypeScript (webhook-events.ts) are the authority, and any (page, person) of theirs that
// statement did not answer for is read here in one more statement. So the SQL only saves a round trip: where
// it reads a payload differently (an id that is a JSON number, a shape it does not look into) or the page
// is not ours, the batch costs that round trip and nothing else changes.

/**
 * A page as a webhook names it: `accountId` is the id Meta put in the body — the Facebook Page's id, or the
 * id of the Page's Instagram account (then `channel` is "instagram"); `facebookPageId` is always the Page's.
 * Absent (a page built outside the ingest: handover, tests), they are the Page's own: Messenger.
 */
export type IngestPage = { id: string; name: string; facebookPageId: string; accountId?: string; channel?: Channel };

export const channelOf = (page: Pick<IngestPage, "channel">): Channel => page.channel ?? "messenger";
export const accountOf = (page: Pick<IngestPage, "accountId" | "facebookPageId">): string => page.accountId ?? page.facebookPageId;
/** pages by the account id Meta names (a Page's or its Instagram account's: Graph ids never collide); customers by customerKey — absent = first contact. */
export type IngestContext = { pages: Map<string, IngestPage>; customers: Map<string, KnownCustomer> };

/** A row of contextSql: one asked (Facebook page id, psid) pair, with its page and customer where known. */
export type ContextRow = {
  askedPageId: string;
  askedPsid: string;
  pageId: string | null;
  pageName: string | null;
  facebookPageId: string | null;
  channel: Channel | null;
  customerId: string | null;
  name: string | null;
  avatarUrl: string | null;
  conversationId: string | null;
  needsProfile: boolean | null;
  threadOwner: string | null;
};

/**
 * The context of the pairs in `people` (a relation `w` with columns facebook_page_id and psid, distinct):
 * one row per pair, also for pairs that name no page of ours, so the caller knows what was asked. The
 * "facebook_page_id" asked may be a Page's or the id of a Page's Instagram account while Instagram is on
 * for it (instagram_accounts.enabled); the customer is looked up on that channel.
 */
export const contextSql = (people: string) => `
    SELECT w.facebook_page_id AS "askedPageId", w.psid AS "askedPsid", p.id AS "pageId", p.name AS "pageName",
           p.facebook_page_id AS "facebookPageId", ch.channel::text AS "channel",
           u.id AS "customerId", u.name, u.avatar_url AS "avatarUrl", c.id AS "conversationId",
           -- still the ingest's placeholder (customers.ts fallbackCustomerName) and never looked up:
           -- a first contact whose profile lookup was lost (crash) gets it on their next message
           u.profile_fetched_at IS NULL AND u.name = 'Customer ' || right(u.psid, 4) AS "needsProfile",
           c.thread_owner::text AS "threadOwner"
      FROM ${people}
      LEFT JOIN instagram_accounts ig ON ig.instagram_id = w.facebook_page_id AND ig.enabled
      -- one index lookup either way (an OR here would cost the hot path a plan that reads every page)
      LEFT JOIN pages p ON p.id = coalesce(ig.page_id, (SELECT pp.id FROM pages pp WHERE pp.facebook_page_id = w.facebook_page_id))
      CROSS JOIN LATERAL (SELECT (CASE WHEN ig.page_id IS NULL THEN 'messenger' ELSE 'instagram' END)::"Channel" AS channel) ch
      LEFT JOIN customers u ON u.page_id = p.id AND u.channel = ch.channel AND u.psid = w.psid
      LEFT JOIN conversations c ON c.customer_id = u.id`;

// "Last webhook" is page health, not an audit trail: one write per page per half minute keeps a busy page's
// row from being updated on every delivery.
const LAST_WEBHOOK_WRITE_MS = 30_000;
const lastWebhookWrite = new Map<string, number>();

const pairKey = (facebookPageId: string, psid: string) => `${facebookPageId}\u0000${psid}`;

/** The context of these events: from `prefetched` (rows of contextSql read with the claim), plus one statement for any pair it lacks. */
export async function loadIngestContext(events: MessengerEvent[], prefetched: ContextRow[] = []): Promise<IngestContext> {
  const context: IngestContext = { pages: new Map(), customers: new Map() };
  addRows(context, prefetched);
  const asked = new Set(prefetched.map((row) => pairKey(row.askedPageId, row.askedPsid)));
  const askedPages = new Set(prefetched.map((row) => row.askedPageId));
  const missing = new Map<string, { facebookPageId: string; psid: string }>();
  for (const e of events) {
    if (e.kind === "invalid") continue;
    // A person's event asks for them; a Page-level or guest event only for its page (psid '' matches nobody).
    const psid = "psid" in e ? e.psid : "";
    if (psid ? asked.has(pairKey(e.pageId, psid)) : askedPages.has(e.pageId)) continue;
    missing.set(pairKey(e.pageId, psid), { facebookPageId: e.pageId, psid });
  }
  if (missing.size) {
    const pairs = [...missing.values()];
    const { rows } = await ingestPool().query<ContextRow>({
      name: "webhook-context",
      text: contextSql("(SELECT DISTINCT * FROM unnest($1::text[], $2::text[])) AS w(facebook_page_id, psid)"),
      values: [pairs.map((p) => p.facebookPageId), pairs.map((p) => p.psid)],
    });
    addRows(context, rows);
  }
  await touchLastWebhook([...context.pages.values()], Date.now());
  return context;
}

function addRows(context: IngestContext, rows: ContextRow[]): void {
  for (const row of rows) {
    if (!row.pageId) continue; // not a page of ours
    const channel = row.channel ?? "messenger";
    context.pages.set(row.askedPageId, { id: row.pageId, name: row.pageName!, facebookPageId: row.facebookPageId!, accountId: row.askedPageId, channel });
    if (row.customerId) {
      context.customers.set(customerKey(row.pageId, channel, row.askedPsid), { id: row.customerId, psid: row.askedPsid, name: row.name!, avatarUrl: row.avatarUrl, conversationId: row.conversationId, needsProfile: row.needsProfile === true, threadOwner: row.threadOwner });
    }
  }
}

/** The Page's last webhook, or its Instagram account's for an Instagram delivery (each is its own health line). */
async function touchLastWebhook(pages: IngestPage[], now: number): Promise<void> {
  const key = (p: IngestPage) => `${p.id}:${channelOf(p)}`;
  const stale = pages.filter((p) => now - (lastWebhookWrite.get(key(p)) ?? 0) > LAST_WEBHOOK_WRITE_MS);
  if (!stale.length) return;
  for (const page of stale) lastWebhookWrite.set(key(page), now);
  const at = new Date(now);
  const ids = (channel: Channel) => stale.filter((p) => channelOf(p) === channel).map((p) => p.id);
  await Promise.all([
    ids("messenger").length ? db.page.updateMany({ where: { id: { in: ids("messenger") } }, data: { lastWebhookAt: at } }) : null,
    ids("instagram").length ? db.instagramAccount.updateMany({ where: { pageId: { in: ids("instagram") } }, data: { lastWebhookAt: at } }) : null,
  ]);
}
