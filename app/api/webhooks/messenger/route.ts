import { afterResponse } from "@/server/http/after-response";
import { publicRoute } from "@/server/http/route";
import { receiveWebhook, verifySubscription } from "@/server/services/messenger/receive-webhook";
import { processWebhookEvent } from "@/server/services/messenger/process-webhook";

export const dynamic = "force-dynamic";

// GET /api/webhooks/messenger — Meta's subscription handshake
export const GET = publicRoute({}, ({ request }) => {
  const challenge = verifySubscription(new URL(request.url).searchParams);
  return new Response(challenge, { status: 200, headers: { "Content-Type": "text/plain" } });
});

// POST /api/webhooks/messenger — signed deliveries: verify, store, acknowledge, then process
export const POST = publicRoute({}, async ({ request }) => {
  const id = await receiveWebhook(Buffer.from(await request.arrayBuffer()), request.headers.get("x-hub-signature-256"));
  afterResponse(() => processWebhookEvent(id));
  return new Response("EVENT_RECEIVED", { status: 200 });
});
