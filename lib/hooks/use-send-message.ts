"use client";

import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { api, errorMessage } from "@/lib/api/client";
import { keptReply } from "@/lib/hooks/use-resend-message";
import { TEXTS } from "@/lib/inbox/constants";
import type { ApiMessage, ConversationListItem, SendMessageResult } from "@/lib/inbox/types";
import { optimisticMessage, toUiMessage, type UiMessage } from "@/lib/inbox/ui-message";
import { uploadFailure } from "@/lib/inbox/upload-failure";
import { uploadImages } from "@/lib/api/uploads";

// Sending from the composer (PRODUCT §4 Message send, §7): optimistic append; images are uploaded
// (POST /api/uploads) and sent one per call, then the text. A reply Meta refused stays in the thread, failed
// with the reason and a Retry (the server kept it: sentReply below); a failure before the server stored it
// removes the optimistic message and hands the text (and unsent images) back; a link violation marks the
// message red and opens the dialog.

type Sink = { addOptimistic: (m: UiMessage) => void; settle: (clientId: string, result: UiMessage | null) => void };

type Options = {
  conversation: ConversationListItem | null;
  senderName: string;
  sink: Sink;
  onViolation: (urls: string[]) => void;
  onRestore: (text: string, images: File[]) => void;
};

function failureDescription(error: unknown): string | undefined {
  const text = errorMessage(error, "");
  return text || undefined;
}

export function useSendMessage({ conversation, senderName, sink, onViolation, onRestore }: Options) {
  const { addOptimistic, settle } = sink;

  return useCallback(
    async (text: string, images: File[]): Promise<boolean> => {
      if (!conversation) return false;
      const target = { conversationId: conversation.id, pageId: conversation.page_id, recipient_id: conversation.from_id };
      const body = text.trim();

      if (images.length) {
        const previews = images.map((file) => optimisticMessage({ imageUrl: URL.createObjectURL(file), senderName }));
        previews.forEach(addOptimistic);
        const release = () => window.setTimeout(() => previews.forEach((m) => URL.revokeObjectURL(m.attachments[0]!.url)), 5_000);
        let urls: string[];
        try {
          urls = await uploadImages(images);
        } catch (error) {
          previews.forEach((m) => settle(m.clientId!, null));
          release();
          const failure = uploadFailure(error);
          toast.error(failure.title, { description: failure.description });
          onRestore(text, images);
          return false;
        }
        for (let i = 0; i < previews.length; i++) {
          const preview = previews[i]!;
          try {
            const sent = await api<ApiMessage>("/api/send-message", { method: "POST", body: { ...target, message_type: "image", imageUrl: urls[i], text: "", clientId: preview.clientId } });
            settle(preview.clientId!, toUiMessage(sent));
          } catch (error) {
            const kept = keptReply(error);
            if (kept) {
              settle(preview.clientId!, kept);
              toast.error(TEXTS.sendFailed, { description: failureDescription(error) });
              continue;
            }
            previews.slice(i).forEach((m) => settle(m.clientId!, null));
            release();
            toast.error(TEXTS.sendFailed, { description: failureDescription(error) });
            onRestore(text, images.slice(i));
            return false;
          }
        }
        release();
      }

      if (body) {
        const optimistic = optimisticMessage({ text: body, senderName });
        addOptimistic(optimistic);
        try {
          const result = await api<SendMessageResult>("/api/send-message", { method: "POST", body: { ...target, text: body, message_type: "text", clientId: optimistic.clientId } });
          if ("error" in result && Array.isArray(result.urls)) {
            settle(optimistic.clientId!, { ...toUiMessage(result.message), isVoilation: true });
            onViolation(result.urls);
          } else {
            settle(optimistic.clientId!, toUiMessage(result as ApiMessage));
          }
        } catch (error) {
          const kept = keptReply(error);
          settle(optimistic.clientId!, kept);
          toast.error(TEXTS.sendFailed, { description: failureDescription(error) });
          if (kept) return true; // in the thread, failed, with a Retry: the composer stays empty
          onRestore(text, []);
          return false;
        }
      }
      return true;
    },
    [conversation, senderName, addOptimistic, settle, onViolation, onRestore],
  );
}
