import type { Socket } from "socket.io-client";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import type { ApiMessage, ConversationListItem } from "@/lib/contract/inbox-api";
import type { OfferProgressEvent } from "@/lib/offers/types";
import type { PageStatus } from "@/lib/schemas/pages";
import type { CommentUpdatedEvent } from "@/lib/contract/comments-api";
import type { CommenterLabelsEvent, CommentNotesEvent, CommentTypingEvent } from "@/lib/contract/comment-teamwork-api";

// The Socket.IO events, once for the server (server/realtime), the Redis emitter (server/realtime/emit.ts,
// used by the worker) and the browser (lib/hooks): their names and what each carries. Socket.IO's typed
// `Server` / `Socket` take the two maps below, so an event name or payload that drifts fails tsc.

/** What the server sends. */
export const SERVER_EVENTS = {
  newMessage: "new-message",
  conversationUpdated: "conversation-updated",
  messageStatus: "message-status",
  messageUpdated: "message-updated",
  /** A customer's system event (opt-in, handover…): a quiet line in the open thread (system-events.ts). */
  systemEvent: "system-event",
  offerProgress: "offer-progress",
  /** Who is viewing and typing in the open conversation (server/realtime/presence.ts). */
  presence: "presence",
  /** Who controls a thread now (Messenger's handover protocol). */
  threadControl: "thread-control",
  /** A page's health, policy blocks and handover role changed. */
  pageUpdated: "page-updated",
  /** A comment under one of the Page's posts arrived or changed (lib/contract/comments-api.ts). */
  commentUpdated: "comment-updated",
  /** A note on a comment was added, edited or deleted (lib/contract/comment-teamwork-api.ts). */
  commentNotes: "comment-notes",
  /** A commenter's labels changed: every comment of theirs on the Page shows the new ones. */
  commenterLabels: "commenter-labels",
  /** Who is typing an answer to a comment (server/realtime/comment-typing.ts); not numbered in the feed. */
  commentTyping: "comment-typing",
  /**
   * Events may have been lost while the server's Redis was away, or when a worker died between storing a
   * message and announcing it (a socket that stayed connected got none of them): refetch what is shown, as
   * after a reconnect (server/realtime/resync.ts).
   */
  resync: "resync",
} as const;

/** What the browser sends; the joins answer with a `JoinReply` when given an acknowledgement. */
export const CLIENT_EVENTS = {
  joinPage: "join-page",
  joinOffers: "join-offers",
  joinPageAdmin: "join-page-admin",
  joinConversation: "join-conversation",
  leaveConversation: "leave-conversation",
  typing: "typing",
  presencePing: "presence-ping",
  /** The agent is (or stopped) writing an answer to a comment of a Page whose room the socket is in. */
  commentTyping: "comment-typing",
  /** What came after the last numbered event this socket has of a Page (server/realtime/page-feed.ts). */
  catchUp: "catch-up",
} as const;

/**
 * Where an event stands in its Page's feed (server/realtime/page-feed.ts): every event sent to a Page's room
 * carries the Page's next number as `feed`. `epoch` changes when the feed starts again (Redis lost it).
 */
export type FeedMark = { epoch: string; seq: number };
/** An event of a Page's feed as catch-up gives it back: the name and payload it was sent with. */
export type FeedEntry = { event: string; payload: unknown; feed: FeedMark };
/** `events`: what came after, in order; `reset`: the feed cannot tell (trimmed, another epoch): refetch. */
export type CatchUpReply = { ok: true; events: FeedEntry[] } | { ok: true; reset: true } | { ok: false; error: string };

export type NewMessageEvent = { pageId: string; conversationId: string; message: ApiMessage; conversation: ConversationListItem };
export type ConversationUpdatedEvent = { pageId: string; conversationId: string; conversation: ConversationListItem };
export type MessageUpdatedEvent = NewMessageEvent;
/** A reply Meta refused after the other agents were shown it as sending: it goes, the list item is as before. */
/** Receipts apply by watermark and, for deliveries, by the mids Meta lists (which may be newer than the watermark). */
export type MessageStatusEvent = { pageId: string; conversationId: string; status: "delivered" | "read"; watermark: string; mids?: string[] };
/**
 * A customer's system event (opt-in, account linking, thread control, feedback, game play): `message` has
 * kind "system" (its line in `message`, the event in `payload`). The list does not change.
 */
export type SystemEventEvent = { pageId: string; conversationId: string; message: ApiMessage };

/** Why the browser should refetch: Redis was away, or a worker started (its predecessor may have died between storing and announcing). */
export type ResyncEvent = { reason: "redis-reconnected" | "worker-started" };

export type Viewer = { userId: string; name: string; typing: boolean };
export type PresenceEvent = { conversationId: string; viewers: Viewer[] };

/** A Page join also says where the Page's feed stands (null: nothing numbered yet). */
export type JoinReply = { ok: boolean; error?: string; feed?: FeedMark | null };
type JoinAck = (reply: JoinReply) => void;

export type ServerToClientEvents = {
  [SERVER_EVENTS.newMessage]: (event: NewMessageEvent) => void;
  [SERVER_EVENTS.conversationUpdated]: (event: ConversationUpdatedEvent) => void;
  [SERVER_EVENTS.messageStatus]: (event: MessageStatusEvent) => void;
  [SERVER_EVENTS.messageUpdated]: (event: MessageUpdatedEvent) => void;
  [SERVER_EVENTS.systemEvent]: (event: SystemEventEvent) => void;
  [SERVER_EVENTS.offerProgress]: (event: OfferProgressEvent) => void;
  [SERVER_EVENTS.presence]: (event: PresenceEvent) => void;
  [SERVER_EVENTS.threadControl]: (event: ThreadControlEvent) => void;
  [SERVER_EVENTS.pageUpdated]: (event: PageStatus) => void;
  [SERVER_EVENTS.commentUpdated]: (event: CommentUpdatedEvent) => void;
  [SERVER_EVENTS.commentNotes]: (event: CommentNotesEvent) => void;
  [SERVER_EVENTS.commenterLabels]: (event: CommenterLabelsEvent) => void;
  [SERVER_EVENTS.commentTyping]: (event: CommentTypingEvent) => void;
  [SERVER_EVENTS.resync]: (event: ResyncEvent) => void;
};

export type ClientToServerEvents = {
  [CLIENT_EVENTS.joinPage]: (payload: { pageId: string }, ack?: JoinAck) => void;
  [CLIENT_EVENTS.joinOffers]: (payload: { pageId: string }, ack?: JoinAck) => void;
  [CLIENT_EVENTS.joinPageAdmin]: (payload: { pageId: string }, ack?: JoinAck) => void;
  [CLIENT_EVENTS.joinConversation]: (payload: { room: string }, ack?: JoinAck) => void;
  [CLIENT_EVENTS.leaveConversation]: (payload: { room: string }) => void;
  [CLIENT_EVENTS.typing]: (payload: { room: string; typing: boolean }) => void;
  [CLIENT_EVENTS.presencePing]: (payload: { room: string }) => void;
  [CLIENT_EVENTS.commentTyping]: (payload: { pageId: string; commentId: string; typing: boolean }) => void;
  [CLIENT_EVENTS.catchUp]: (payload: { pageId: string; epoch: string; after: number }, ack: (reply: CatchUpReply) => void) => void;
};

/** The browser's socket, typed by the contract. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ServerEventName = keyof ServerToClientEvents;
/** What event `E` carries. */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
