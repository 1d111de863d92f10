import { publicRoute } from "@/server/http/route";
import { receiveDelivery } from "@/server/http/webhook-delivery";
import { verifySubscription } from "@/server/services/messenger/receive-webhook";

export const dynamic = "force-dynamic";

// GET /api/webhooks/messenger — Meta's subscription handshake
export const GET = publicRoute({}, ({ request }) => {
  const challenge = verifySubscription(new URL(request.url).searchParams);
  return new Response(challenge, { status: 200, headers: { "Content-Type": "text/plain" } });
});

// POST /api/webhooks/messenger — signed deliveries: verify, store, acknowledge; the worker processes them.
// The custom server answers it without Next's router (server/lifecycle/app-server.ts), with the same function.
export const POST = publicRoute({}, async ({ request }) => {
  const answer = await receiveDelivery(Buffer.from(await request.arrayBuffer()), request.headers.get("x-hub-signature-256"));
  return answer instanceof Response ? answer : new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.contentType } });
});
