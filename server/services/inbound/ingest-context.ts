import { db } from "@/server/db";
import { rows } from "@/server/db/sql/run";
import { contextOfPairsSql, type ContextRow } from "@/server/db/sql/customers";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { customerKey, type KnownCustomer } from "@/server/services/inbound/customers";
import type { Channel } from "@/lib/inbox/channels";

// What a batch of deliveries needs before its events are handled, read once for the whole batch: the pages
// they are for and the customers who wrote before. Normally read by the claim's own statement
// (webhook-store.ts; the SQL in server/db/sql/webhook-events.ts and customers.ts), which pairs up the ids of Meta's payload in SQL; the events
// parsed in TypeScript (webhook-body.ts) are the authority, and any (page, person) of theirs that
// statement did not answer for is read here in one more statement. So the SQL only saves a round trip: where
// it reads a payload differently (an id that is a JSON number, a shape it does not look into) or the page
// is not ours, the batch costs that round trip and nothing else changes.

/**
 * A page as a webhook names it: `accountId` is the id Meta put in the body — the Facebook Page's id, or the
 * id of the Page's Instagram account (then `channel` is "instagram"); `facebookPageId` is always the Page's.
 * Absent (a page built outside the ingest: handover, tests), they are the Page's own: Messenger.
 */
export type IngestPage = { id: string; name: string; facebookPageId: string; accountId?: string; channel?: Channel; autoReplies?: boolean; fairQueueCompanyId?: string | null };

export const channelOf = (page: Pick<IngestPage, "channel">): Channel => page.channel ?? "messenger";
export const accountOf = (page: Pick<IngestPage, "accountId" | "facebookPageId">): string => page.accountId ?? page.facebookPageId;
/** pages by the account id Meta names (a Page's or its Instagram account's: Graph ids never collide); customers by customerKey — absent = first contact. */
export type IngestContext = { pages: Map<string, IngestPage>; customers: Map<string, KnownCustomer> };

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
    const read = contextOfPairsSql(pairs.map((p) => p.facebookPageId), pairs.map((p) => p.psid));
    addRows(context, await rows(read, { on: "ingest" }));
  }
  await touchLastWebhook([...context.pages.values()], Date.now());
  return context;
}

function addRows(context: IngestContext, rows: ContextRow[]): void {
  for (const row of rows) {
    if (!row.pageId) continue; // not a page of ours
    const channel = row.channel ?? "messenger";
    context.pages.set(row.askedPageId, { id: row.pageId, name: row.pageName!, facebookPageId: row.facebookPageId!, accountId: row.askedPageId, channel, autoReplies: row.autoReplies === true, fairQueueCompanyId: row.fairQueueCompanyId });
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
