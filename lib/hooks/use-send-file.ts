"use client";

import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { api, errorMessage } from "@/lib/api/client";
import { TEXTS } from "@/lib/inbox/constants";
import type { ApiMessage, ConversationListItem } from "@/lib/inbox/types";
import { optimisticMessage, toUiMessage, type UiMessage } from "@/lib/inbox/ui-message";
import { keptReply } from "@/lib/hooks/use-resend-message";
import { uploadFiles, type UploadedFile } from "@/lib/api/uploads";

// Voice notes, videos and documents from the composer: upload (POST /api/uploads, field "files"), then one
// Send API attachment each (message_type audio/video/file). Shown at once as a pending file bubble; a
// failed upload or send removes it with the reason.

type Sink = { addOptimistic: (m: UiMessage) => void; settle: (clientId: string, result: UiMessage | null) => void };
export const FILE_UPLOAD_FAILED = "Error uploading File";

function pendingFile(file: File, senderName: string): UiMessage {
  const type = file.type.startsWith("audio/") ? "audio" : file.type.startsWith("video/") ? "video" : "file";
  const base = optimisticMessage({ senderName });
  return {
    ...base,
    kind: type,
    media: [{ type, url: null, original_url: null, stored: false, name: file.name, title: null, subtitle: null, image_url: null, mime: file.type || null, size: file.size, coordinates: null }],
  };
}

export function useSendFile({ conversation, senderName, sink }: { conversation: ConversationListItem | null; senderName: string; sink: Sink }) {
  const { addOptimistic, settle } = sink;
  return useCallback(
    async (files: File[]) => {
      if (!conversation || !files.length) return;
      const target = { conversationId: conversation.id, pageId: conversation.page_id, recipient_id: conversation.from_id };
      const previews = files.map((file) => pendingFile(file, senderName));
      previews.forEach(addOptimistic);
      let uploaded: UploadedFile[];
      try {
        uploaded = await uploadFiles(files);
      } catch (error) {
        previews.forEach((m) => settle(m.clientId!, null));
        toast.error(FILE_UPLOAD_FAILED, { description: errorMessage(error, "") || undefined });
        return;
      }
      for (const [i, file] of uploaded.entries()) {
        try {
          const sent = await api<ApiMessage>("/api/send-message", { method: "POST", body: { ...target, message_type: file.type, fileUrl: file.fileUrl, fileName: file.name, text: "", clientId: previews[i]!.clientId } });
          settle(previews[i]!.clientId!, toUiMessage(sent));
        } catch (error) {
          const kept = keptReply(error);
          toast.error(TEXTS.sendFailed, { description: errorMessage(error, "") || undefined });
          // Refused by Meta: kept in the thread, failed, with a Retry; the next files still go.
          if (kept) {
            settle(previews[i]!.clientId!, kept);
            continue;
          }
          previews.slice(i).forEach((m) => settle(m.clientId!, null));
          return;
        }
      }
    },
    [conversation, senderName, addOptimistic, settle],
  );
}
