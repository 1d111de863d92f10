import { rows as rowsOf, sqlDb } from "@/server/db/sql/run";
import { announceUpdate } from "@/server/services/conversations/message-update";

/** What the thread says under a reply nobody heard back about (its status shows "Failed"). */
export const STALE_SEND_TEXT = "Facebook never answered this send, so it may not have reached the customer.";

/**
 * A reply is pending only while its Send API call runs (send-message.ts): the call answers within seconds,
 * and its echo settles it as soon as it comes (reply-echo.ts). A pending reply older than this was left by a
 * process that stopped mid-call; without this it would say "Sending" forever, to every agent. An echo that
 * comes later still turns it into sent.
 */
export const STALE_SEND_MS = 180_000;

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
