import { db } from "@/server/db";
import type { ThreadOwner } from "@/server/generated/prisma/enums";
import { emitToRooms } from "@/server/realtime/emit";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { pageHandoverSelect, threadControlSelect, toThreadControl } from "@/server/services/handover/thread-control";
import type { ThreadControl, ThreadControlEvent } from "@/lib/inbox/thread-control";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";

// The one writer of a conversation's thread control: handover webhooks, standby deliveries, Graph's
// thread_owner answer and the agents' own take/pass all end here. Meta may deliver out of order, so a
// change older than the one stored is dropped (thread_owner_at is the time of the event that set it).


export type OwnerChange = {
  conversationId: string;
  owner: ThreadOwner | null;
  appId: string | null;
  /** When it happened on Meta's side (the event's timestamp; now for our own calls and Graph's answer). */
  at: Date;
  /** Graph's thread_owner answered it: the lazy check's cache starts again. */
  checked?: boolean;
  /** Who holds the thread is now unsure (e.g. a standby delivery names no app): the next open asks Graph. */
  recheck?: boolean;
  /** Only a strictly newer change applies (webhook events: a redelivery then changes nothing). */
  strict?: boolean;
};

/** Applies the change unless a newer one is stored; true when it was applied. */
export async function recordThreadOwner(change: OwnerChange): Promise<boolean> {
  const { count } = await db.conversation.updateMany({
    where: { id: change.conversationId, OR: [{ threadOwnerAt: null }, { threadOwnerAt: change.strict ? { lt: change.at } : { lte: change.at } }] },
    data: {
      threadOwner: change.owner,
      threadOwnerAppId: change.appId,
      threadOwnerAt: change.at,
      ...(change.checked ? { threadOwnerCheckedAt: new Date() } : change.recheck ? { threadOwnerCheckedAt: null } : {}),
    },
  });
  return count === 1;
}

/** The conversation's control as it now stands, pushed to the page's and the conversation's sockets. */
export async function announceThreadControl(conversationId: string): Promise<ThreadControl | null> {
  const row = await db.conversation.findUnique({ where: { id: conversationId }, select: { ...threadControlSelect, page: { select: pageHandoverSelect } } });
  if (!row) return null;
  const control = toThreadControl(row, row.page);
  const event: ThreadControlEvent = { pageId: row.pageId, conversationId, control };
  emitToRooms([pageRoom(row.pageId), conversationRoom(conversationId)], SERVER_EVENTS.threadControl, event);
  return control;
}

/** Records the change and, when it was applied, tells the agents. */
export async function changeThreadOwner(change: OwnerChange): Promise<boolean> {
  const applied = await recordThreadOwner(change);
  if (applied) await announceThreadControl(change.conversationId);
  return applied;
}
