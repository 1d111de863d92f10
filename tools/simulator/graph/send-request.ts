import { invalidParameter } from "./graph-error";

// Validates a Send API body the way Meta does and names the first problem in Meta's "(#100) …" style.
// Only what Switchboard can send is modelled: text, one media attachment, metadata, sender actions, and a
// private reply to a comment (`recipient: {comment_id}`, text only, no messaging_type or tag needed).

export const MESSAGING_TYPES = ["RESPONSE", "UPDATE", "MESSAGE_TAG"] as const;
export type MessagingType = (typeof MESSAGING_TYPES)[number];
/** Tags Meta stopped accepting on 2026-04-27 (they now answer #100). */
export const DEPRECATED_TAGS = ["ACCOUNT_UPDATE", "CONFIRMED_EVENT_UPDATE", "POST_PURCHASE_UPDATE"];
export const SUPPORTED_TAGS = ["HUMAN_AGENT"];
export const ATTACHMENT_TYPES = ["image", "audio", "video", "file"];
export const MAX_TEXT_LENGTH = 2000;
const SENDER_ACTIONS = ["typing_on", "typing_off", "mark_seen"];

export type AttachmentRequest = { type: string; url?: string; attachmentId?: string; reusable: boolean };

export type PrivateReplyRequest = { kind: "private_reply"; commentId: string; message: Record<string, unknown>; text: string };

export type SendRequest =
  | { kind: "sender_action"; psid: string; action: string }
  | { kind: "message"; psid: string; messagingType: MessagingType; tag?: string; message: Record<string, unknown>; text?: string; attachment?: AttachmentRequest; metadata?: string }
  | PrivateReplyRequest;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The person (a PSID) or the comment (a private reply) the call is for. */
function recipientOf(fields: Record<string, unknown>): { psid: string } | { commentId: string } {
  const recipient = fields.recipient;
  if (!isObject(recipient)) throw invalidParameter("The parameter recipient is required");
  const { id, comment_id: commentId } = recipient;
  if (commentId !== undefined) {
    if (id !== undefined) throw invalidParameter("param recipient must contain only one of id or comment_id");
    const value = typeof commentId === "number" ? String(commentId) : typeof commentId === "string" ? commentId.trim() : "";
    if (!/^\d+(_\d+)?$/.test(value)) throw invalidParameter("param recipient[comment_id] must be the id of a comment");
    return { commentId: value };
  }
  if (typeof id === "string" && id.trim() !== "") return { psid: id.trim() };
  if (typeof id === "number") return { psid: String(id) };
  throw invalidParameter("param recipient must contain id or comment_id (the simulator does not model user_ref or phone_number)");
}

function checkedText(text: unknown): string {
  if (typeof text !== "string" || text.trim() === "") throw invalidParameter("(#100) Message cannot be empty, must provide valid attachment or text", 2018034);
  // Meta counts characters, not UTF-16 units, so an emoji is one.
  if ([...text].length >= MAX_TEXT_LENGTH) throw invalidParameter(`param message[text] must be less than ${MAX_TEXT_LENGTH} characters`);
  return text;
}

/** A private reply is one text message; Meta ignores messaging_type and tag for it. */
function parsePrivateReply(commentId: string, message: unknown): PrivateReplyRequest {
  if (!isObject(message)) throw invalidParameter("Must send either message or state");
  if (message.attachment !== undefined) throw invalidParameter("param message must be text for a private reply (recipient[comment_id])");
  return { kind: "private_reply", commentId, message, text: checkedText(message.text) };
}

/** The attachment of `message` (or an uploaded file standing in for its payload). */
export function parseAttachment(attachment: unknown, hasFile: boolean): AttachmentRequest {
  if (!isObject(attachment)) throw invalidParameter("param message[attachment] must be an object");
  const type = attachment.type;
  if (typeof type !== "string" || !ATTACHMENT_TYPES.includes(type)) {
    throw invalidParameter(`param message[attachment][type] must be one of {${ATTACHMENT_TYPES.join(", ")}} - got "${String(type)}"`);
  }
  const payload = isObject(attachment.payload) ? attachment.payload : {};
  const reusable = payload.is_reusable === true;
  const attachmentId = payload.attachment_id;
  if (typeof attachmentId === "string" || typeof attachmentId === "number") return { type, attachmentId: String(attachmentId), reusable };
  if (typeof payload.url === "string") {
    if (!/^https?:\/\//i.test(payload.url)) throw invalidParameter("param message[attachment][payload][url] must be a valid URL");
    return { type, url: payload.url, reusable };
  }
  if (hasFile) return { type, reusable };
  throw invalidParameter("param message[attachment][payload] must contain url or attachment_id, or upload the file as filedata");
}

function parseTag(messagingType: MessagingType, tag: unknown): string | undefined {
  if (messagingType !== "MESSAGE_TAG") return typeof tag === "string" ? tag : undefined;
  if (typeof tag !== "string" || tag === "") throw invalidParameter("param tag is required when messaging_type is MESSAGE_TAG");
  if (DEPRECATED_TAGS.includes(tag)) throw invalidParameter(`The tag ${tag} is no longer supported (deprecated on 2026-04-27). Use HUMAN_AGENT within 7 days of the person's last message.`);
  if (!SUPPORTED_TAGS.includes(tag)) throw invalidParameter(`param tag must be one of {${SUPPORTED_TAGS.join(", ")}} - got "${tag}"`);
  return tag;
}

export function parseSendRequest(fields: Record<string, unknown>, hasFile: boolean): SendRequest {
  const recipient = recipientOf(fields);
  const message = fields.message;
  if ("commentId" in recipient) return parsePrivateReply(recipient.commentId, message);
  const { psid } = recipient;
  if (message === undefined && typeof fields.sender_action === "string") {
    if (!SENDER_ACTIONS.includes(fields.sender_action)) throw invalidParameter(`param sender_action must be one of {${SENDER_ACTIONS.join(", ")}}`);
    return { kind: "sender_action", psid, action: fields.sender_action };
  }
  if (!isObject(message)) throw invalidParameter("Must send either message or state");

  const messagingType = fields.messaging_type;
  if (typeof messagingType !== "string" || !(MESSAGING_TYPES as readonly string[]).includes(messagingType)) {
    throw invalidParameter(`param messaging_type must be one of {${MESSAGING_TYPES.join(", ")}} - got "${String(messagingType ?? "")}"`);
  }
  const type = messagingType as MessagingType;
  const tag = parseTag(type, fields.tag);

  const { text, attachment, metadata } = message;
  if (text !== undefined && attachment !== undefined) throw invalidParameter("Only one of text or attachment can be specified in param message");
  if (metadata !== undefined && (typeof metadata !== "string" || metadata.length > 1000)) throw invalidParameter("param message[metadata] must be a string of at most 1000 characters");
  const base = { kind: "message" as const, psid, messagingType: type, tag, message, metadata: metadata as string | undefined };
  if (attachment !== undefined) return { ...base, attachment: parseAttachment(attachment, hasFile) };
  return { ...base, text: checkedText(text) };
}
