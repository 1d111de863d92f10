import { rows as rowsOf, sqlDb } from "@/server/db/sql/run";
import { announceUpdate } from "@/server/services/conversations/message-update";

/** What the thread says under a reply nobody heard back about (its status shows "Failed"). */
export const STALE_SEND_TEXT = "Facebook never answered this send, so it may not have reached the customer.";

/**
 * A reply is pending while its Send API call runs (deliver-reply.ts: at most GRAPH_TIMEOUT_MS, 15 s, and one
 * retry after a refusal), or after a call that got no answer until its echo settles it (reply-echo.ts;
 * Meta echoes within seconds). A pending reply older than this was left by a process killed mid-call, or
 * Meta never took it: without this it would say "Sending" forever, to every agent. It was 3 minutes, which
 * an agent sees as a reply stuck "Sending" after an app crash (issue 30); the sweep runs every 10 s
 * (workers/schedules/stale-sends.ts), so a stale reply shows as failed, with Retry, within 30–40 s. A call
 * still running past this gets its answer anyway, and an echo that comes later still makes it sent.
 */
export const STALE_SEND_MS = 30_000;

/**
 * Marks stale pending replies failed and tells the agents' screens (message-updated). The `mid IS NULL`
 * condition is served by the mid index, where the few rows without a Meta id (pending or blocked sends) sit
 * together: no scan of the messages table. Returns how many it marked.
 */
export async function failStaleSends(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_SEND_MS);
  const stale = sqlDb()
    .updateTable("messages")
    .set({ send_status: "failed", error_message: STALE_SEND_TEXT })
    .where("mid", "is", null)
    .where("send_status", "=", "pending")
    .where("direction", "=", "outbound")
    .where("created_at", "<", cutoff)
    .returning("id");
  const rows = await rowsOf(stale);
  for (const row of rows) await announceUpdate(row.id);
  return rows.length;
}
