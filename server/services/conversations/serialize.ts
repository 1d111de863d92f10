import type { Prisma } from "@/server/generated/prisma/client";
import { windowForApi } from "@/server/messenger/messaging-window";

// The API shapes of SPEC §3 (field names as the spec spells them: from_name, unread_count, isVoilation…).

export const conversationListSelect = {
  id: true,
  pageId: true,
  isImportant: true,
  isSpam: true,
  unreadCount: true,
  lastMessageText: true,
  lastMessageIsImage: true,
  lastMessageAt: true,
  lastInboundAt: true,
  customer: { select: { id: true, psid: true, name: true, avatarUrl: true } },
  page: { select: { id: true, name: true, facebookPageId: true } },
  assignee: { select: { id: true, name: true } },
  // id breaks ties (tags added in the same millisecond), so every reader — and the ingest's SQL — agrees.
  tags: { select: { name: true, color: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.ConversationSelect;

export type ConversationListRow = Prisma.ConversationGetPayload<{ select: typeof conversationListSelect }>;

export function toConversationListItem(row: ConversationListRow) {
  return {
    id: row.id,
    conversationId: row.id,
    from_name: row.customer.name,
    from_id: row.customer.psid,
    avatar: row.customer.avatarUrl,
    last_message: row.lastMessageText ?? "",
    is_image: row.lastMessageIsImage,
    updated_time: row.lastMessageAt.toISOString(),
    unread_count: row.unreadCount,
    tags: row.tags.map((t) => ({ tag: t.name, color: t.color })),
    is_new_message: row.unreadCount > 0,
    is_important: row.isImportant,
    is_spam: row.isSpam,
    page_id: row.page.id,
    facebook_page_id: row.page.facebookPageId,
    page_name: row.page.name,
    window: windowForApi(row.lastInboundAt),
    assignee: row.assignee ? { _id: row.assignee.id, name: row.assignee.name } : null,
  };
}

export const messageSelect = {
  id: true,
  conversationId: true,
  mid: true,
  direction: true,
  senderId: true,
  text: true,
  stickerUrl: true,
  attachments: true,
  isImage: true,
  isEcho: true,
  isViolation: true,
  sendStatus: true,
  errorMessage: true,
  createdTime: true,
  author: { select: { id: true, name: true } },
} satisfies Prisma.MessageSelect;

export type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

type StoredAttachment = { type: string; url?: string; previewUrl?: string; stickerId?: string };

export function toApiMessage(row: MessageRow, names: { customerName: string; pageName: string }) {
  const attachments = ((row.attachments as StoredAttachment[] | null) ?? []).filter((a) => a.url && a.type === "image");
  const outbound = row.direction === "outbound";
  return {
    id: row.id,
    mid: row.mid,
    message: row.text ?? "",
    sticker: row.stickerUrl,
    created_time: row.createdTime.toISOString(),
    timestamp: row.createdTime.getTime(),
    from: { id: row.senderId, name: outbound ? (row.author?.name ?? names.pageName) : names.customerName },
    sender_id: row.senderId,
    conversation_id: row.conversationId,
    direction: row.direction,
    attachments: { data: attachments.map((a) => ({ image_data: { url: a.url!, preview_url: a.previewUrl ?? a.url! } })) },
    is_sticker: Boolean(row.stickerUrl),
    is_image: row.isImage,
    is_echo: row.isEcho,
    isVoilation: row.isViolation,
    status: row.sendStatus,
    error_message: row.errorMessage,
  };
}
