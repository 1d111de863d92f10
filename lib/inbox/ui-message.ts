import type { ApiMessage } from "@/lib/inbox/types";

// The thread's message shape (SPEC §3 UI message), built from the API's message.

export type MessageStatus = ApiMessage["status"];

export type UiMessage = {
  id: string;
  mid: string | null;
  /** Set on optimistic messages until the server answers. */
  clientId?: string;
  text: string;
  sender: "me" | "other";
  senderName: string;
  attachments: { url: string; previewUrl: string }[];
  isSticker: boolean;
  sticker: string | null;
  isImage: boolean;
  /** A message the whitelist blocked (spelled as the spec spells it). */
  isVoilation: boolean;
  timestamp: number;
  status: MessageStatus;
};

export function toUiMessage(message: ApiMessage): UiMessage {
  return {
    id: message.id,
    mid: message.mid,
    text: message.message ?? "",
    sender: message.direction === "outbound" ? "me" : "other",
    senderName: message.from?.name ?? "",
    attachments: (message.attachments?.data ?? []).map((a) => ({ url: a.image_data.url, previewUrl: a.image_data.preview_url || a.image_data.url })),
    isSticker: message.is_sticker,
    sticker: message.sticker,
    isImage: message.is_image,
    isVoilation: message.isVoilation,
    timestamp: message.timestamp ?? new Date(message.created_time).getTime(),
    status: message.status,
  };
}

let counter = 0;

/** An optimistic message of ours, shown at once and replaced by the server's answer. */
export function optimisticMessage(input: { text?: string; imageUrl?: string; senderName: string; now?: number }): UiMessage {
  counter += 1;
  const clientId = `tmp-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    id: clientId,
    mid: null,
    clientId,
    text: input.text ?? "",
    sender: "me",
    senderName: input.senderName,
    attachments: input.imageUrl ? [{ url: input.imageUrl, previewUrl: input.imageUrl }] : [],
    isSticker: false,
    sticker: null,
    isImage: Boolean(input.imageUrl),
    isVoilation: false,
    timestamp: input.now ?? Date.now(),
    status: "pending",
  };
}
