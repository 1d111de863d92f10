import { z } from "zod";
import { toAttachment, ZAttachment, type InboundAttachment } from "@/server/integrations/meta/webhook-attachments";
import { defined, str, withReferenceNames, ZLooseId, ZTime } from "@/server/integrations/meta/webhook-fields";
import { systemSummary } from "@/server/integrations/meta/system-summary";
import { toChangeEvent, type CommentEvent } from "@/server/integrations/meta/webhook-changes";
import { guestEvent, optinUserRef, type GuestEvent } from "@/server/integrations/meta/webhook-guests";
import type { Channel } from "@/lib/inbox/channels";

// Meta's webhook body → a flat list of events the ingest understands, following Meta's webhook reference
// rather than what our simulator happens to send (docs/WEBHOOKS.md, "Event kinds"):
//  - an entry carries `messaging[]` or `standby[]` (threads another app controls: `standby: true`), and a
//    body may carry several entries;
//  - per item, what Meta marks optional is optional: no `timestamp` (a delivery: the entry's `time`, else
//    when we received the body), a timestamp as a string or in seconds, a sender known only by `user_ref`
//    (a guest), no sender at all on Page-level events (policy enforcement, app roles);
//  - ids must be Facebook ids (digits): an item whose page or person id is anything else (`../../x`) is
//    unreadable.
// Unknown fields are ignored (Meta adds fields over time). A person's item with a field we do not handle
// becomes { kind: "unsupported" } (shown in the thread, never dropped); an item we cannot read at all
// becomes { kind: "invalid" } and only it is quarantined, with the reason. Every event keeps its raw item.
// Instagram Direct (`object: "instagram"`, docs/WEBHOOKS.md "Instagram") comes the same way: entry[].id is
// the Instagram account and the people are IGSIDs; every event of such a body says `channel: "instagram"`.
// Instagram adds a story reply (`reply_to.story`, kept as a story_reply attachment), `is_unsupported`, and a
// seen receipt naming the message (`read.mid`) instead of a watermark.

/** A Facebook id: digits, as a JSON string or as a number JavaScript holds exactly (a bigger one already lost digits). */
const ZFacebookId = z.union([z.string().regex(/^\d{1,30}$/), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String);

const ZReferral = z.object({ ref: str(), source: str(), type: str(), ad_id: ZLooseId.optional().catch(undefined) });

const ZMessage = z.object({
  mid: z.string().min(1),
  text: str(),
  is_echo: z.boolean().optional().catch(undefined),
  is_deleted: z.boolean().optional().catch(undefined),
  app_id: ZLooseId.optional().catch(undefined),
  metadata: str(),
  sticker_id: ZLooseId.optional().catch(undefined),
  attachments: z.array(ZAttachment).optional(),
  reply_to: z.object({ mid: str(), story: z.object({ url: str(), id: ZLooseId.optional().catch(undefined) }).optional().catch(undefined) }).optional().catch(undefined),
  is_unsupported: z.boolean().optional().catch(undefined),
  quick_reply: z.object({ payload: str() }).optional().catch(undefined),
  referral: ZReferral.optional().catch(undefined),
});

const ZItem = z.object({
  sender: z.object({ id: ZFacebookId.optional(), user_ref: z.string().min(1).optional() }).optional(),
  recipient: z.object({ id: ZFacebookId }).optional(),
  timestamp: z.unknown().optional(),
  message: ZMessage.optional(),
  delivery: z.object({ mids: z.array(z.string()).optional().catch(undefined), watermark: ZTime }).optional(),
  // Messenger: everything up to the watermark; Instagram (messaging_seen): up to the message it names.
  read: z.union([z.object({ watermark: ZTime, mid: str() }), z.object({ mid: z.string().min(1) })]).optional(),
  postback: z.object({ mid: str(), title: str(), payload: str(), referral: ZReferral.optional().catch(undefined) }).optional(),
  reaction: z.object({ mid: z.string(), action: z.enum(["react", "unreact"]), reaction: str(), emoji: str() }).optional(),
  message_edit: z.object({ mid: z.string(), text: str(), num_edit: z.number().optional().catch(undefined) }).optional(),
  referral: ZReferral.optional(),
  pass_thread_control: z.object({ new_owner_app_id: ZLooseId.optional().catch(undefined), previous_owner_app_id: ZLooseId.optional().catch(undefined), metadata: str() }).optional(),
  take_thread_control: z.object({ previous_owner_app_id: ZLooseId.optional().catch(undefined), new_owner_app_id: ZLooseId.optional().catch(undefined), metadata: str() }).optional(),
  request_thread_control: z.object({ requested_owner_app_id: ZLooseId.optional().catch(undefined), metadata: str() }).optional(),
  policy_enforcement: z.object({ action: z.enum(["block", "unblock", "warning"]), reason: str() }).optional(),
  app_roles: z.record(z.string(), z.array(z.string())).optional(),
  // A message from someone who came through the checkbox or chat plugin names the user_ref they had.
  prior_message: z.object({ source: str(), identifier: str() }).optional().catch(undefined),
});

export const ZWebhookBody = z.object({
  object: z.enum(["page", "instagram"]),
  entry: z.array(z.unknown()),
});

const ZEntry = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  time: z.unknown().optional(),
  messaging: z.array(z.unknown()).optional().catch(undefined),
  standby: z.array(z.unknown()).optional().catch(undefined),
  changes: z.array(z.unknown()).optional().catch(undefined),
});

