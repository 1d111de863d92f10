import type { SimContext } from "../context";
import { GraphApiError } from "./graph-error";

// An optional per-page Send API limit (settings.rateLimitPerSecond) over a sliding second. Every answer
// carries X-Business-Use-Case-Usage like Meta's, so the app's back-off logic has something to read.

const WINDOW_MS = 1000;
/** Meta's documented Send API limit for text, used for the usage figure when no limit is simulated. */
const META_TEXT_LIMIT = 300;

export function countSendCall(ctx: SimContext, pageId: string): Record<string, string> {
  const now = ctx.now();
  const recent = (ctx.state.sendTimes.get(pageId) ?? []).filter((t) => now - t < WINDOW_MS);
  recent.push(now);
  ctx.state.sendTimes.set(pageId, recent);
  const limit = ctx.settings.rateLimitPerSecond || META_TEXT_LIMIT;
  const limited = ctx.settings.rateLimitPerSecond > 0 && recent.length > limit;
  const usage = {
    [pageId]: [
      {
        type: "messenger",
        call_count: Math.min(100, Math.round((recent.length / limit) * 100)),
        total_cputime: 1,
        total_time: 1,
        estimated_time_to_regain_access: limited ? 1 : 0,
      },
    ],
  };
  const headers = { "X-Business-Use-Case-Usage": JSON.stringify(usage) };
  if (limited) {
    const error = new GraphApiError(613);
    error.headers = { ...error.headers, ...headers };
    throw error;
  }
  return headers;
}
