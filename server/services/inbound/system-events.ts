import { firstRow, affected, prepared, sqlDb } from "@/server/db/sql/run";
import { insertSystemEventSql, type InsertedSystemEvent } from "@/server/db/sql/system-events";
import { sanitizeJson, sanitizeText } from "@/server/integrations/meta/sanitize-json";
import { emitToRooms } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { conversationRoom } from "@/server/realtime/room-names";
import { toApiMessage, type MessageRow } from "@/server/services/conversations/serialize";
import type { IngestPage } from "@/server/services/inbound/ingest-context";

// System events: what happened in a customer's thread that is not the customer writing — opt-ins, account
// linking, thread-control changes, feedback, game plays. Stored in system_events (schema.prisma,
// SystemEvent), never in messages, so the list's preview and order, unread counts, search and the
// messaging window never see them; the thread API merges them in by time (thread-rows.ts) and the open
// thread gets them live as `system-event`. An event alone never creates a conversation; the one exception,
// a thread passed to this app, is handle-handover.ts's. docs/WEBHOOKS.md, "Event kinds".

export type SystemEventInput = {
  page: IngestPage;
  psid: string;
  /** Meta's event time (ms). */
  timestamp: number;
  /** What kind of event: "optin", "account_linking", "feedback", "game_play", "handover", … */
  event: string;
  /** The line the thread shows, e.g. "Opted in to notifications". */
  summary: string;
  /** What else Meta said (kept, not shown). */
  detail?: Record<string, unknown>;
  /** The deduplication key, when page + person + event + time is not unique enough (default). */
  key?: string;
};

export type RecordedSystemEvent = { id: string; conversationId: string | null };

/**
 * Stores one system event of a customer exactly once (by its key) and shows it in their open thread.
 * Returns null for a replay. No unread, no preview, no reordering, no conversation: a person who has not
 * written keeps the event until they do (conversationId null).
 */
export async function recordSystemEvent(input: SystemEventInput): Promise<RecordedSystemEvent | null> {
  const { page, psid, timestamp, event } = input;
  const summary = sanitizeText(input.summary).slice(0, 500);
  const inserted = await insertEvent({ pageId: page.id, psid, userRef: null, event, summary, detail: input.detail ?? {}, at: new Date(timestamp), key: input.key ?? defaultKey(page.id, psid, event, timestamp) });
  if (!inserted) return null;
  const conversationId = inserted.conversation_id;
  if (conversationId) {
    const row = systemMessageRow({ id: inserted.id, conversationId, psid, event, summary, at: inserted.occurred_at });
    emitToRooms([conversationRoom(conversationId)], SERVER_EVENTS.systemEvent, {
      pageId: page.id,
      conversationId,
      message: toApiMessage(row, { customerName: inserted.customer_name ?? "", pageName: page.name }),
    });
  }
  return { id: inserted.id, conversationId };
}

/**
 * An event of a person known only by `user_ref` (chat plugin guest, checkbox opt-in): kept with the
 * user_ref until a message of theirs names it (message.prior_message), then it joins their thread
 * (claimGuestEvents). Nothing is shown meanwhile: there is no conversation. Returns false for a replay.
 */
export async function recordGuestEvent(input: { page: IngestPage; userRef: string; timestamp: number; event: string; summary: string; detail?: Record<string, unknown> }): Promise<boolean> {
  const { page, userRef, timestamp, event } = input;
  const inserted = await insertEvent({
    pageId: page.id,
    psid: null,
    userRef,
    event,
    summary: sanitizeText(input.summary).slice(0, 500),
    detail: input.detail ?? {},
    at: new Date(timestamp),
    key: `${page.id}:ref:${userRef}:${event}:${timestamp}`,
  });
  return inserted !== null;
}

/** A message that names a guest's user_ref (prior_message): their guest events join their thread. */
export async function claimGuestEvents(pageId: string, userRef: string, psid: string): Promise<number> {
  const claim = sqlDb().updateTable("system_events").set({ psid }).where("page_id", "=", pageId).where("user_ref", "=", userRef).where("psid", "is", null);
  return affected(prepared("system-events-claim-guest", claim), { on: "ingest" });
}

const defaultKey = (pageId: string, psid: string, event: string, timestamp: number) => `${pageId}:${psid}:${event}:${timestamp}`;

type NewEvent = { pageId: string; psid: string | null; userRef: string | null; event: string; summary: string; detail: Record<string, unknown>; at: Date; key: string };

/** The event and, in the same statement, the conversation it belongs to (if any) for the socket; null for a replay. */
async function insertEvent(e: NewEvent): Promise<InsertedSystemEvent | null> {
  const detail = sanitizeJson(e.detail);
  const { pageId, psid, userRef, event, summary, at } = e;
  const statement = insertSystemEventSql({ pageId, psid, userRef, event, summary, at, detailJson: JSON.stringify(detail.ok ? detail.value : {}), key: e.key.slice(0, 500) });
  return firstRow(statement, { on: "ingest" });
}

/** A system event as a thread row (the shape thread-rows.ts reads them in): kind "system", the event in payload. */
export function systemMessageRow(e: { id: string; conversationId: string; psid: string; event: string; summary: string; at: Date }): MessageRow {
  return {
    id: e.id,
    conversationId: e.conversationId,
    mid: null,
    direction: "inbound",
    senderId: e.psid,
    text: e.summary,
    stickerUrl: null,
    attachments: [],
    isImage: false,
    isEcho: false,
    isViolation: false,
    sendStatus: "received",
    errorMessage: null,
    createdTime: e.at,
    kind: "system",
    payload: e.event,
    replyToMid: null,
    referral: null,
    reactions: null,
    editedAt: null,
    deletedAt: null,
    automatic: null,
    author: null,
  };
}