export type { InboundAttachment, CommentEvent };
export type Referral = { source?: string; type?: string; ref?: string; adId?: string };

/**
 * `standby`: the item came in `entry[].standby[]` (a thread another app controls, handover protocol);
 * it is stored and shown like any other, and tells who holds the thread.
 */
type Base = { pageId: string; psid: string; timestamp: number; raw: unknown; standby?: boolean; /** The parser always says; absent reads as messenger. */ channel?: Channel };
/** Page-level events have no sender (`messaging_policy_enforcement`, `app_roles`). */
type PageBase = { pageId: string; timestamp: number; raw: unknown };

/** Handover protocol (`messaging_handovers`): who controls the thread now. Apps by their Meta app id. */
export type HandoverEvent = Base & {
  kind: "handover";
  action: "pass_thread_control" | "take_thread_control" | "request_thread_control";
  /** pass: the app the thread went to; take: the app that took it (the sender's app is not in the body). */
  newOwnerAppId?: string;
  /** pass and take: the app it came from (null in Meta's body when the thread was idle: absent here). */
  previousOwnerAppId?: string;
  /** request: the app asking for the thread. */
  requestedOwnerAppId?: string;
  metadata?: string;
};
/** A system event of a customer: kept as a quiet line in the thread, never a bubble, never unread. */
export type CustomerSystemEvent = Base & {
  kind: "system";
  event: "optin" | "account_linking" | "feedback" | "game_play";
  /** The short line the thread shows, e.g. "Opted in to notifications" (no customer text). */
  summary: string;
  detail: Record<string, unknown>;
};
/** A person known only by `user_ref` (chat plugin guest, checkbox opt-in): kept until they write (webhook-guests.ts). */
export type { GuestEvent };
/** `messaging_policy_enforcement`: Meta blocking, warning or unblocking the Page. */
export type PolicyEvent = PageBase & { kind: "policy"; action: "block" | "unblock" | "warning"; reason?: string };
/** `app_roles`: the Page's handover roles, app id → roles (e.g. ["primary_receiver"]). */
export type AppRolesEvent = PageBase & { kind: "app_roles"; roles: Record<string, string[]> };

export type MessengerEvent =
  | (Base & {
      kind: "message";
      mid: string;
      text?: string;
      attachments: InboundAttachment[];
      isEcho: boolean;
      isDeleted: boolean;
      /** Instagram's is_unsupported: the customer sent something Instagram does not pass on (a GIF, some stickers). */
      isUnsupported: boolean;
      appId?: string;
      metadata?: string;
      replyToMid?: string;
      quickReplyPayload?: string;
      referral?: Referral;
      /** The user_ref this person had as a guest (prior_message.identifier): their guest events join them. */
      priorUserRef?: string;
    })
  | (Base & { kind: "delivery"; watermark: number; mids: string[] })
  | (Base & { kind: "read"; watermark: number; /** Instagram: the message seen; everything of ours up to it is read. */ mid?: string })
  | (Base & { kind: "postback"; mid: string; title?: string; payload?: string; referral?: Referral })
  | (Base & { kind: "reaction"; mid: string; action: "react" | "unreact"; reaction?: string; emoji?: string })
  | (Base & { kind: "edit"; mid: string; text: string; numEdit: number })
  | (Base & { kind: "referral"; referral: Referral })
  | (Base & { kind: "unsupported"; field: string })
  | HandoverEvent
  | CustomerSystemEvent
  | GuestEvent
  | PolicyEvent
  | AppRolesEvent
  | CommentEvent
  | { kind: "invalid"; pageId: string | null; reason: string; raw: unknown };

