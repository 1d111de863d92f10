import { z } from "zod";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";

// Meta's webhook body → a flat list of events the ingest understands (GUIDE §3, "More inbound kinds").
// Unknown fields are ignored (Meta adds fields over time). A messaging item with a field we do not handle
// becomes { kind: "unsupported" } (shown in the thread, never dropped); one we cannot read at all becomes
// { kind: "invalid" } and is quarantined with the reason. Every event keeps its raw item for the quarantine.

const ZId = z.union([z.string(), z.number()]).transform(String);

const ZAttachment = z.object({
  type: z.string(),
  title: z.string().optional(),
  url: z.string().optional(), // fallback attachments put the link here
  payload: z
    .object({
      url: z.string().optional(),
      sticker_id: ZId.optional(),
      title: z.string().optional(),
      name: z.string().optional(),
      coordinates: z.object({ lat: z.number(), long: z.number() }).partial().optional(),
      template_type: z.string().optional(),
      elements: z.array(z.object({ title: z.string().optional(), subtitle: z.string().optional(), image_url: z.string().optional() }).partial()).optional(),
    })
    .partial()
    .nullable()
    .optional(),
});

const ZReferral = z.object({ ref: z.string().optional(), source: z.string().optional(), type: z.string().optional(), ad_id: ZId.optional() });

const ZMessaging = z.object({
  sender: z.object({ id: ZId }),
  recipient: z.object({ id: ZId }),
  timestamp: z.number().int().min(0).max(8.64e15),
  message: z
    .object({
      mid: z.string().min(1),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      app_id: ZId.optional(),
      metadata: z.string().optional(),
      sticker_id: ZId.optional(),
      attachments: z.array(ZAttachment).optional(),
      reply_to: z.object({ mid: z.string() }).partial().optional(),
      quick_reply: z.object({ payload: z.string() }).partial().optional(),
      referral: ZReferral.optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  read: z.object({ watermark: z.number() }).optional(),
  postback: z.object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional(), referral: ZReferral.optional() }).optional(),
  reaction: z.object({ mid: z.string(), action: z.enum(["react", "unreact"]), reaction: z.string().optional(), emoji: z.string().optional() }).optional(),
  message_edit: z.object({ mid: z.string(), text: z.string().optional(), num_edit: z.number().optional() }).optional(),
  referral: ZReferral.optional(),
});

export const ZWebhookBody = z.object({
  object: z.literal("page"),
  entry: z.array(z.object({ id: ZId, time: z.number().optional(), messaging: z.array(z.unknown()).optional() })),
});

/** What Meta says about an attachment: the stored shape (lib/inbox/message-kinds.ts) before any copy. */
export type InboundAttachment = Omit<StoredAttachment, "previewUrl" | "storedKey" | "copyError" | "mime" | "size">;
export type Referral = { source?: string; type?: string; ref?: string; adId?: string };

/**
 * `standby`: the item came in `entry[].standby[]` (a thread another app controls, handover protocol);
 * it is stored and shown like any other, and tells who holds the thread.
 */
type Base = { pageId: string; psid: string; timestamp: number; raw: unknown; standby?: boolean };
/** Page-level events have no sender (`messaging_policy_enforcement`, `app_roles`). */
type PageBase = { pageId: string; timestamp: number; raw: unknown };

/** Handover protocol (`messaging_handovers`): who controls the thread now. Apps by their Meta app id. */
export type HandoverEvent = Base & {
  kind: "handover";
  action: "pass_thread_control" | "take_thread_control" | "request_thread_control";
  /** pass: the app the thread went to; take: the app that took it (the sender's app is not in the body). */
  newOwnerAppId?: string;
  /** take: the app it was taken from. */
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
/** A person known only by `sender.user_ref` (chat plugin guest, checkbox opt-in): kept until they write. */
export type GuestEvent = PageBase & { kind: "guest"; userRef: string; event: string; detail: Record<string, unknown> };
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
      appId?: string;
      metadata?: string;
      replyToMid?: string;
      quickReplyPayload?: string;
      referral?: Referral;
    })
  | (Base & { kind: "delivery"; watermark: number; mids: string[] })
  | (Base & { kind: "read"; watermark: number })
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
  | { kind: "invalid"; pageId: string | null; reason: string; raw: unknown };

