import type { RawAnswer } from "@/server/http/direct-route";
import { errorResponse } from "@/server/http/errors";
import { receiveWebhook, verifySubscription } from "@/server/services/inbound/receive-webhook";

const RECEIVED: RawAnswer = { status: 200, contentType: "text/plain", body: "EVENT_RECEIVED" };

/** GET /api/webhooks/messenger: Meta's subscription handshake (the route file and the webhook port's thread). */
export function answerHandshake(request: Request): Response {
  try {
    return new Response(verifySubscription(new URL(request.url).searchParams), { status: 200, headers: { "Content-Type": "text/plain" } });
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * POST /api/webhooks/messenger on the received bytes: verify, store, acknowledge (the worker processes
 * them). The custom server calls it without a fetch Request around the body (server/http/direct-route.ts),
 * the route file when called as a route handler; a refusal is the Response every route's errors map to.
 */
export async function receiveDelivery(raw: Buffer, signature: string | null): Promise<RawAnswer | Response> {
  try {
    await receiveWebhook(raw, signature);
    return RECEIVED;
  } catch (error) {
    return errorResponse(error);
  }
}
