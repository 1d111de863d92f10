import { io } from "@/server/realtime/index";
import { conversationRoom, pageRoom, userRoom } from "@/server/realtime/rooms";

// Services emit through these; outside the app server (scripts, worker) there is no Socket.IO and they
// do nothing — the worker publishes through the Redis adapter's emitter instead (see docs/API.md).

export const EVENTS = {
  newMessage: "new-message",
  conversationUpdated: "conversation-updated",
  messageStatus: "message-status",
} as const;

export function emitToPage(pageId: string, event: string, payload: unknown): void {
  io()?.to(pageRoom(pageId)).emit(event, payload);
}

export function emitToConversation(conversationId: string, event: string, payload: unknown): void {
  io()?.to(conversationRoom(conversationId)).emit(event, payload);
}

/** Page watchers and the open thread get it once each, even a socket in both rooms. */
export function emitToPageAndConversation(pageId: string, conversationId: string, event: string, payload: unknown): void {
  io()?.to([pageRoom(pageId), conversationRoom(conversationId)]).emit(event, payload);
}

/** Ends a user's live sockets (ban, deletion); their token is already refused on the next request. */
export function disconnectUser(userId: string): void {
  io()?.in(userRoom(userId)).disconnectSockets(true);
}
