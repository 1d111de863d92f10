import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { MAX_WEBHOOK_DEPTH, pageIdOf, salvageBody } from "@/server/integrations/meta/sanitize-json";
import { isValidSignature } from "@/server/integrations/meta/webhook-signature";
import { storeWebhookEvent } from "@/server/services/inbound/webhook-store";
import { isDataError, quarantine } from "@/server/services/webhook-quarantine/quarantine-store";

/** Larger bodies are quarantined whole rather than queued: Meta's are a few KB. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** GET handshake: echo the challenge only for our verify token (docs/META.md). */
export function verifySubscription(query: URLSearchParams): string {
  if (query.get("hub.mode") === "subscribe" && query.get("hub.verify_token") === env().META_VERIFY_TOKEN) {
    return query.get("hub.challenge") ?? "";
  }
  throw new AppError("forbidden", "Verification token mismatch");
}

/**
 * POST: check the signature over the exact bytes received, then store the delivery — one INSERT. The
 * worker processes it (workers/inbound/), so Meta's 5-second deadline and our ack time never depend on
 * the processing.
 *
 * A validly signed delivery is never refused (Meta retries refusals and then disables the webhook): what
 * Postgres will not take as received is sanitised and stored, and what still cannot be stored is kept raw
 * in webhook_quarantine — all of it acknowledged. Only an outage (the INSERT failing for another reason)
 * answers 5xx, so Meta retries it. Returns the delivery's id, or null when it was quarantined whole.
 */
export async function receiveWebhook(raw: Buffer, signature: string | null): Promise<bigint | null> {
  if (!isValidSignature(raw, signature, env().META_APP_SECRET)) throw new AppError("unauthorized", "Invalid X-Hub-Signature-256");
  const json = raw.toString("utf8");
  if (raw.length > MAX_WEBHOOK_BYTES) return quarantineBody(json, null, `body of ${raw.length} bytes is larger than ${MAX_WEBHOOK_BYTES}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    return quarantineBody(json, null, `not JSON: ${(error as Error).message}`);
  }
  try {
    return await storeWebhookEvent(json);
  } catch (error) {
    if (!isDataError(error)) throw error;
    // The rare path: NUL, lone surrogates or extreme nesting. Repair and store what can be repaired; what
    // is nested too deep is left out (an event holding it, whole) and the body kept raw in the quarantine,
    // so the good events beside it are still processed.
    const { value, removed } = salvageBody(parsed);
    const reason = `JSON nested deeper than ${MAX_WEBHOOK_DEPTH} levels at ${removed.join(", ")}`;
    // Nothing to salvage when no entry survived (not a Page body, or nested deep all the way down).
    if (removed.length && !hasEntry(value)) return quarantineBody(json, parsed, reason);
    let id: bigint;
    try {
      id = await storeWebhookEvent(JSON.stringify(value));
    } catch (retryError) {
      if (!isDataError(retryError)) throw retryError;
      return quarantineBody(json, parsed, `not storable: ${(retryError as Error).message}`);
    }
    if (removed.length) {
      await quarantineBody(json, parsed, `${reason}: left out; the rest of the body was stored (webhook event ${id})`);
    }
    return id;
  }
}

async function quarantineBody(raw: string, parsed: unknown, reason: string): Promise<null> {
  await quarantine([{ scope: "body", raw, reason, facebookPageId: pageIdOf(parsed, raw) }]);
  return null;
}

function hasEntry(body: unknown): boolean {
  const entries = (body as { entry?: unknown } | null)?.entry;
  return Array.isArray(entries) && entries.some((e) => e !== null && typeof e === "object" && !Array.isArray(e));
}
