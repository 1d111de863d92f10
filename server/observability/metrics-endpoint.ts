import { timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";
import { collectGauges } from "@/server/observability/collectors";
import { metrics } from "@/server/observability/metrics";

// GET /api/metrics (and /metrics on the worker's listener). With METRICS_TOKEN set, only
// "Authorization: Bearer <METRICS_TOKEN>" gets the numbers (401 otherwise). Without it: open in development
// and tests, and absent (404) in production, so a deployment never exposes them by accident.

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function serveMetrics(request: Request): Promise<Response> {
  const { METRICS_TOKEN, isProduction } = env();
  if (!METRICS_TOKEN && isProduction) return Response.json({ error: "not_found", message: "Not found" }, { status: 404 });
  if (METRICS_TOKEN) {
    const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
    if (!sameSecret(given, METRICS_TOKEN)) return Response.json({ error: "unauthorized", message: "A valid metrics token is required" }, { status: 401 });
  }
  await collectGauges();
  const { register } = metrics();
  return new Response(await register.metrics(), { headers: { "Content-Type": register.contentType, "Cache-Control": "no-store" } });
}
