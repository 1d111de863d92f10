import { publicRoute } from "@/server/http/route";
import { receiveWebhook, verifySubscription } from "@/server/services/messenger/receive-webhook";

export const dynamic = "force-dynamic";

// GET /api/webhooks/messenger — Meta's subscription handshake
export const GET = publicRoute({}, ({ request }) => {
  const challenge = verifySubscription(new URL(request.url).searchParams);
  return new Response(challenge, { status: 200, headers: { "Content-Type": "text/plain" } });
});

// POST /api/webhooks/messenger — signed deliveries: verify, store, acknowledge; the worker processes them
export const POST = publicRoute({}, async ({ request }) => {
  await receiveWebhook(Buffer.from(await request.arrayBuffer()), request.headers.get("x-hub-signature-256"));
  return new Response("EVENT_RECEIVED", { status: 200 });
});
