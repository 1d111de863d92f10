import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

// GET /api/health/live — the process answers (orchestrators restart it otherwise); no dependency checks
export const GET = publicRoute({}, () => Response.json({ status: "live" }, { headers: { "Cache-Control": "no-store" } }));
