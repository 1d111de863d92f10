import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/messenger/webhook-events";
import { emitToRooms, EVENTS } from "@/server/realtime/emit";
import { conversationRoom, pageRoom } from "@/server/realtime/rooms";
import { toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import { customerKey, findOrCreateContact, type KnownCustomer } from "@/server/services/messenger/customers";
import { toListRow } from "@/server/services/messenger/conversation-summary";
import type { IngestPage } from "@/server/services/messenger/ingest-context";
import { freshProfile, lookUpProfileLater } from "@/server/services/messenger/profile-lookup";
import { recordMessage } from "@/server/services/messenger/record-message";
import { benchStages, wallClockMs } from "@/server/services/messenger/stage-timings";
import { confirmOfferEcho } from "@/server/services/offers/confirm-echo";

type MessageEvent = Extract<MessengerEvent, { kind: "message" | "postback" }>;
type Resolved = KnownCustomer & { conversationId: string };

/**
 * Stores one inbound message, echo or postback exactly once (mid is unique), folds it into the conversation
 * summary in timestamp order, and pushes it to the page's and the conversation's sockets. `known` is the
 * batch's customer map (ingest-context.ts); first contacts are created here and added to it.
 */
export async function handleMessageEvent(page: IngestPage, event: MessageEvent, known: Map<string, KnownCustomer>): Promise<void> {
  const isEcho = event.kind === "message" && event.isEcho;
  if (isEcho) {
    // A bulk offer's echo names its ledger row: proof Meta took it, even if the worker never heard back.
    // Before the replay check, so a redelivered echo still settles a row the first delivery did not.
    if (event.metadata) await confirmOfferEcho(event.metadata, event.mid);
    // Our own send may already hold this mid; checked before claiming, so another pending row with the same
    // text is not given it.
    if (await db.message.findUnique({ where: { mid: event.mid }, select: { id: true } })) return;
  }

  const customer = await resolveCustomer(page, event.psid, known);
  if (isEcho && (await claimPendingSend(customer.conversationId, event))) return;

  const content = contentOf(event);
  const recorded = await recordMessage({
    conversationId: customer.conversationId,
    mid: event.mid,
    direction: isEcho ? "outbound" : "inbound",
    senderId: isEcho ? page.facebookPageId : event.psid,
    isEcho,
    sendStatus: isEcho ? "sent" : "received",
    createdTime: new Date(event.timestamp),
    ...content,
  });
  if (!recorded) return; // a replay: stored (and announced) the first time
  const writtenAt = wallClockMs();

  // A profile that arrived after this batch read its customers wins over the fallback name it read.
  const shown = { ...customer, ...freshProfile(customer.id) };
  const listRow = toListRow(customer.conversationId, recorded.summary, { id: customer.id, psid: customer.psid, name: shown.name, avatarUrl: shown.avatarUrl }, page);
  // emitToRooms: in the worker (no Socket.IO server) it publishes through Redis to every app server.
  emitToRooms([pageRoom(page.id), conversationRoom(customer.conversationId)], EVENTS.newMessage, {
    message: toApiMessage(recorded.message, { customerName: shown.name, pageName: page.name }),
    conversation: toConversationListItem(listRow),
    pageId: page.id,
    conversationId: customer.conversationId,
    ...benchStages(writtenAt),
  });
  // After the message is out: a first contact's name and avatar follow as a conversation-updated.
  if (customer.needsProfile) lookUpProfileLater({ page, customerId: customer.id, psid: customer.psid, conversationId: customer.conversationId });
}

/** The batch already knows most senders; a first contact gets a customer (fallback name) and a conversation in one statement. */
async function resolveCustomer(page: IngestPage, psid: string, known: Map<string, KnownCustomer>): Promise<Resolved> {
  const key = customerKey(page.id, psid);
  const hit = known.get(key);
  if (hit?.conversationId) return hit as Resolved;
  const resolved = await findOrCreateContact(page, psid);
  known.set(key, resolved);
  return resolved;
}

function contentOf(event: MessageEvent) {
  if (event.kind === "postback") return { text: event.title ?? event.payload ?? "", stickerUrl: null, attachments: [], isImage: false };
  const sticker = event.attachments.find((a) => a.stickerId);
  const images = event.attachments.filter((a) => a.type === "image" && a.url && !a.stickerId);
  const others = event.attachments.filter((a) => a.type !== "image" && a.url);
  return {
    text: event.text ?? (others.length ? `[${others.map((a) => a.type).join(", ")}]` : null),
    stickerUrl: sticker?.url ?? null,
    attachments: [...images, ...others].map((a) => ({ type: a.type, url: a.url })),
    isImage: images.length > 0 && !event.text,
  };
}

/**
 * An echo of our own Send API call can arrive before the call returns its message id. The pending row the
 * send created (no mid yet, same text) takes the echo's mid, so the message appears once.
 */
async function claimPendingSend(conversationId: string, event: MessageEvent): Promise<boolean> {
  if (event.kind !== "message") return false;
  const pending = await db.message.findFirst({
    where: { conversationId, mid: null, direction: "outbound", sendStatus: "pending", text: event.text ?? null, createdAt: { gte: new Date(Date.now() - 120_000) } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  if (!pending) return false;
  const claimed = await db.message.updateMany({ where: { id: pending.id, mid: null }, data: { mid: event.mid } });
  return claimed.count === 1;
}
