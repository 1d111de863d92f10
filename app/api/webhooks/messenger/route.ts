import { MAX_BODY_BYTES } from "@/server/http/direct-route";
import { readBodyLimited } from "@/server/http/read-body";
import { publicRoute } from "@/server/http/route";
import { answerHandshake, receiveDelivery } from "@/server/http/webhook-delivery";

export const dynamic = "force-dynamic";

// GET /api/webhooks/messenger — Meta's subscription handshake
export const GET = publicRoute({}, ({ request }) => answerHandshake(request));

// POST /api/webhooks/messenger — signed deliveries: verify, store, acknowledge; the worker processes them.
// The custom server answers it on the received bytes (server/lifecycle/app-server.ts), with the same function
// and the same cap on the body.
export const POST = publicRoute({}, async ({ request }) => {
  const answer = await receiveDelivery(Buffer.from(await readBodyLimited(request, MAX_BODY_BYTES)), request.headers.get("x-hub-signature-256"));
  return answer instanceof Response ? answer : new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.contentType } });
});
