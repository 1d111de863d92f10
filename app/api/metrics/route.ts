import { publicRoute } from "@/server/http/route";
import { serveMetrics } from "@/server/observability/metrics-endpoint";

export const dynamic = "force-dynamic";

// GET /api/metrics — Prometheus text; Bearer METRICS_TOKEN when set, 404 in production without it
export const GET = publicRoute({}, ({ request }) => serveMetrics(request));
