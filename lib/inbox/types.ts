// Shapes the inbox API returns (docs/API.md); shared by the inbox components and hooks.
import type { HealthState } from "@/lib/admin/page-health";
import type { ImportProgress, PagePolicy } from "@/lib/schemas/pages";

import type { ConversationListItem, ApiMessage } from "@/lib/contract/inbox-api";

// The conversation and message shapes are the contract's (lib/contract/inbox-api.ts): the server's
// serializers return exactly those types.
export type { ApiMedia, ApiMessage, ConversationListItem, ConversationPage, ConversationTag, ThreadPage } from "@/lib/contract/inbox-api";
export type { WindowState } from "@/lib/contract/messaging-window";

export type InboxPage = {
  _id: string;
  id: string;
  page_id: string;
  name: string;
  conversationCount: number;
  unreadCount: number;
  tokenStatus: "valid" | "needs_token";
  /** lib/admin/page-health.ts; the inbox shows a banner for any state but healthy. */
  health: HealthState;
  /** Meta's block or warning of the page, with its reason (the banner shows it). */
  policy: PagePolicy | null;
  import: ImportProgress | null;
  lastWebhookAt: string | null;
  created_at: string;
};

export type Label = { _id: string; name: string; color: string; page_id: string; created_at: string };

/** Realtime payloads (server/realtime/emit.ts). */
export type NewMessageEvent = { pageId: string; conversationId: string; message: ApiMessage; conversation: ConversationListItem };
export type ConversationUpdatedEvent = { pageId: string; conversationId: string; conversation: ConversationListItem };
export type MessageUpdatedEvent = NewMessageEvent;
/** A reply Meta refused after the other agents were shown it as sending: it goes, the list item is as before. */
export type MessageRemovedEvent = { pageId: string; conversationId: string; messageId: string; conversation: ConversationListItem };
/** Receipts apply by watermark and, for deliveries, by the mids Meta lists (which may be newer than the watermark). */
export type MessageStatusEvent = { pageId: string; conversationId: string; status: "delivered" | "read"; watermark: string; mids?: string[] };
/**
 * A customer's system event (opt-in, account linking, thread control, feedback, game play): `message` has
 * kind "system" (its line in `message`, the event in `payload`). The list does not change.
 */
export type SystemEventEvent = { pageId: string; conversationId: string; message: ApiMessage };

export type SendMessageResult = ApiMessage | { error: string; urls: string[]; message: ApiMessage };
