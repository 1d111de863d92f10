// Shapes the inbox API returns (docs/API.md); shared by the inbox components and hooks.
import type { ApiMessage } from "@/lib/contract/inbox-api";

// The conversation and message shapes are the contract's (lib/contract/inbox-api.ts): the server's
// serializers return exactly those types.
export type { ApiMedia, ApiMessage, ConversationListItem, ConversationPage, ConversationStatus, ConversationTag, InboxPage, ThreadPage } from "@/lib/contract/inbox-api";

/** A label as GET /api/labels returns it (lib/schemas/labels.ts, the server's serializer type). */
export type { ApiLabel as Label } from "@/lib/schemas/labels";

/** Realtime payloads: the contract's (lib/contract/socket-events.ts). */
export type { ConversationUpdatedEvent, MessageStatusEvent, MessageUpdatedEvent, NewMessageEvent, SystemEventEvent } from "@/lib/contract/socket-events";

export type SendMessageResult = ApiMessage | { error: string; urls: string[]; message: ApiMessage };
