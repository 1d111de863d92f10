import { sql, type RawBuilder } from "kysely";
import { newId } from "@/server/db/uuid";
import type { OfferStatus } from "@/server/generated/kysely/enums";

// The offers family's SQL text (server/db/sql/run.ts says when a statement is text rather than the
// builder): who an offer reaches, as one fragment, so the preview, the count at scheduling and the ledger
// insert can never disagree; and the counts written back from the ledger.

/** Tag names are stored lowercased. No tags: everyone; tags: anyone with one of them; exclude: everyone with none. */
export type AudienceRule = { pageId: string; tags: string[]; exclude: boolean };

/**
 * `WHERE` for customers `c` of the rule's page, on both channels: Messenger's, and Instagram's while the
 * Page's Instagram account is turned on (a company admin turned it off: nothing goes out on it, as
 * nothing comes in). An Instagram customer gets the offer through the same Page Send API (deliver.ts).
 */
function audienceWhere({ pageId, tags, exclude }: AudienceRule): RawBuilder<boolean> {
  const instagramOn = sql`EXISTS (SELECT 1 FROM instagram_accounts ig WHERE ig.page_id = c.page_id AND ig.enabled)`;
  const ofPage = sql<boolean>`c.page_id = ${pageId}::uuid AND (c.channel = 'messenger' OR ${instagramOn})`;
  if (!tags.length) return ofPage;
  const tagged = sql`EXISTS (SELECT 1 FROM customer_tags t WHERE t.customer_id = c.id AND t.name = ANY(${tags}::text[]))`;
  return exclude ? sql`${ofPage} AND NOT ${tagged}` : sql`${ofPage} AND ${tagged}`;
}

/** Whether the customer's conversation `conv` last heard from them after `since` (the messaging window's start). */
const insideWindow = (since: Date) => sql<boolean>`(conv.last_inbound_at > ${since}::timestamptz)`;

/** How many people the rule selects, and how many of them last wrote after `since`. */
export const audienceCountSql = (rule: AudienceRule, since: Date) => sql<{ matching: string; inside: string }>`
    SELECT count(*) AS matching, count(*) FILTER (WHERE ${insideWindow(since)}) AS inside
    FROM customers c LEFT JOIN conversations conv ON conv.customer_id = c.id
    WHERE ${audienceWhere(rule)}`;

/** The offer's ledger: one row per person of the rule, pending inside the window, skipped (`outsideReason`) outside it. */
export const insertRecipientsSql = (offerId: string, rule: AudienceRule, since: Date, outsideReason: string) => sql`
      INSERT INTO offer_recipients (id, offer_id, customer_id, status, reason, updated_at)
      SELECT ${newId}, ${offerId}::uuid, c.id,
        CASE WHEN ${insideWindow(since)} THEN 'pending'::"RecipientStatus" ELSE 'skipped'::"RecipientStatus" END,
        CASE WHEN ${insideWindow(since)} THEN NULL ELSE ${outsideReason} END,
        now()
      FROM customers c LEFT JOIN conversations conv ON conv.customer_id = c.id
      WHERE ${audienceWhere(rule)}
      ON CONFLICT (offer_id, customer_id) DO NOTHING`;

export type CountedOffer = {
  id: string;
  companyId: string;
  pageId: string;
  status: OfferStatus;
  statusReason: string | null;
  targetCount: number;
  sentCount: number;
  skippedCount: number;
  failedCount: number;
};

/** Writes the offer's counts from the ledger (the only source of truth) and returns the offer's state. */
export const recountOfferSql = (offerId: string) => sql<CountedOffer>`
    UPDATE offers o SET sent_count = c.sent, skipped_count = c.skipped, failed_count = c.failed, updated_at = now()
    FROM (SELECT count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE status = 'skipped') AS skipped,
                 count(*) FILTER (WHERE status = 'failed') AS failed
          FROM offer_recipients WHERE offer_id = ${offerId}::uuid) c
    WHERE o.id = ${offerId}::uuid
    RETURNING o.id, o.company_id AS "companyId", o.page_id AS "pageId", o.status, o.status_reason AS "statusReason",
              o.target_count AS "targetCount", o.sent_count AS "sentCount", o.skipped_count AS "skippedCount", o.failed_count AS "failedCount"`;