/** Every entry and every messaging item, oldest first (Meta may deliver out of order). */
export function parseWebhookBody(body: unknown): MessengerEvent[] {
  const parsed = ZWebhookBody.safeParse(body);
  if (!parsed.success) return [{ kind: "invalid", pageId: null, reason: "not a Page webhook body ({object:\"page\", entry:[…]})", raw: body }];
  const events: MessengerEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const raw of entry.messaging ?? []) events.push(toEvent(entry.id, raw));
  }
  return events.sort((a, b) => timestampOf(a) - timestampOf(b));
}

function timestampOf(event: MessengerEvent): number {
  return "timestamp" in event ? event.timestamp : 0;
}

const HANDLED = new Set(["sender", "recipient", "timestamp", "message", "delivery", "read", "postback", "reaction", "message_edit", "referral"]);

function toEvent(entryPageId: string, raw: unknown): MessengerEvent {
  const parsed = ZMessaging.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: "invalid", pageId: entryPageId, reason: `unreadable messaging item: ${issue?.path.join(".") || "(item)"} ${issue?.message ?? ""}`.trim(), raw };
  }
  const item = parsed.data;
  const isEcho = item.message?.is_echo === true;
  // For echoes Meta swaps the roles: the page is the sender and the customer the recipient.
  const pageId = isEcho ? item.sender.id : item.recipient.id;
  const psid = isEcho ? item.recipient.id : item.sender.id;
  const base = { pageId, psid, timestamp: item.timestamp, raw };
  if (item.message) {
    const m = item.message;
    const attachments = (m.attachments ?? []).map(toAttachment);
    if (m.sticker_id !== undefined && !attachments.some((a) => a.stickerId)) attachments.push({ type: "sticker", stickerId: m.sticker_id });
    return {
      kind: "message",
      ...base,
      mid: m.mid,
      text: m.text,
      attachments,
      isEcho,
      isDeleted: m.is_deleted === true,
      appId: m.app_id,
      metadata: m.metadata,
      replyToMid: m.reply_to?.mid,
      quickReplyPayload: m.quick_reply?.payload,
      referral: m.referral && toReferral(m.referral),
    };
  }
  if (item.delivery) return { kind: "delivery", ...base, watermark: item.delivery.watermark, mids: item.delivery.mids ?? [] };
  if (item.read) return { kind: "read", ...base, watermark: item.read.watermark };
  if (item.postback) {
    const p = item.postback;
    return { kind: "postback", ...base, mid: p.mid ?? `postback-${psid}-${item.timestamp}`, title: p.title, payload: p.payload, referral: p.referral && toReferral(p.referral) };
  }
  if (item.reaction) return { kind: "reaction", ...base, ...item.reaction };
  if (item.message_edit) return { kind: "edit", ...base, mid: item.message_edit.mid, text: item.message_edit.text ?? "", numEdit: item.message_edit.num_edit ?? 1 };
  if (item.referral) return { kind: "referral", ...base, referral: toReferral(item.referral) };
  const field = Object.keys(raw as object).find((key) => !HANDLED.has(key)) ?? "unknown";
  return { kind: "unsupported", ...base, field };
}

function toAttachment(a: z.infer<typeof ZAttachment>): InboundAttachment {
  const p = a.payload ?? {};
  const element = p.elements?.[0];
  // Stickers arrive as type "sticker", or (before 2026) as an image with a sticker_id.
  const type = p.sticker_id !== undefined ? "sticker" : a.type;
  return dropUndefined({
    type,
    url: p.url ?? a.url,
    stickerId: p.sticker_id,
    title: a.title ?? p.title ?? element?.title,
    name: p.name,
    lat: p.coordinates?.lat,
    long: p.coordinates?.long,
    subtitle: element?.subtitle,
    imageUrl: element?.image_url,
  });
}

function toReferral(r: z.infer<typeof ZReferral>): Referral {
  return dropUndefined({ source: r.source, type: r.type, ref: r.ref, adId: r.ad_id });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
