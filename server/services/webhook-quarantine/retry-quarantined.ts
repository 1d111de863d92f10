import { db } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { sanitizeJson } from "@/server/integrations/meta/sanitize-json";
import { parseWebhookBody } from "@/server/integrations/meta/webhook-body";
import { loadIngestContext } from "@/server/services/inbound/ingest-context";
import { runEvent } from "@/server/services/inbound/process-webhook";
import { storeWebhookEvent } from "@/server/services/inbound/webhook-store";
import { toQuarantineItem } from "@/server/services/webhook-quarantine/list-quarantine";

/**
 * POST /api/admin/webhook-quarantine/{id}/retry — runs a quarantined delivery again with today's code: an
 * event is processed here and now (the answer says whether it worked); a body is sanitised and queued for
 * the worker like a new delivery. Success resolves the row; failure records the error and keeps it open.
 * Processing is idempotent (mids are unique), so retrying something that half-worked stores nothing twice.
 */
export async function retryQuarantined(id: string) {
  const row = await db.webhookQuarantine.findUnique({ where: { id: BigInt(id) } });
  if (!row) throw new AppError("not_found", "Quarantined event not found");
  if (row.resolvedAt) throw new AppError("conflict", "This event was already processed");
  let error: string | null = null;
  try {
    if (row.scope === "event") await rerunEvent(row.raw, row.facebookPageId);
    else await requeueBody(row.raw);
  } catch (e) {
    error = (e as Error).message;
  }
  const updated = await db.webhookQuarantine.update({
    where: { id: row.id },
    data: { retryCount: { increment: 1 }, lastError: error, resolvedAt: error ? null : new Date() },
  });
  return { ok: error === null, item: toQuarantineItem(updated) };
}

function parseRaw(raw: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new Error(`still not JSON: ${(e as Error).message}`, { cause: e });
  }
  const clean = sanitizeJson(parsed);
  if (!clean.ok) throw new Error(clean.reason);
  return clean.value;
}

async function rerunEvent(raw: string, facebookPageId: string | null): Promise<void> {
  if (!facebookPageId) throw new Error("the event names no Page");
  const events = parseWebhookBody({ object: "page", entry: [{ id: facebookPageId, messaging: [parseRaw(raw)] }] });
  const context = await loadIngestContext(events);
  for (const event of events) await runEvent(context, event);
}

async function requeueBody(raw: string): Promise<void> {
  await storeWebhookEvent(JSON.stringify(parseRaw(raw)));
}
