import { timingSafeEqual } from "node:crypto";
import { env, type AppEnv } from "@/server/env";
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

export type MetricsAccess = "open" | "not_found" | "unauthorized";

/** Who may read the metrics, from the configuration and the request's Authorization header. */
export function metricsAccess(config: Pick<AppEnv, "METRICS_TOKEN" | "isProduction">, authorization: string | null): MetricsAccess {
  if (!config.METRICS_TOKEN) return config.isProduction ? "not_found" : "open";
  const given = authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
  return sameSecret(given, config.METRICS_TOKEN) ? "open" : "unauthorized";
}

export async function serveMetrics(request: Request): Promise<Response> {
  const access = metricsAccess(env(), request.headers.get("authorization"));
  if (access === "not_found") return Response.json({ error: "not_found", message: "Not found" }, { status: 404 });
  if (access === "unauthorized") return Response.json({ error: "unauthorized", message: "A valid metrics token is required" }, { status: 401 });
  await collectGauges();
  const { register } = metrics();
  return new Response(await register.metrics(), { headers: { "Content-Type": register.contentType, "Cache-Control": "no-store" } });
}
