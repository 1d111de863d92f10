import { parseWebhookBody, type MessengerEvent } from "@/server/messenger/webhook-events";
import { handleMessageEvent } from "@/server/services/messenger/handle-message";
import { handleReceiptEvent } from "@/server/services/messenger/handle-receipt";
import { customerOrder, customerOrderKey } from "@/server/services/messenger/in-order";
import { loadIngestContext, type IngestContext } from "@/server/services/messenger/ingest-context";
import { withClaimedDeliveries, type DeliveryOutcome, type StoredDelivery } from "@/server/services/messenger/webhook-store";

// Stored webhook deliveries → messages, a batch at a time. The worker's drain (workers/webhooks/) decides
// when; this file decides how: claim, read what the batch needs once, handle each event in customer order,
// mark the batch processed.

export type BatchRun = {
  /** How many deliveries the batch claimed; resolves as soon as their events are queued, so the next batch may be claimed. */
  claimed: Promise<number>;
  /** Settles when the batch is marked processed (or rolled back, to be claimed again). */
  done: Promise<void>;
};

export function processWebhookBatch(limit: number): BatchRun {
  let announce: (count: number) => void = () => {};
  const claimed = new Promise<number>((resolve) => (announce = resolve));
  const done = withClaimedDeliveries(limit, (deliveries) => {
    const outcomes = processDeliveries(deliveries);
    announce(deliveries.length);
    return outcomes;
  }).finally(() => announce(0)); // no-op when already announced; unblocks the caller when the claim failed
  return { claimed, done };
}

/** Processes every pending delivery, batch after batch (tests, scripts). Returns how many it processed. */
export async function processPendingWebhookEvents(batchSize = 50): Promise<number> {
  let total = 0;
  for (;;) {
    const run = processWebhookBatch(batchSize);
    const count = await run.claimed;
    await run.done;
    total += count;
    if (count < batchSize) return total;
  }
}

/**
 * Every event of the batch is queued in its customer's order before this returns (synchronously), so a
 * batch claimed later never overtakes this one for the same person. An event that fails is recorded on
 * its delivery and the others go on; if the batch's shared reads fail, the whole batch fails and stays
 * pending.
 */
function processDeliveries(deliveries: StoredDelivery[]): Promise<DeliveryOutcome[]> {
  if (!deliveries.length) return Promise.resolve([]);
  const parsed = deliveries.map((d) => ({ id: d.id, events: parseWebhookBody(d.payload) }));
  const context = loadIngestContext(parsed.flatMap((d) => d.events));
  context.catch(() => {}); // observed below by every event; this keeps an early failure from being "unhandled"
  return Promise.all(
    parsed.map(async ({ id, events }) => {
      const errors = await Promise.all(events.map((event) => queueEvent(id, event, context)));
      const failed = errors.filter((e): e is string => e !== null);
      return { id, error: failed.length ? failed.join("\n").slice(0, 4000) : null };
    }),
  );
}

function queueEvent(deliveryId: bigint, event: MessengerEvent, context: Promise<IngestContext>): Promise<string | null> {
  const handle = async () => {
    const ctx = await context;
    try {
      await handleEvent(ctx, event);
      return null;
    } catch (error) {
      console.error(`[switchboard] webhook event ${deliveryId} (${event.kind}) failed:`, error);
      return `${event.kind}: ${(error as Error).message}`;
    }
  };
  // One customer's events run in delivery order, also across batches in flight in this process.
  return "psid" in event ? customerOrder.run(customerOrderKey(event.pageId, event.psid), handle) : handle();
}

async function handleEvent(ctx: IngestContext, event: MessengerEvent): Promise<void> {
  if (event.kind === "ignored") return;
  const page = ctx.pages.get(event.pageId);
  if (!page) {
    console.warn(`[switchboard] webhook for unknown page ${event.pageId}: acknowledged and ignored`);
    return;
  }
  switch (event.kind) {
    case "message":
    case "postback":
      return handleMessageEvent(page, event, ctx.customers);
    case "delivery":
    case "read":
      return handleReceiptEvent(page, event, ctx.customers);
  }
}
