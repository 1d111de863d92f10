import type { ApiMedia, ApiMessage } from "@/lib/inbox/types";

// The thread's message shape (PRODUCT §3 UI message), built from the API's message.

export type MessageStatus = ApiMessage["status"];

export type UiMessage = {
  id: string;
  mid: string | null;
  /** Set on optimistic messages until the server answers. */
  clientId?: string;
  /** A reply's own copy from the server: the clientId of the optimistic copy it settles (ApiMessage.client_id). */
  sentAs?: string;
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
  /** Why a reply failed (Meta's refusal in words), or that Meta's answer has not come yet (still pending). */
  errorMessage: string | null;
  kind: string;
  /** Every attachment but images (those stay in `attachments`, PRODUCT §3) and stickers. */
  media: ApiMedia[];
  payload: string | null;
  referralLine: string | null;
  reactions: { emoji: string }[];
  edited: boolean;
  deleted: boolean;
  unsupported: boolean;
  replyTo: { mid: string; text: string | null; fromMe: boolean | null } | null;
  /** Set on a message-updated copy (reaction, edit, unsend, attachment copied): it replaces the fetched one. */
  revised?: boolean;
};

/** How the thread names the Page's automatic replies (docs/PRODUCT.md §13.1): the Page's, never an agent's. */
export const AUTOMATIC_LABELS = { instant: "Automatic reply", away: "Away message" } as const;

export function toUiMessage(message: ApiMessage): UiMessage {
  return {
    id: message.id,
    mid: message.mid,
    text: message.message ?? "",
    sender: message.direction === "outbound" ? "me" : "other",
    // Its own sender line, so it never groups with an agent's or the Page Inbox's messages.
    senderName: message.automatic ? `${message.from?.name ?? ""} · ${AUTOMATIC_LABELS[message.automatic]}` : (message.from?.name ?? ""),
    attachments: (message.attachments?.data ?? []).map((a) => ({ url: a.image_data.url, previewUrl: a.image_data.preview_url || a.image_data.url })),
    isSticker: message.is_sticker,
    sticker: message.sticker,
    isImage: message.is_image,
    isVoilation: message.isVoilation,
    timestamp: message.timestamp ?? new Date(message.created_time).getTime(),
    status: message.status,
    errorMessage: message.error_message ?? null,
    kind: message.kind ?? "text",
    media: (message.media ?? []).filter((m) => m.type !== "image"),
    payload: message.payload ?? null,
    referralLine: message.referral?.line ?? null,
    reactions: (message.reactions ?? []).map((r) => ({ emoji: r.emoji })),
    edited: message.is_edited ?? false,
    deleted: message.is_deleted ?? false,
    unsupported: message.is_unsupported ?? false,
    replyTo: message.reply_to ? { mid: message.reply_to.mid, text: message.reply_to.message, fromMe: message.reply_to.from_me } : null,
    ...(message.client_id ? { sentAs: message.client_id } : {}),
  };
}

let counter = 0;

/** An optimistic message of ours, shown at once and replaced by the server's answer. */
/**
 * An optimistic message the server has not answered yet (it has no row to retry). A settled one keeps its
 * clientId as its React key but takes the server's id.
 */
export function awaitingServer(message: UiMessage): boolean {
  return message.clientId !== undefined && message.id === message.clientId;
}

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
    errorMessage: null,
    kind: input.imageUrl ? "image" : "text",
    media: [],
    payload: null,
    referralLine: null,
    reactions: [],
    edited: false,
    deleted: false,
    unsupported: false,
    replyTo: null,
  };
}
