import type { InboundAttachment } from "../state";

// Webhook bodies in Meta's shapes (Messenger Platform › Webhook events: messages, message_echoes,
// message_deliveries, message_reads, messaging_postbacks, messaging_optins, messaging_account_linking,
// messaging_feedback, messaging_game_plays), quirks included: a delivery has no timestamp, a guest is a
// user_ref (a checkbox opt-in has no sender at all), a guest's postback carries its timestamp as a string
// of seconds. Customer → page items have the customer as sender; echoes swap the roles (the page is the
// sender). tests/fixtures/meta-webhooks holds Meta's own examples of each.

export type MessagingItem = { sender?: { id: string } | { user_ref: string }; recipient: { id: string }; timestamp?: number | string } & Record<string, unknown>;
/** One change of the Page's public side (feed-events.ts): `entry[].changes[]` instead of `messaging[]`. */
export type ChangeItem = { field: string; value: Record<string, unknown> };
export type WebhookEntry = { id: string; time: number; messaging?: MessagingItem[]; standby?: MessagingItem[]; changes?: ChangeItem[] };
export type WebhookBody = { object: "page" | "instagram"; entry: WebhookEntry[] };

export function webhookBody(entries: WebhookEntry[]): WebhookBody {
  return { object: "page", entry: entries };
}

/** The usual delivery: one entry for the page with one messaging item. */
export function singleItemBody(pageId: string, item: MessagingItem, time: number): WebhookBody {
  return webhookBody([{ id: pageId, time, messaging: [item] }]);
}

type Parties = { pageId: string; psid: string; timestamp: number };

function fromCustomer({ pageId, psid, timestamp }: Parties) {
  return { sender: { id: psid }, recipient: { id: pageId }, timestamp };
}

export function customerMessageItem(
  input: Parties & { mid: string; text?: string; attachments: InboundAttachment[]; replyTo?: string; quickReply?: string; stickerStyle: "sticker" | "image"; story?: { url: string; id: string }; unsupported?: boolean },
): MessagingItem {
  const sticker = input.attachments.find((a) => a.stickerId !== undefined);
  const message: Record<string, unknown> = { mid: input.mid };
  if (input.text !== undefined) message.text = input.text;
  if (input.attachments.length) {
    message.attachments = input.attachments.map((a) =>
      a.stickerId !== undefined
        ? { type: input.stickerStyle, payload: { url: a.url, sticker_id: a.stickerId } }
        : attachmentPayload(a),
    );
  }
  // Before the 2026 sticker change Meta also put sticker_id on the message itself.
  if (sticker && input.stickerStyle === "image") message.sticker_id = sticker.stickerId;
  if (input.replyTo) message.reply_to = { mid: input.replyTo };
  if (input.story) message.reply_to = { story: input.story };
  if (input.unsupported) message.is_unsupported = true;
  if (input.quickReply) message.quick_reply = { payload: input.quickReply };
  return { ...fromCustomer(input), message };
}

/**
 * Meta's shapes per type: media carry payload.url; a location its coordinates; a shared link (fallback)
 * title + url; a reel its url and reel_video_id; a post its url and title; an appointment booking its
 * details, times in seconds.
 */
function attachmentPayload(a: InboundAttachment): Record<string, unknown> {
  if (a.type === "location") return { type: "location", title: a.title ?? "Pinned location", payload: { coordinates: { lat: a.lat ?? 0, long: a.long ?? 0 } } };
  if (a.type === "fallback") return { type: "fallback", title: a.title ?? "Shared link", url: a.url, payload: null };
  if (a.type === "reel" || a.type === "ig_reel") return { type: a.type, payload: { url: a.url, reel_video_id: a.videoId, ...(a.title ? { title: a.title } : {}) } };
  if (a.type === "post" || a.type === "ig_post") return { type: a.type, payload: { url: a.url, ...(a.title ? { title: a.title } : {}) } };
  if (a.type === "appointment_booking" && a.booking) {
    const b = a.booking;
    return { type: a.type, payload: { booking_id: b.id, status: b.status, start_time: Math.floor(b.start / 1000), end_time: Math.floor(b.end / 1000), timezone: b.timezone } };
  }
  return { type: a.type, payload: { url: a.url } };
}

/** A reaction to a message (message_reactions): react adds or replaces the person's, unreact removes it. */
export function reactionItem(input: Parties & { mid: string; action: "react" | "unreact"; reaction: string; emoji?: string }): MessagingItem {
  return { ...fromCustomer(input), reaction: { mid: input.mid, action: input.action, reaction: input.reaction, ...(input.emoji ? { emoji: input.emoji } : {}) } };
}

/** message_edits: the customer edited a message; num_edit counts their edits of it. */
export function editItem(input: Parties & { mid: string; text: string; numEdit: number }): MessagingItem {
  return { ...fromCustomer(input), message_edit: { mid: input.mid, text: input.text, num_edit: input.numEdit } };
}

/** The customer unsent a message: a messages event with is_deleted. */
export function unsendItem(input: Parties & { mid: string }): MessagingItem {
  return { ...fromCustomer(input), message: { mid: input.mid, is_deleted: true } };
}

