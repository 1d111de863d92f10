import { sql, type RawBuilder } from "kysely";
import { newId } from "@/server/db/uuid";
import type { Channel } from "@/server/generated/kysely/enums";
import { summaryColumns, type SummaryColumns } from "@/server/db/sql/conversations";
import { prepared } from "@/server/db/sql/run";

// The customers family's SQL text (server/db/sql/run.ts says when a statement is text rather than the
// builder): a first contact's customer and conversation in one round trip, what a batch of deliveries
// needs to know of the people in it, and a profile lookup's result with the list item it changes.

export type Contact = { id: string; name: string; avatarUrl: string | null; needsProfile: boolean; conversationId: string | null };

/**
 * Customer and conversation in one round trip, created with `fallbackName` if new. A CTE's SELECT does not
 * see rows its own INSERT made, so each "new or existing" is a UNION of the two. profile_fetched_at stays
 * NULL: the lookup comes after the message is shown. updated_at has no database default (Prisma's
 * @updatedAt). conversationId is null when another writer's row was created after the snapshot began.
 */
export const firstContactSql = (pageId: string, channel: Channel, psid: string, fallbackName: string) => prepared("webhook-first-contact", sql<Contact>`
    WITH new_customer AS (
      INSERT INTO customers (id, page_id, channel, psid, name) VALUES (${newId}, ${pageId}::uuid, ${channel}::"Channel", ${psid}, ${fallbackName})
      ON CONFLICT (page_id, channel, psid) DO NOTHING
      RETURNING id, name, avatar_url, profile_fetched_at
    ), customer AS (
      SELECT * FROM new_customer
      UNION ALL
      SELECT id, name, avatar_url, profile_fetched_at FROM customers WHERE page_id = ${pageId}::uuid AND channel = ${channel}::"Channel" AND psid = ${psid}
    ), new_conversation AS (
      INSERT INTO conversations (id, page_id, customer_id, channel, last_message_at, updated_at)
      SELECT ${newId}, ${pageId}::uuid, id, ${channel}::"Channel", 'epoch', now() FROM customer
      ON CONFLICT (customer_id) DO NOTHING
      RETURNING id, customer_id
    )
    SELECT c.id, c.name, c.avatar_url AS "avatarUrl", c.profile_fetched_at IS NULL AND c.name = ${fallbackName} AS "needsProfile",
           coalesce(n.id, (SELECT id FROM conversations WHERE customer_id = c.id)) AS "conversationId"
      FROM customer c LEFT JOIN new_conversation n ON n.customer_id = c.id`);

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
  /** Whether the page has an automatic reply on (docs/PRODUCT.md §13.1): only then is one decided per message. */
  autoReplies: boolean | null;
  /** The page's company when its fair queue is on (docs/PRODUCT.md §13.4): a batch then hands out what arrived. */
  fairQueueCompanyId: string | null;
};

/**
 * The context of the pairs in `people` (a relation `w` with columns facebook_page_id and psid, distinct):
 * one row per pair, also for pairs that name no page of ours, so the caller knows what was asked. The
 * "facebook_page_id" asked may be a Page's or the id of a Page's Instagram account while Instagram is on
 * for it (instagram_accounts.enabled); the customer is looked up on that channel.
 */
export const contextSql = (people: RawBuilder<unknown>) => sql<ContextRow>`
    SELECT w.facebook_page_id AS "askedPageId", w.psid AS "askedPsid", p.id AS "pageId", p.name AS "pageName",
           p.facebook_page_id AS "facebookPageId", ch.channel::text AS "channel",
           p.instant_reply_on OR p.away_reply_on AS "autoReplies",
           CASE WHEN p.fair_queue THEN p.company_id::text END AS "fairQueueCompanyId",
           u."customerId", u.name, u."avatarUrl", u."conversationId", u."needsProfile", u."threadOwner"
      FROM ${people}
      LEFT JOIN instagram_accounts ig ON ig.instagram_id = w.facebook_page_id AND ig.enabled
      -- one index lookup either way (an OR here would cost the hot path a plan that reads every page)
      LEFT JOIN pages p ON p.id = coalesce(ig.page_id, (SELECT pp.id FROM pages pp WHERE pp.facebook_page_id = w.facebook_page_id))
      CROSS JOIN LATERAL (SELECT (CASE WHEN ig.page_id IS NULL THEN 'messenger' ELSE 'instagram' END)::"Channel" AS channel) ch
      -- A LATERAL with LIMIT cannot be flattened into the join: the customer is always found by all three
      -- columns of its unique key. As a plain join, on a database never ANALYZEd, the planner probed
      -- (page_id, channel) and filtered psid, reading every customer of the Page for each person
      -- (docs/PERFORMANCE.md, "Plans without statistics").
      LEFT JOIN LATERAL (
        SELECT u.id AS "customerId", u.name, u.avatar_url AS "avatarUrl", c.id AS "conversationId",
               -- still the ingest's placeholder (customers.ts fallbackCustomerName) and never looked up:
               -- a first contact whose profile lookup was lost (crash) gets it on their next message
               u.profile_fetched_at IS NULL AND u.name = 'Customer ' || right(u.psid, 4) AS "needsProfile",
               c.thread_owner::text AS "threadOwner"
          FROM customers u LEFT JOIN conversations c ON c.customer_id = u.id
         WHERE u.page_id = p.id AND u.channel = ch.channel AND u.psid = w.psid
         LIMIT 1) u ON true`;

/** contextSql of these (Facebook page id, psid) pairs. */
export const contextOfPairsSql = (facebookPageIds: string[], psids: string[]) =>
  prepared("webhook-context", contextSql(sql`(SELECT DISTINCT * FROM unnest(${facebookPageIds}::text[], ${psids}::text[])) AS w(facebook_page_id, psid)`));

/**
 * A profile lookup's result, written only by the first lookup (another worker may have done it; the attempt
 * is recorded either way), with the conversation's list item from the same statement. No row when another
 * lookup wrote first; the summary's columns are null when the conversation is gone.
 */
export const profileUpdateSql = (customerId: string, conversationId: string, found: { name: string | null; avatarUrl: string | null }) =>
  prepared("profile-update", sql<SummaryColumns & { name: string; avatar_url: string | null }>`
    WITH updated AS (
      UPDATE customers SET name = coalesce(${found.name}, name), avatar_url = coalesce(${found.avatarUrl}, avatar_url), profile_fetched_at = now()
       WHERE id = ${customerId}::uuid AND profile_fetched_at IS NULL RETURNING name, avatar_url)
    SELECT updated.name, updated.avatar_url, ${summaryColumns}
      FROM updated LEFT JOIN conversations ON conversations.id = ${conversationId}::uuid`);
