import type { HealthState } from "@/lib/admin/page-health";
import type { WindowState } from "@/lib/contract/messaging-window";
import type { ImportProgress, PagePolicy } from "@/lib/schemas/pages";
import type { Channel } from "@/lib/inbox/channels";

// What the inbox API returns for conversations and messages (docs/API.md), once: the server's serializers
// (server/services/conversations/serialize.ts, list-conversations.ts, get-thread.ts, pages/my-pages.ts) are declared to return
// these types, so a field added or renamed on one side without the other fails tsc.

export type ConversationTag = { tag: string; color: string };

/** Where a conversation stands (docs/PRODUCT.md §11): the list's Open, Done and Snoozed views. */
export const CONVERSATION_STATUSES = ["open", "done", "snoozed"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export type ConversationListItem = {
  id: string;
  conversationId: string;
  from_name: string;
  from_id: string;
  avatar: string | null;
  last_message: string;
  is_image: boolean;
  updated_time: string;
  unread_count: number;
  tags: ConversationTag[];
  is_new_message: boolean;
  is_important: boolean;
  is_spam: boolean;
  page_id: string;
  facebook_page_id: string;
  page_name: string;
  /** Where the customer writes: Messenger, or Direct on the Page's Instagram account (docs/API.md, "Channels"). */
  channel: Channel;
  window: WindowState;
  /** Open, done or snoozed (beyond the spec, docs/PRODUCT.md §11). */
  status: ConversationStatus;
  /** Snoozed until this time; null while snoozed until the customer writes, and when not snoozed. */
  snoozed_until: string | null;
  /** When the reply the customer awaits is due (docs/PRODUCT.md §13.3); null when nobody waits or no target is set. */
  response_due_at?: string | null;
  /** The target it is measured against (the Page's `response_targets`): the episode's first reply, or a next one. */
  response_target?: "first" | "next" | null;
  /** Who owns the reply (beyond the spec); null when nobody does. */
  assignee?: { _id: string; name: string } | null;
  /** With a search: the matching part of an older message when neither the name nor the preview matched. */
  search_snippet?: string;
};

export type ConversationPage = { data: ConversationListItem[]; pagination: { currentPage: number; hasNextPage: boolean; nextCursor: string | null } };

export type ApiMessage = {
  id: string;
  mid: string | null;
  message: string;
  sticker: string | null;
  created_time: string;
  timestamp: number;
  from: { id: string; name: string };
  sender_id: string;
  conversation_id: string;
  direction: "inbound" | "outbound";
  attachments: { data: { image_data: { url: string; preview_url: string } }[] };
  is_sticker: boolean;
  is_image: boolean;
  is_echo: boolean;
  isVoilation: boolean;
  status: "received" | "pending" | "sent" | "delivered" | "read" | "failed" | "blocked";
  error_message: string | null;
  // Beside PRODUCT §7 (docs/API.md, "Message kinds"); optional so SPEC-only payloads still parse.
  kind?: string;
  media?: ApiMedia[];
  payload?: string | null;
  referral?: { source: string | null; type: string | null; ref: string | null; ad_id: string | null; line: string } | null;
  reactions?: { psid: string; emoji: string; reaction: string | null }[];
  /** sticker attachments: Meta's sticker id. */
  sticker_id?: string | null;
  is_edited?: boolean;
  edited_at?: string | null;
  is_deleted?: boolean;
  /** An unsent message's line (its text is gone). */
  deleted_text?: string | null;
  is_unsupported?: boolean;
  reply_to?: { mid: string; found: boolean; message: string | null; kind: string | null; from_me: boolean | null } | null;
  /** The Page's automatic reply (docs/PRODUCT.md §13.1): "instant" or "away"; null for everything else. */
  automatic?: "instant" | "away" | null;
  /** Only on a reply's own new-message and send answer: the clientId the sending browser gave (POST /api/send-message). */
  client_id?: string;
};

export type ApiMedia = {
  type: string;
  url: string | null;
  original_url: string | null;
  stored: boolean;
  name: string | null;
  title: string | null;
  subtitle: string | null;
  image_url: string | null;
  mime: string | null;
  size: number | null;
  coordinates: { lat: number; long: number } | null;
  /** reel, ig_reel: Meta's video id. */
  video_id?: string | null;
  /** story_reply: the Instagram story the customer answered. */
  story_id?: string | null;
  /** appointment_booking: times as ISO strings, shown in the booking's own time zone. */
  booking?: { id: string | null; status: string | null; start: string | null; end: string | null; timezone: string | null } | null;
};

export type ThreadPage = { data: ApiMessage[]; paging: { cursors: { before: string | null; after: string | null }; next: string | null }; conversation: ConversationListItem };

/** A page of GET /api/pages/me: the inbox tabs. */
export type InboxPage = {
  _id: string;
  id: string;
  page_id: string;
  name: string;
  conversationCount: number;
  /** The conversation count of each view (docs/PRODUCT.md §11): the tab shows the one of the chosen view. */
  statusCounts: Record<ConversationStatus, number>;
  unreadCount: number;
  /** Customers' open comments nobody of the team has seen (docs/PRODUCT.md §12): the tab shows them with unreadCount, the Comments switch alone. */
  commentUnreadCount: number;
  tokenStatus: "valid" | "needs_token";
  /** lib/admin/page-health.ts; the inbox shows a banner for any state but healthy. */
  health: HealthState;
  /** Meta's block or warning of the page, with its reason (the banner shows it). */
  policy: PagePolicy | null;
  import: ImportProgress | null;
  lastWebhookAt: string | null;
  /** The channels the Page is answered on: Messenger always, Instagram when its linked account is on. */
  channels: Channel[];
  /** "@username" of the Page's Instagram account when it is on. */
  instagram_username: string | null;
  created_at: string;
  /** The company's response targets in business minutes (docs/PRODUCT.md §13.3); null = none. */
  response_targets?: ResponseTargets;
};

export type ResponseTargets = { first: number | null; next: number | null };
