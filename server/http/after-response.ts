import { after } from "next/server";

/**
 * Runs work after the response is sent. Inside Next.js that is `after()`; outside a Next request scope
 * (integration tests calling handlers directly, scripts) the work runs on the next turn instead.
 */
export function afterResponse(work: () => Promise<unknown>): void {
  const run = () => work().catch((error) => console.error("[switchboard] background work failed", error));
  try {
    after(run);
  } catch {
    setImmediate(run);
  }
}
