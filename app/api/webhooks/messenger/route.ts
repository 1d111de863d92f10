import { publicRoute } from "@/server/http/route";
import { answerHandshake } from "@/server/http/webhook-delivery";

export const dynamic = "force-dynamic";

// GET /api/webhooks/messenger — Meta's subscription handshake.
// POST (the signed deliveries) is not a route: the custom server answers it on the received bytes before
// any router (server/lifecycle/app-server.ts, server/http/webhook-delivery.ts), as does the webhook port's
// own thread (server/services/inbound/listener/).
export const GET = publicRoute({}, ({ request }) => answerHandshake(request));
