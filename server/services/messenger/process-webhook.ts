import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { parseWebhookBody, type MessengerEvent } from "@/server/messenger/webhook-events";
import { handleMessageEvent } from "@/server/services/messenger/handle-message";
import { handleReceiptEvent } from "@/server/services/messenger/handle-receipt";

// Stored webhook deliveries → messages. Runs right after the 200 is sent; a sweep on startup picks up
// anything a crash left unprocessed.

const pageSelect = { id: true, name: true, accessTokenEnc: true, facebookPageId: true } as const;

export async function storeWebhookEvent(payload: unknown): Promise<bigint> {
  const row = await db.webhookEvent.create({ data: { payload: payload as Prisma.InputJsonValue }, select: { id: true } });
  return row.id;
}

export async function processWebhookEvent(id: bigint): Promise<void> {
  const row = await db.webhookEvent.findUnique({ where: { id } });
  if (!row || row.processedAt) return;
  const errors: string[] = [];
  const events = parseWebhookBody(row.payload);
  const pages = await loadPages(events);
  for (const event of events) {
    try {
      await handleEvent(pages, event);
    } catch (error) {
      errors.push(`${event.kind}: ${(error as Error).message}`);
      console.error(`[switchboard] webhook event ${id} (${event.kind}) failed:`, error);
    }
  }
  // updateMany: the row may be gone (retention, test cleanup) by the time processing ends.
  await db.webhookEvent.updateMany({ where: { id }, data: { processedAt: new Date(), error: errors.length ? errors.join("\n").slice(0, 4000) : null } });
}

// "Last webhook" is page health, not an audit trail: one write per page per half minute keeps a busy
// page's row from being updated on every delivery.
const LAST_WEBHOOK_WRITE_MS = 30_000;
const lastWebhookWrite = new Map<string, number>();

async function loadPages(events: MessengerEvent[]) {
  const ids = [...new Set(events.map((e) => e.pageId))];
  const rows = await db.page.findMany({ where: { facebookPageId: { in: ids } }, select: pageSelect });
  const now = Date.now();
  const stale = rows.filter((r) => now - (lastWebhookWrite.get(r.id) ?? 0) > LAST_WEBHOOK_WRITE_MS);
  if (stale.length) {
    for (const row of stale) lastWebhookWrite.set(row.id, now);
    await db.page.updateMany({ where: { id: { in: stale.map((r) => r.id) } }, data: { lastWebhookAt: new Date(now) } });
  }
  return new Map(rows.map((row) => [row.facebookPageId, row]));
}

async function handleEvent(pages: Map<string, { id: string; name: string; accessTokenEnc: string; facebookPageId: string }>, event: MessengerEvent) {
  const page = pages.get(event.pageId);
  if (!page) {
    console.warn(`[switchboard] webhook for unknown page ${event.pageId}: acknowledged and ignored`);
    return;
  }
  switch (event.kind) {
    case "message":
    case "postback":
      return handleMessageEvent(page, event);
    case "delivery":
    case "read":
      return handleReceiptEvent(page, event);
    case "ignored":
      return;
  }
}

/** Startup sweep: events stored but never processed (the process died between ack and processing). */
export async function processPendingWebhookEvents(): Promise<number> {
  const pending = await db.webhookEvent.findMany({ where: { processedAt: null }, select: { id: true }, orderBy: { id: "asc" }, take: 1000 });
  for (const { id } of pending) await processWebhookEvent(id);
  return pending.length;
}
