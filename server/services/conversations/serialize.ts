import type { Prisma } from "@/server/generated/prisma/client";
import { windowForApi } from "@/lib/contract/messaging-window";
import { fileNameOf, referralLine, UNSENT_TEXT, type StoredAttachment } from "@/lib/inbox/message-kinds";
import { signedAttachmentUrl } from "@/server/storage/signed-url";
import type { ApiMedia, ApiMessage, ConversationListItem } from "@/lib/contract/inbox-api";

// The API shapes of docs/API.md (field names as the clients spell them: from_name, unread_count, isVoilation…),
// declared as the contract's types (lib/contract/inbox-api.ts) so the browser reads exactly what is sent.

export const conversationListSelect = {
  id: true,
  pageId: true,
  channel: true,
  isImportant: true,
  isSpam: true,
  unreadCount: true,
  lastMessageText: true,
  lastMessageIsImage: true,
  lastMessageAt: true,
  lastInboundAt: true,
  status: true,
  snoozedUntil: true,
  responseDueAt: true,
  firstReplyDue: true,
  customer: { select: { id: true, psid: true, name: true, avatarUrl: true } },
  page: { select: { id: true, name: true, facebookPageId: true } },
  assignee: { select: { id: true, name: true } },
  // id breaks ties (tags added in the same millisecond), so every reader — and the ingest's SQL — agrees.
  tags: { select: { name: true, color: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.ConversationSelect;

export type ConversationListRow = Prisma.ConversationGetPayload<{ select: typeof conversationListSelect }>;

export function toConversationListItem(row: ConversationListRow): ConversationListItem {
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
    channel: row.channel,
    window: windowForApi(row.lastInboundAt),
    status: row.status,
    snoozed_until: row.snoozedUntil?.toISOString() ?? null,
    // Response targets (docs/PRODUCT.md §13.3): which target the awaited reply is measured against.
    response_due_at: row.responseDueAt?.toISOString() ?? null,
    response_target: row.responseDueAt ? (row.firstReplyDue ? "first" : "next") : null,
    assignee: row.assignee ? { _id: row.assignee.id, name: row.assignee.name } : null,
  };
}

/** A message's own columns; with the author, `messageSelect`. */
export const messageColumns = {
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
  kind: true,
  payload: true,
  replyToMid: true,
  referral: true,
  reactions: true,
  editedAt: true,
  deletedAt: true,
  automatic: true,
} satisfies Prisma.MessageSelect;

export const messageSelect = { ...messageColumns, author: { select: { id: true, name: true } } } satisfies Prisma.MessageSelect;

export type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

export type Reaction = { psid: string; reaction?: string; emoji: string; at: string };
type StoredReferral = { source?: string; type?: string; ref?: string; adId?: string };
/** The quoted message of a reply, resolved by the reader (thread: one query per page of messages). */
export type ReplyTarget = { mid: string; text: string | null; kind: string; deletedAt: Date | null; direction: string };

/** Our copy once the worker stored it, else Meta's (expiring) URL. */
function mediaUrl(a: StoredAttachment): string | undefined {
  return a.storedKey ? signedAttachmentUrl(a.storedKey) : a.url;
}

function toApiMedia(a: StoredAttachment): ApiMedia {
  return {
    type: a.type,
    url: mediaUrl(a) ?? null,
    original_url: a.url ?? null,
    stored: Boolean(a.storedKey),
    name: a.type === "file" ? fileNameOf(a) : (a.name ?? null),
    title: a.title ?? null,
    subtitle: a.subtitle ?? null,
    image_url: a.imageUrl ?? null,
    mime: a.mime ?? null,
    size: a.size ?? null,
    coordinates: a.lat !== undefined && a.long !== undefined ? { lat: a.lat, long: a.long } : null,
    // Beside the spec (docs/API.md, "Message kinds"): a reel's video id, an appointment booking's details.
    video_id: a.videoId ?? null,
    story_id: a.storyId ?? null,
    booking: a.booking ? { id: a.booking.id ?? null, status: a.booking.status ?? null, start: isoOrNull(a.booking.start), end: isoOrNull(a.booking.end), timezone: a.booking.timezone ?? null } : null,
  };
}

const isoOrNull = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? null : new Date(ms).toISOString());

export function toApiMessage(row: MessageRow, names: { customerName: string; pageName: string }, replyTarget?: ReplyTarget | null): ApiMessage {
  const stored = (row.attachments as StoredAttachment[] | null) ?? [];
  const deleted = row.deletedAt !== null;
  const attachments = deleted ? [] : stored.filter((a) => a.url && a.type === "image");
  const outbound = row.direction === "outbound";
  const sticker = stored.find((a) => a.type === "sticker");
  const referral = row.referral as StoredReferral | null;
  return {
    id: row.id,
    mid: row.mid,
    message: deleted ? "" : (row.text ?? ""),
    sticker: row.stickerUrl,
    created_time: row.createdTime.toISOString(),
    timestamp: row.createdTime.getTime(),
    from: { id: row.senderId, name: outbound ? (row.author?.name ?? names.pageName) : names.customerName },
    sender_id: row.senderId,
    conversation_id: row.conversationId,
    direction: row.direction,
    attachments: { data: attachments.map((a) => ({ image_data: { url: mediaUrl(a)!, preview_url: a.storedKey ? mediaUrl(a)! : (a.previewUrl ?? a.url!) } })) },
    is_sticker: Boolean(row.stickerUrl),
    is_image: row.isImage,
    is_echo: row.isEcho,
    isVoilation: row.isViolation,
    status: row.sendStatus,
    error_message: row.errorMessage,
    // Beside PRODUCT §7's fields (docs/API.md, "Message kinds"):
    kind: deleted ? "unsent" : row.kind,
    media: deleted ? [] : stored.filter((a) => a.type !== "sticker").map(toApiMedia),
    sticker_id: sticker?.stickerId ?? null,
    payload: row.payload,
    referral: referral ? { source: referral.source ?? null, type: referral.type ?? null, ref: referral.ref ?? null, ad_id: referral.adId ?? null, line: referralLine(referral) } : null,
    reactions: ((row.reactions as Reaction[] | null) ?? []).map((r) => ({ psid: r.psid, emoji: r.emoji, reaction: r.reaction ?? null })),
    is_edited: row.editedAt !== null,
    edited_at: row.editedAt?.toISOString() ?? null,
    is_deleted: deleted,
    deleted_text: deleted ? UNSENT_TEXT : null,
    is_unsupported: row.kind === "unsupported",
    automatic: (row.automatic as ApiMessage["automatic"]) ?? null,
    reply_to: row.replyToMid
      ? {
          mid: row.replyToMid,
          found: Boolean(replyTarget),
          message: replyTarget ? (replyTarget.deletedAt ? UNSENT_TEXT : (replyTarget.text ?? "")) : null,
          kind: replyTarget?.kind ?? null,
          from_me: replyTarget ? replyTarget.direction === "outbound" : null,
        }
      : null,
  };
}
