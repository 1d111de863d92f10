import type { RawAnswer } from "@/server/http/direct-route";
import { errorResponse } from "@/server/http/errors";
import { receiveWebhook } from "@/server/services/messenger/receive-webhook";

const RECEIVED: RawAnswer = { status: 200, contentType: "text/plain", body: "EVENT_RECEIVED" };

/**
 * POST /api/webhooks/messenger on the received bytes: verify, store, acknowledge (the worker processes
 * them). The custom server calls it without a fetch Request around the body (server/http/direct-route.ts),
 * the route file through Next; a refusal is the Response every route's errors map to.
 */
export async function receiveDelivery(raw: Buffer, signature: string | null): Promise<RawAnswer | Response> {
  try {
    await receiveWebhook(raw, signature);
    return RECEIVED;
  } catch (error) {
    return errorResponse(error);
  }
}
