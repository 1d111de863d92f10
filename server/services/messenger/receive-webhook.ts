import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { isValidSignature } from "@/server/messenger/webhook-signature";
import { storeWebhookEvent } from "@/server/services/messenger/webhook-store";

const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** GET handshake: echo the challenge only for our verify token (GUIDE §3). */
export function verifySubscription(query: URLSearchParams): string {
  if (query.get("hub.mode") === "subscribe" && query.get("hub.verify_token") === env().META_VERIFY_TOKEN) {
    return query.get("hub.challenge") ?? "";
  }
  throw new AppError("forbidden", "Verification token mismatch");
}

/**
 * POST: check the signature over the exact bytes received, then store the delivery — one INSERT. The
 * worker processes it (workers/webhooks/), so Meta's 5-second deadline and our ack time never depend on
 * the processing.
 */
export async function receiveWebhook(raw: Buffer, signature: string | null): Promise<bigint> {
  if (raw.length > MAX_WEBHOOK_BYTES) throw new AppError("payload_too_large", "Webhook body is too large");
  if (!isValidSignature(raw, signature, env().META_APP_SECRET)) throw new AppError("unauthorized", "Invalid X-Hub-Signature-256");
  const json = raw.toString("utf8");
  try {
    JSON.parse(json);
  } catch {
    throw new AppError("bad_request", "Webhook body must be JSON");
  }
  return storeWebhookEvent(json);
}
