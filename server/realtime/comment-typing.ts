import { z } from "zod";
import { isUuid } from "@/lib/ids";
import type { AuthedSocket } from "@/server/realtime/types";
import { pageRoom } from "@/server/realtime/room-names";
import { spend } from "@/server/realtime/budget";
import { PRESENCE_BUDGET, PRESENCE_HEARTBEAT_MS } from "@/server/realtime/presence";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@/lib/contract/socket-events";

// "Ann is typing…" under a comment (issue 42 point 3): the conversation thread's collision indicator
// (presence.ts) for the comments view. A socket says it is writing an answer to a comment of a Page whose
// room it is in; the other sockets of that room hear it (through the adapter, on every app instance). Being in
// the room is the access check (rooms.ts let it in, evict-lost-rooms.ts takes it out when access goes): nothing is
// read from the database, and a comment id of another Page reaches nobody who could not already see it.
//
// Its limits are presence's: `comment-typing` spends the socket's presence budget (budget.ts), a state that
// did not change does nothing, except a "still typing" after PRESENCE_HEARTBEAT_MS, which the browser sends
// while the agent keeps writing; the browsers forget a typist they have not heard of for PRESENCE_STALE_MS
// (an instance that died never says "stopped"). One comment per socket at a time; a disconnect says "stopped".

const ZCommentTyping = z.object({ pageId: z.string().min(1).max(100), commentId: z.string().min(1).max(100), typing: z.boolean() });

function tell(socket: AuthedSocket, pageId: string, commentId: string, typing: boolean): void {
  const { id: userId, name } = socket.data.actor;
  socket.to(pageRoom(pageId)).emit(SERVER_EVENTS.commentTyping, { pageId, commentId, userId, name, typing });
}

function onCommentTyping(this: AuthedSocket, payload: unknown): void {
  if (!spend(this.data, "presence", PRESENCE_BUDGET)) return;
  const parsed = ZCommentTyping.safeParse(payload);
  if (!parsed.success || !isUuid(parsed.data.commentId) || !this.rooms.has(pageRoom(parsed.data.pageId))) return;
  const { pageId, commentId, typing } = parsed.data;
  const current = this.data.commentTyping;
  const same = current?.commentId === commentId && current.pageId === pageId;
  if (!typing) {
    if (!same) return;
    this.data.commentTyping = undefined;
    return tell(this, pageId, commentId, false);
  }
  if (same && current && Date.now() - current.at < PRESENCE_HEARTBEAT_MS) return;
  // Typing under another comment now: the first one is done.
  if (current && !same) tell(this, current.pageId, current.commentId, false);
  this.data.commentTyping = { pageId, commentId, at: Date.now() };
  tell(this, pageId, commentId, true);
}

// Rooms are already empty on "disconnect": the room is still there while disconnecting.
function onDisconnecting(this: AuthedSocket): void {
  const current = this.data.commentTyping;
  if (current && this.rooms.has(pageRoom(current.pageId))) tell(this, current.pageId, current.commentId, false);
}

/** comment-typing {pageId, commentId, typing}: only for a Page whose room the socket is in. */
export function registerCommentTypingHandlers(socket: AuthedSocket): void {
  socket.on(CLIENT_EVENTS.commentTyping, onCommentTyping);
  socket.on("disconnecting", onDisconnecting);
}
