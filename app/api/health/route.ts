import { publicRoute } from "@/server/http/route";
import { health } from "@/server/services/health";

export const dynamic = "force-dynamic";

// GET /api/health — {status, db, redis}; 503 when a dependency is down
export const GET = publicRoute({}, async () => {
  const result = await health();
  return Response.json(result, { status: result.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