export type ParseOptions = {
  /** When the body was received (ms): the time of an item that has neither its own timestamp nor an entry time. */
  receivedAt?: number;
};

/** Every entry and every messaging and standby item, oldest first (Meta may deliver out of order). */
export function parseWebhookBody(body: unknown, options: ParseOptions = {}): MessengerEvent[] {
  const parsed = ZWebhookBody.safeParse(body);
  if (!parsed.success) return [{ kind: "invalid", pageId: null, reason: "not a Page or Instagram webhook body ({object:\"page\"|\"instagram\", entry:[…]})", raw: body }];
  const channel: Channel = parsed.data.object === "instagram" ? "instagram" : "messenger";
  const receivedAt = options.receivedAt ?? Date.now();
  const events: MessengerEvent[] = [];
  for (const rawEntry of parsed.data.entry) {
    const entry = ZEntry.safeParse(rawEntry);
    if (!entry.success) {
      events.push({ kind: "invalid", pageId: null, reason: "unreadable entry: no id", raw: rawEntry });
      continue;
    }
    const { id, messaging, standby, changes } = entry.data;
    const time = ZTime.safeParse(entry.data.time);
    const fallbackTime = time.success ? time.data : receivedAt;
    for (const raw of messaging ?? []) events.push(toEvent(id, raw, fallbackTime, false, channel));
    for (const raw of standby ?? []) events.push(toEvent(id, raw, fallbackTime, true, channel));
    for (const raw of changes ?? []) {
      const event = toChangeEvent(id, raw, fallbackTime, channel);
      if (event) events.push(event);
    }
  }
  return events.sort((a, b) => timestampOf(a) - timestampOf(b));
}

function timestampOf(event: MessengerEvent): number {
  return "timestamp" in event ? event.timestamp : 0;
}

const HANDLED = new Set([
  "sender", "recipient", "timestamp", "message", "delivery", "read", "postback", "reaction", "message_edit", "referral",
  "pass_thread_control", "take_thread_control", "request_thread_control", "policy_enforcement", "app_roles", "prior_message",
  "optin", "account_linking", "messaging_feedback", "response_feedback", "game_play",
]);

const unreadable = (pageId: string | null, what: string, raw: unknown): MessengerEvent => ({ kind: "invalid", pageId, reason: `unreadable messaging item: ${what}`, raw });

