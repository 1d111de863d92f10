import { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/server/db";
import { STANDARD_WINDOW_MS } from "@/lib/contract/messaging-window";

// Who an offer reaches: the page's customers picked by the tag rule (tag names are stored lowercased).
// No tags: everyone. Tags: anyone with at least one of them; with exclude, everyone with none of them.
// One SQL fragment, so the preview, the count at scheduling and the ledger insert can never disagree.

export type AudienceRule = { pageId: string; tags: string[]; exclude: boolean };

/**
 * `WHERE` for customers `c` of the rule's page. Messenger customers only: an offer goes as Messenger's
 * `UPDATE` message, which Instagram's Send API does not take (Instagram offers are not built yet).
 */
export function audienceWhere({ pageId, tags, exclude }: AudienceRule): Prisma.Sql {
  const ofPage = Prisma.sql`c.page_id = ${pageId}::uuid AND c.channel = 'messenger'`;
  if (!tags.length) return ofPage;
  const tagged = Prisma.sql`EXISTS (SELECT 1 FROM customer_tags t WHERE t.customer_id = c.id AND t.name = ANY(${tags}::text[]))`;
  return exclude ? Prisma.sql`${ofPage} AND NOT ${tagged}` : Prisma.sql`${ofPage} AND ${tagged}`;
}

/**
 * Offers are promotional: only people whose last message is under 24 h old (docs/META.md). The cutoff is
 * computed here, on the same clock as offerMessagingType, which the worker checks again before each send.
 */
export function insideWindowSql(now = new Date()): Prisma.Sql {
  return Prisma.sql`(conv.last_inbound_at > ${new Date(now.getTime() - STANDARD_WINDOW_MS)}::timestamptz)`;
}

/** How many people the rule selects, and how many of them may receive an offer right now. */
export async function countAudience(rule: AudienceRule): Promise<{ matching: number; insideWindow: number }> {
  const [row] = await db.$queryRaw<{ matching: bigint; inside: bigint }[]>`
    SELECT count(*) AS matching, count(*) FILTER (WHERE ${insideWindowSql()}) AS inside
    FROM customers c LEFT JOIN conversations conv ON conv.customer_id = c.id
    WHERE ${audienceWhere(rule)}`;
  return { matching: Number(row?.matching ?? 0), insideWindow: Number(row?.inside ?? 0) };
}