/** messaging_referrals: the person came back through an ad, an m.me link or the chat plugin. */
export function referralItem(input: Parties & { source: string; type: string; ref?: string; adId?: string }): MessagingItem {
  return { ...fromCustomer(input), referral: { source: input.source, type: input.type, ...(input.ref ? { ref: input.ref } : {}), ...(input.adId ? { ad_id: input.adId } : {}) } };
}

export function echoItem(
  input: Parties & { mid: string; appId: string; text?: string; attachment?: { type: string; url: string }; metadata?: string },
): MessagingItem {
  const message: Record<string, unknown> = { mid: input.mid, is_echo: true, app_id: Number(input.appId) };
  if (input.metadata !== undefined) message.metadata = input.metadata;
  if (input.text !== undefined) message.text = input.text;
  if (input.attachment) message.attachments = [{ type: input.attachment.type, payload: { url: input.attachment.url } }];
  return { sender: { id: input.pageId }, recipient: { id: input.psid }, timestamp: input.timestamp, message };
}

/**
 * `mids` may be absent: Meta documents watermark-only receipts from older clients. No timestamp, as in
 * Meta's example: the app takes the entry's time.
 */
export function deliveryItem(input: Omit<Parties, "timestamp"> & { mids?: string[]; watermark: number }): MessagingItem {
  return { sender: { id: input.psid }, recipient: { id: input.pageId }, delivery: { ...(input.mids ? { mids: input.mids } : {}), watermark: input.watermark } };
}

export function readItem(input: Parties & { watermark: number }): MessagingItem {
  return { ...fromCustomer(input), read: { watermark: input.watermark } };
}

export function postbackItem(input: Parties & { mid: string; title: string; payload: string }): MessagingItem {
  return { ...fromCustomer(input), postback: { mid: input.mid, title: input.title, payload: input.payload } };
}

/** The customer's system events (messaging_optins, messaging_account_linking, messaging_feedback, messaging_game_plays). */
export type SystemEventInput =
  | { kind: "optin"; ref?: string; notifications?: "opt_in" | "stop" | "resume"; title?: string }
  | { kind: "account_linking"; status: "linked" | "unlinked" }
  | { kind: "feedback"; score: number; comment?: string }
  | { kind: "game_play"; score: number };

const NOTIFICATION_STATUS = { opt_in: undefined, stop: "STOP_NOTIFICATIONS", resume: "RESUME_NOTIFICATIONS" } as const;

export function systemEventItem(input: Parties & SystemEventInput): MessagingItem {
  const base = fromCustomer(input);
  switch (input.kind) {
    case "optin":
      if (input.notifications) {
        const status = NOTIFICATION_STATUS[input.notifications];
        return {
          ...base,
          optin: {
            type: "notification_messages",
            notification_messages_token: `token-${input.psid}-${input.timestamp}`,
            notification_messages_frequency: "WEEKLY",
            token_expiry_timestamp: String(input.timestamp + 180 * 86_400_000),
            user_token_status: "NOT_REFRESHED",
            ...(status ? { notification_messages_status: status } : {}),
            ...(input.title ? { title: input.title } : {}),
          },
        };
      }
      return { ...base, optin: { ref: input.ref ?? "send-to-messenger" } };
    case "account_linking":
      return { ...base, account_linking: input.status === "linked" ? { status: "linked", authorization_code: `code-${input.timestamp}` } : { status: "unlinked" } };
    case "feedback":
      return {
        ...base,
        messaging_feedback: { feedback_screens: [{ screen_id: 0, questions: { csat: { type: "csat", payload: String(input.score), ...(input.comment ? { follow_up: { type: "free_form", payload: input.comment } } : {}) } } }] },
      };
    case "game_play":
      return { ...base, game_play: { game_id: "1000000000000001", player_id: `player-${input.psid}`, context_type: "SOLO", score: input.score, payload: "{}" } };
  }
}

/**
 * A person known only by a user_ref (chat plugin guest, checkbox plugin): a checkbox opt-in has no sender
 * (the user_ref is in the optin), a guest's postback its timestamp as a string of seconds, as in Meta's example.
 */
export function guestItem(input: { pageId: string; userRef: string; timestamp: number } & ({ kind: "optin"; ref?: string } | { kind: "postback"; title: string; payload: string } | { kind: "message"; mid: string; text: string })): MessagingItem {
  const recipient = { id: input.pageId };
  switch (input.kind) {
    case "optin":
      return { recipient, timestamp: input.timestamp, optin: { ref: input.ref ?? "checkbox", user_ref: input.userRef } };
    case "postback":
      return { sender: { user_ref: input.userRef }, recipient, timestamp: String(Math.floor(input.timestamp / 1000)), postback: { mid: `m_guest_${input.timestamp}`, title: input.title, payload: input.payload } };
    case "message":
      return { sender: { user_ref: input.userRef }, recipient, timestamp: input.timestamp, message: { mid: input.mid, text: input.text } };
  }
}