function toEvent(entryId: string, original: unknown, fallbackTime: number, standby: boolean, channel: Channel): MessengerEvent {
  const entryPageId = /^\d{1,30}$/.test(entryId) ? entryId : null;
  const raw = withReferenceNames(original);
  const parsed = ZItem.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(item)";
    return unreadable(entryPageId, /(^|\.)id$/.test(where) ? `${where} is not a Facebook id` : `${where} ${issue?.message ?? ""}`.trim(), raw);
  }
  if (!entryPageId) return unreadable(null, "entry.id is not a Facebook id", raw);
  const item = parsed.data;
  // No timestamp (Meta's delivery example): the entry's time, else when we received the body. One that is
  // there but is no time at all is unreadable, not guessed.
  const own = ZTime.safeParse(item.timestamp);
  if (item.timestamp !== undefined && item.timestamp !== null && !own.success) return unreadable(entryPageId, "timestamp is not a time", raw);
  const timestamp = own.success ? own.data : fallbackTime;
  const fields = raw as Record<string, unknown>;

  // Page-level events: no sender; the Page is the recipient (or the entry).
  const pageId = item.recipient?.id ?? entryPageId;
  if (item.policy_enforcement) return { kind: "policy", pageId, timestamp, raw, action: item.policy_enforcement.action, ...defined({ reason: item.policy_enforcement.reason }) };
  if (item.app_roles) return { kind: "app_roles", pageId, timestamp, raw, roles: item.app_roles };

  const isEcho = item.message?.is_echo === true;
  const senderRef = item.sender?.user_ref ?? (item.sender?.id === undefined ? optinUserRef(fields) : undefined);
  if (item.sender?.id === undefined) {
    if (senderRef) return guestEvent(pageId, senderRef, timestamp, raw, fields);
    return unreadable(entryPageId, item.sender ? "sender has neither id nor user_ref" : "sender missing", raw);
  }
  if (!item.recipient) return unreadable(entryPageId, "recipient missing", raw);
  // For echoes Meta swaps the roles: the page is the sender and the customer the recipient.
  const base = {
    pageId: isEcho ? item.sender.id : item.recipient.id,
    psid: isEcho ? item.recipient.id : item.sender.id,
    timestamp,
    raw,
    channel,
    ...(standby ? { standby: true } : {}),
  };
  if (item.message) {
    const m = item.message;
    const attachments = (m.attachments ?? []).map(toAttachment);
    if (m.sticker_id !== undefined && !attachments.some((a) => a.stickerId)) attachments.push({ type: "sticker", stickerId: m.sticker_id });
    // An Instagram story reply: the story travels with the message so the thread shows what was answered.
    const story = m.reply_to?.story;
    if (story) attachments.push(defined({ type: "story_reply", url: story.url, storyId: story.id }));
    return {
      kind: "message",
      ...base,
      mid: m.mid,
      text: m.text,
      attachments,
      isEcho,
      isDeleted: m.is_deleted === true,
      isUnsupported: m.is_unsupported === true,
      ...defined({
        appId: m.app_id,
        metadata: m.metadata,
        replyToMid: m.reply_to?.mid,
        quickReplyPayload: m.quick_reply?.payload,
        referral: m.referral && toReferral(m.referral),
        priorUserRef: item.prior_message?.identifier,
      }),
    };
  }
  if (item.delivery) return { kind: "delivery", ...base, watermark: item.delivery.watermark, mids: item.delivery.mids ?? [] };
  if (item.read) return "watermark" in item.read ? { kind: "read", ...base, watermark: item.read.watermark } : { kind: "read", ...base, watermark: timestamp, mid: item.read.mid };
  if (item.postback) {
    const p = item.postback;
    return { kind: "postback", ...base, mid: p.mid ?? `postback-${base.psid}-${timestamp}`, ...defined({ title: p.title, payload: p.payload, referral: p.referral && toReferral(p.referral) }) };
  }
  if (item.reaction) return { kind: "reaction", ...base, ...defined(item.reaction) };
  if (item.message_edit) return { kind: "edit", ...base, mid: item.message_edit.mid, text: item.message_edit.text ?? "", numEdit: item.message_edit.num_edit ?? 1 };
  if (item.referral) return { kind: "referral", ...base, referral: toReferral(item.referral) };
  if (item.pass_thread_control) {
    const p = item.pass_thread_control;
    return { kind: "handover", ...base, action: "pass_thread_control", ...defined({ newOwnerAppId: p.new_owner_app_id, previousOwnerAppId: p.previous_owner_app_id, metadata: p.metadata }) };
  }
  if (item.take_thread_control) {
    const t = item.take_thread_control;
    return { kind: "handover", ...base, action: "take_thread_control", ...defined({ newOwnerAppId: t.new_owner_app_id, previousOwnerAppId: t.previous_owner_app_id, metadata: t.metadata }) };
  }
  if (item.request_thread_control) {
    const r = item.request_thread_control;
    return { kind: "handover", ...base, action: "request_thread_control", ...defined({ requestedOwnerAppId: r.requested_owner_app_id, metadata: r.metadata }) };
  }
  const system = systemSummary(fields);
  if (system) return { kind: "system", ...base, ...system };
  const field = Object.keys(fields).find((key) => !HANDLED.has(key)) ?? "unknown";
  return { kind: "unsupported", ...base, field };
}

function toReferral(r: z.infer<typeof ZReferral>): Referral {
  return defined({ source: r.source, type: r.type, ref: r.ref, adId: r.ad_id });
}

