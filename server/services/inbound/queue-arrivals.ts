import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import type { IngestContext } from "@/server/services/inbound/ingest-context";
import { handOutAfter } from "@/server/services/ownership/fair-queue";

// The fair queue's ingest trigger (docs/PRODUCT.md §13.4): once a batch is stored, the customers' messages to
// Pages with the fair queue on may have started (or reopened) conversations that wait: one hand-out per
// company of the batch. A batch for Pages without it does nothing here: the flag came with its context read.

const ARRIVES = new Set(["message", "postback", "referral", "unsupported"]);

export async function handOutArrivals(events: MessengerEvent[], context: IngestContext): Promise<void> {
  const byCompany = new Map<string, Set<string>>();
  for (const event of events) {
    if (!ARRIVES.has(event.kind) || (event.kind === "message" && event.isEcho)) continue;
    const page = context.pages.get(event.pageId!);
    if (!page?.fairQueueCompanyId) continue;
    const pages = byCompany.get(page.fairQueueCompanyId) ?? new Set<string>();
    byCompany.set(page.fairQueueCompanyId, pages.add(page.id));
  }
  for (const [companyId, pageIds] of byCompany) await handOutAfter("new messages", { companyId, pageIds: [...pageIds] });
}
