import { publicRoute } from "@/server/http/route";
import { readiness } from "@/server/services/health";

export const dynamic = "force-dynamic";

// GET /api/health/ready — database, Redis and webhook backlog fine and not stopping; 503 otherwise
export const GET = publicRoute({}, async () => {
  const result = await readiness();
  return Response.json(result, { status: result.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
