import { parseWebhookBody, type MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { isConnectionError } from "@/server/db/connection-errors";
import { handleMessageEvent } from "@/server/services/inbound/handle-message";
import { handleReceiptEvent } from "@/server/services/inbound/handle-receipt";
import { handleReactionEvent } from "@/server/services/inbound/handle-reaction";
import { handleEditEvent } from "@/server/services/inbound/handle-edit";
import { handleUnsendEvent } from "@/server/services/inbound/handle-unsend";
import { handleGuestEvent, handleSystemEvent } from "@/server/services/inbound/handle-system-event";
import { claimGuestEvents } from "@/server/services/inbound/system-events";
import { handleHandoverEvent } from "@/server/services/inbound/handle-handover";
import { handlePolicyEvent } from "@/server/services/inbound/handle-policy";
import { handleAppRolesEvent } from "@/server/services/inbound/handle-app-roles";
import { observeThreadChannel } from "@/server/services/inbound/handle-standby";
import { handleCommentEvent } from "@/server/services/comments/handle-comment";
import { quarantine, type QuarantineEntry } from "@/server/services/webhook-quarantine/quarantine-store";
import { customerOrder, customerOrderKey } from "@/server/concurrency/in-order";
import type { ContextRow } from "@/server/db/sql/customers";
import { loadIngestContext, type IngestContext, type IngestPage } from "@/server/services/inbound/ingest-context";
import { withClaimedDeliveries, type DeliveryOutcome, type StoredDelivery } from "@/server/services/inbound/webhook-store";
import { logger } from "@/server/observability/log";
import { handOutArrivals } from "@/server/services/inbound/queue-arrivals";

// Stored webhook deliveries → messages, a batch at a time. The worker's drain (workers/inbound/) decides
// when; this file decides how: claim (with what the batch needs, read once), handle each event in customer order,
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
  const done = withClaimedDeliveries(limit, (deliveries, prefetched) => {
    const outcomes = processDeliveries(deliveries, prefetched);
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
 * batch claimed later never overtakes this one for the same person. An event that cannot be read or fails
 * is quarantined with its reason (webhook_quarantine, re-runnable by an operator) and the others go on; if
 * the batch's shared reads — or the quarantine itself — fail, the whole batch fails and stays pending.
 */
function processDeliveries(deliveries: StoredDelivery[], prefetched: ContextRow[]): Promise<DeliveryOutcome[]> {
  if (!deliveries.length) return Promise.resolve([]);
  const parsed = deliveries.map((d) => ({ id: d.id, events: parseWebhookBody(d.payload, { receivedAt: d.receivedAt }) }));
  const context = loadIngestContext(parsed.flatMap((d) => d.events), prefetched);
  context.catch(() => {}); // observed below by every event; this keeps an early failure from being "unhandled"
  const outcomes = Promise.all(
    parsed.map(async ({ id, events }) => {
      const errors = await Promise.all(events.map((event) => queueEvent(id, event, context)));
      const failed = errors.filter((e): e is QuarantineEntry => e !== null);
      await quarantine(failed);
      return { id, error: failed.length ? `${failed.length} event(s) quarantined: ${failed.map((f) => f.reason).join("\n")}`.slice(0, 4000) : null };
    }),
  );
  // Once the batch's messages are stored, the fair queue hands out what arrived (queue-arrivals.ts).
  return outcomes.then(async (done) => {
    await handOutArrivals(parsed.flatMap((d) => d.events), await context);
    return done;
  });
}

function queueEvent(deliveryId: bigint, event: MessengerEvent, context: Promise<IngestContext>): Promise<QuarantineEntry | null> {
  if (event.kind === "invalid") {
    const raw = event.raw === undefined ? "" : JSON.stringify(event.raw);
    return Promise.resolve({ scope: event.pageId ? "event" : "body", raw, reason: event.reason, facebookPageId: event.pageId, webhookEventId: deliveryId });
  }
  const handle = async (): Promise<QuarantineEntry | null> => {
    const ctx = await context;
    try {
      await runEvent(ctx, event);
      return null;
    } catch (error) {
      // Postgres went away (a restart, a failover): nothing is wrong with the event. The batch fails, its
      // claim rolls back and its deliveries are pending again for the next drain — quarantined, they would
      // wait for an operator (issue 30).
      if (isConnectionError(error)) throw error;
      logger().error(`webhook event ${deliveryId} (${event.kind}) failed, quarantined: ${(error as Error).message}`);
      return { scope: "event", raw: JSON.stringify(event.raw), reason: `${event.kind}: ${(error as Error).message}`, facebookPageId: event.pageId, webhookEventId: deliveryId };
    }
  };
  // One customer's events run in delivery order, also across batches in flight in this process.
  // Page-level events (policy, app roles, comments) share one queue per page; guests queue by their user_ref.
  const person = "psid" in event ? event.psid : event.kind === "guest" ? `user_ref:${event.userRef}` : "page";
  return customerOrder.run(customerOrderKey(event.pageId, person), handle);
}

/** One event against a loaded context; also the quarantine's retry (retry-quarantined.ts). */
export async function runEvent(ctx: IngestContext, event: MessengerEvent): Promise<void> {
  if (event.kind === "invalid") throw new Error(event.reason);
  const page = ctx.pages.get(event.pageId);
  if (!page) {
    logger().warn(`webhook for unknown page ${event.pageId}: acknowledged and ignored`);
    return;
  }
  await handleEvent(ctx, page, event);
  // Handover protocol: a standby delivery, or a customer's message outside it, tells who holds the thread.
  if ("psid" in event && event.kind !== "handover") await observeThreadChannel(page, event, ctx.customers);
}

async function handleEvent(ctx: IngestContext, page: IngestPage, event: Exclude<MessengerEvent, { kind: "invalid" }>): Promise<void> {
  switch (event.kind) {
    case "message":
      if (event.isDeleted && (await handleUnsendEvent(page, event))) return;
      await handleMessageEvent(page, event, ctx.customers);
      if (event.priorUserRef) await claimGuestEvents(page.id, event.priorUserRef, event.psid);
      return;
    case "postback":
    case "referral":
    case "unsupported":
      return handleMessageEvent(page, event, ctx.customers);
    case "handover":
      return handleHandoverEvent(page, event, ctx.customers);
    case "policy":
      return handlePolicyEvent(page, event);
    case "app_roles":
      return handleAppRolesEvent(page, event);
    case "reaction":
      return handleReactionEvent(page, event);
    case "edit":
      return handleEditEvent(page, event);
    case "delivery":
    case "read":
      return handleReceiptEvent(page, event, ctx.customers);
    case "system":
      return handleSystemEvent(page, event);
    case "guest":
      return handleGuestEvent(page, event);
    case "comment":
      return handleCommentEvent(page, event);
  }
}
