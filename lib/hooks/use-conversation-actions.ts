import { api } from "@/lib/api/client";
import type { ConversationListItem, ConversationStatus } from "@/lib/contract/inbox-api";
import type { POST as SetStatus } from "@/app/api/conversations/status/route";
import type { Answer } from "@/lib/contract/http";

// The lifecycle and bulk calls of the inbox (docs/PRODUCT.md §11, docs/API.md "Conversation lifecycle").
// Every change also reaches the other agents as conversation-updated.

/** Done, snoozed (until a time, or null = until the customer writes) or open again; answers the changed rows. */
export async function setStatus(conversationIds: string[], pageId: string, status: ConversationStatus, snoozeUntil: Date | null = null): Promise<ConversationListItem[]> {
  const result = await api<Answer<typeof SetStatus>>("/api/conversations/status", {
    method: "POST",
    body: { conversationIds, pageId, status, ...(status === "snoozed" ? { snoozeUntil: snoozeUntil?.toISOString() ?? null } : {}) },
  });
  return result.conversations;
}

export type BulkResult = { success: boolean; changed: number; refused: { conversationId: string; message: string }[] };

export function bulkAssign(conversationIds: string[], pageId: string, assigneeId: string | null): Promise<BulkResult> {
  return api<BulkResult>("/api/conversations/bulk-assign", { method: "POST", body: { conversationIds, pageId, assigneeId } });
}

export function bulkLabel(conversationIds: string[], pageId: string, tag: { tag: string; color: string }): Promise<BulkResult> {
  return api<BulkResult>("/api/conversations/bulk-label", { method: "POST", body: { conversationIds, pageId, tags: [tag] } });
}
