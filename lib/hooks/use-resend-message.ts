"use client";

import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { api, ApiError, errorMessage } from "@/lib/api/client";
import { TEXTS } from "@/lib/inbox/constants";
import type { ApiMessage, ConversationListItem } from "@/lib/inbox/types";
import { toUiMessage, type UiMessage } from "@/lib/inbox/ui-message";

// A reply that failed stays in the thread with its reason and a Retry (issue 30): Retry sends the same
// message again as the same row (POST /api/send-message/retry), so the thread never holds it twice.

/** The reply as the server kept it after Meta refused it (failed, with the reason), if it did. */
export function keptReply(error: unknown): UiMessage | null {
  const message = error instanceof ApiError ? error.body.message : undefined;
  return message && typeof message === "object" && "id" in message ? toUiMessage(message as ApiMessage) : null;
}

/** Retry for a failed reply; `revise` puts the reply's new state into the thread. */
export function useResendMessage(conversation: ConversationListItem | null, revise: (message: UiMessage) => void) {
  return useCallback(
    async (message: UiMessage) => {
      if (!conversation) return;
      revise({ ...message, status: "pending", errorMessage: null });
      try {
        const sent = await api<ApiMessage>("/api/send-message/retry", { method: "POST", body: { conversationId: conversation.id, pageId: conversation.page_id, messageId: message.id } });
        revise(toUiMessage(sent));
      } catch (error) {
        revise(keptReply(error) ?? message);
        toast.error(TEXTS.sendFailed, { description: errorMessage(error, "") || undefined });
      }
    },
    [conversation, revise],
  );
}
