import { db } from "@/server/db";
import type { InboundAttachment, MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { sanitizeText } from "@/server/integrations/meta/sanitize-json";
import { emitToRooms } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { messageSelect, toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import { loadReplyTargets } from "@/server/services/conversations/reply-targets";
import { customerKey, findOrCreateContact, type KnownCustomer } from "@/server/services/inbound/customers";
import { currentListRow, toListRow } from "@/server/services/conversations/conversation-summary";
import { accountOf, channelOf, type IngestPage } from "@/server/services/inbound/ingest-context";
import { freshProfile, lookUpProfileLater } from "@/server/services/inbound/profile-lookup";
import { recordMessage, type NewMessage } from "@/server/services/conversations/record-message";
import { benchStages, wallClockMs } from "@/server/services/inbound/stage-timings";
import { queueAttachmentCopies } from "@/server/services/attachments/queue";
import { confirmOfferEcho, isOfferMetadata } from "@/server/services/offers/confirm-echo";
import { PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import { settleReplyEcho } from "@/server/services/outbound/reply-echo";
import { replyAutomatically } from "@/server/services/auto-replies/decide-auto-reply";
import { attachmentPreview, copyable, INSTAGRAM_UNSUPPORTED_PAYLOAD, INSTAGRAM_UNSUPPORTED_TEXT, kindOf, UNSUPPORTED_TEXT, referralLine, type StoredAttachment } from "@/lib/inbox/message-kinds";
import type { Channel } from "@/lib/inbox/channels";

/** Events that become a row of the thread (reactions, edits and unsends change a row: update-message.ts). */
type RowEvent = Extract<MessengerEvent, { kind: "message" | "postback" | "referral" | "unsupported" }>;
type Resolved = KnownCustomer & { conversationId: string };

/**
 * Stores one inbound message, echo, postback, referral or unsupported item exactly once (mid is unique),
 * folds it into the conversation summary in timestamp order, and pushes it to the page's and the
 * conversation's sockets. `known` is the batch's customer map (ingest-context.ts); first contacts are
 * created here and added to it. A plain text message is still one statement; attachments add a copy job,
 * a reply one read of the quoted message.
 */
export async function handleMessageEvent(page: IngestPage, event: RowEvent, known: Map<string, KnownCustomer>): Promise<void> {
  const isEcho = event.kind === "message" && event.isEcho;
  if (isEcho) {
    // A bulk offer's echo names its ledger row: proof Meta took it, even if the worker never heard back.
    // Before the replay check, so a redelivered echo still settles a row the first delivery did not.
    if (event.metadata) await confirmOfferEcho(event.metadata, event.mid);
    // Our own send may already hold this mid (the Send API answered first): a duplicate.
    if (await db.message.findUnique({ where: { mid: event.mid }, select: { id: true } })) return;
  }

  const customer = await resolveCustomer(page, event.psid, known);
  // An agent's reply is matched by the row its metadata names, never by text; any other echo (the Page
  // Inbox, another app) is the Page's own message, stored below without an author.
  if (isEcho && (await settleReplyEcho(customer.conversationId, event.metadata, event.mid))) return;

  const content = contentOf(event, channelOf(page));
  const recorded = await recordMessage({
    conversationId: customer.conversationId,
    direction: isEcho ? "outbound" : "inbound",
    senderId: isEcho ? accountOf(page) : event.psid,
    isEcho,
    sendStatus: isEcho ? "sent" : "received",
    createdTime: new Date(event.timestamp),
    ...content,
    answersCustomer: isEcho && answersAsPerson(event),
  });
  // A replay: stored the first time, and announced then — unless that worker died in between, its batch
  // left pending and taken again: then the message is announced now, so the agents see it arrive rather than
  // only in a refetch (issue 41). Announced once either way: the feed remembers each mid it sent.
  // A Page with an automatic reply on decides one for a customer's message (docs/PRODUCT.md §13.1); pages
  // with both off pay nothing here. Also on a replay: its first worker may have stopped before deciding.
  const automatic = page.autoReplies && !isEcho && content.countsAsInbound && content.mid ? content.mid : null;
  if (!recorded) {
    await reannounce(page, customer, content.mid);
    if (automatic) await replyAutomatically(page, customer, automatic);
    return;
  }
  const writtenAt = wallClockMs();

  // Instagram's media links are privacy-aware and Meta forbids keeping a copy (docs/DECISIONS.md,
  // "Instagram media is shown from Meta, never stored"): only Messenger's are copied.
  if (channelOf(page) === "messenger" && recorded.message.attachments && (recorded.message.attachments as StoredAttachment[]).some((a) => copyable(a))) {
    await queueAttachmentCopies(recorded.message.id);
  }
  const replyTarget = recorded.message.replyToMid
    ? (await loadReplyTargets(customer.conversationId, [recorded.message])).get(recorded.message.replyToMid)
    : null;
  // A profile that arrived after this batch read its customers wins over the fallback name it read.
  const shown = { ...customer, ...freshProfile(customer.id) };
  const listRow = toListRow(customer.conversationId, recorded.summary, { id: customer.id, psid: customer.psid, name: shown.name, avatarUrl: shown.avatarUrl }, page);
  // emitToRooms: in the worker (no Socket.IO server) it publishes through Redis to every app server.
  emitToRooms([pageRoom(page.id), conversationRoom(customer.conversationId)], SERVER_EVENTS.newMessage, {
    message: toApiMessage(recorded.message, { customerName: shown.name, pageName: page.name }, replyTarget),
    conversation: toConversationListItem(listRow),
    pageId: page.id,
    conversationId: customer.conversationId,
    ...benchStages(writtenAt),
  }, announcedOnce(recorded.message.mid));
  if (automatic) await replyAutomatically(page, { ...customer, name: shown.name, avatarUrl: shown.avatarUrl }, automatic);
  // After the message is out: a first contact's name and avatar follow as a conversation-updated.
  if (customer.needsProfile) lookUpProfileLater({ page, customerId: customer.id, psid: customer.psid, conversationId: customer.conversationId });
}

/** A stored message's new-message again, as it stands now, with the conversation's list item. */
async function reannounce(page: IngestPage, customer: Resolved, mid: string | null): Promise<void> {
  const row = mid ? await db.message.findUnique({ where: { mid }, select: messageSelect }) : null;
  if (!row || row.conversationId !== customer.conversationId) return;
  const listRow = await currentListRow(customer.conversationId, { id: customer.id, psid: customer.psid, name: customer.name, avatarUrl: customer.avatarUrl }, page);
  emitToRooms([pageRoom(page.id), conversationRoom(customer.conversationId)], SERVER_EVENTS.newMessage, {
    message: toApiMessage(row, { customerName: customer.name, pageName: page.name }),
    conversation: toConversationListItem(listRow),
    pageId: page.id,
    conversationId: customer.conversationId,
  }, announcedOnce(mid));
}

/** The feed's name for "this message's new-message went out" (page-feed.ts). */
const announcedOnce = (mid: string | null): string | undefined => (mid ? `new-message:${mid}` : undefined);

/** The batch already knows most senders; a first contact gets a customer (fallback name) and a conversation in one statement. */
export async function resolveCustomer(page: IngestPage, psid: string, known: Map<string, KnownCustomer>): Promise<Resolved> {
  const key = customerKey(page.id, channelOf(page), psid);
  const hit = known.get(key);
  if (hit?.conversationId) return hit as Resolved;
  const resolved = await findOrCreateContact(page, psid);
  known.set(key, resolved);
  return resolved;
}

/**
 * An echo that is a person answering (docs/PRODUCT.md §11): typed in the Page Inbox (its app id, or none,
 * as Meta sends for the Page's own inbox) and not a bulk offer. Another app's echo (a bot) is automated.
 */
function answersAsPerson(event: RowEvent): boolean {
  if (event.kind !== "message") return false;
  if (isOfferMetadata(event.metadata)) return false;
  return event.appId === undefined || event.appId === PAGE_INBOX_APP_ID;
}

type Content = Pick<NewMessage, "mid" | "text" | "stickerUrl" | "attachments" | "isImage" | "kind" | "payload" | "replyToMid" | "referral" | "deletedAt" | "preview" | "countsAsInbound">;

const none = { stickerUrl: null, attachments: [], isImage: false, payload: null, replyToMid: null, referral: null, deletedAt: null, preview: null };

function contentOf(event: RowEvent, channel: Channel): Content {
  switch (event.kind) {
    case "postback":
      return { ...none, mid: event.mid, kind: "postback", text: clean(event.title ?? event.payload ?? ""), payload: event.payload ?? null, referral: event.referral ?? null, countsAsInbound: true };
    case "referral":
      // No mid from Meta: one row per person and moment, so a redelivery is still deduplicated.
      return { ...none, mid: `referral-${event.psid}-${event.timestamp}`, kind: "referral", text: null, referral: event.referral, preview: referralLine(event.referral), countsAsInbound: false };
    case "unsupported":
      return { ...none, mid: `unsupported-${event.field}-${event.psid}-${event.timestamp}`, kind: "unsupported", text: null, payload: event.field, preview: UNSUPPORTED_TEXT, countsAsInbound: false };
    case "message": {
      if (event.isUnsupported && !event.isDeleted) {
        // Instagram's is_unsupported: the customer did write (it opens the window, it is unread), we cannot show what.
        return { ...none, mid: event.mid, kind: "unsupported", text: null, payload: INSTAGRAM_UNSUPPORTED_PAYLOAD, preview: channel === "instagram" ? INSTAGRAM_UNSUPPORTED_TEXT : UNSUPPORTED_TEXT, countsAsInbound: !event.isEcho };
      }
      const attachments = event.attachments.map(toStored);
      const sticker = attachments.find((a) => a.type === "sticker");
      const media = attachments.filter((a) => a.type !== "sticker");
      const text = event.text === undefined || event.isDeleted ? null : clean(event.text);
      const onlyImages = media.length > 0 && media.every((a) => a.type === "image");
      return {
        mid: event.mid,
        text,
        stickerUrl: sticker?.url ?? null,
        attachments,
        isImage: onlyImages && !text,
        kind: event.quickReplyPayload !== undefined ? "quick_reply" : kindOf(attachments),
        payload: event.quickReplyPayload ?? null,
        replyToMid: event.replyToMid ?? null,
        referral: event.referral ?? null,
        // An unsend that overtook its message: the row is stored as unsent, its text never shown.
        deletedAt: event.isDeleted ? new Date(event.timestamp) : null,
        preview: text || onlyImages ? null : attachmentPreview(attachments) || (event.isDeleted ? "" : null),
        countsAsInbound: !event.isEcho,
      };
    }
  }
}

const clean = (text: string) => sanitizeText(text);

function toStored(a: InboundAttachment): StoredAttachment {
  return { ...a, ...(a.title !== undefined ? { title: clean(a.title) } : {}), ...(a.name !== undefined ? { name: clean(a.name) } : {}) };
}
