import { STANDARD_WINDOW_MS } from "@/lib/contract/messaging-window";
import { firstRow } from "@/server/db/sql/run";
import { audienceCountSql, type AudienceRule } from "@/server/db/sql/offers";

// Who an offer reaches: the page's customers picked by the tag rule (tag names are stored lowercased).
// No tags: everyone. Tags: anyone with at least one of them; with exclude, everyone with none of them.
// One SQL fragment (server/db/sql/offers.ts), so the preview, the count at scheduling and the ledger
// insert can never disagree.

/**
 * Offers are promotional: only people whose last message is under 24 h old (docs/META.md). The window's
 * start is computed here, on the same clock as offerMessagingType, which the worker checks again before each send.
 */
export function windowStart(now = new Date()): Date {
  return new Date(now.getTime() - STANDARD_WINDOW_MS);
}

/** How many people the rule selects, and how many of them may receive an offer right now. */
export async function countAudience(rule: AudienceRule): Promise<{ matching: number; insideWindow: number }> {
  const row = await firstRow(audienceCountSql(rule, windowStart()));
  return { matching: Number(row?.matching ?? 0), insideWindow: Number(row?.inside ?? 0) };
}
