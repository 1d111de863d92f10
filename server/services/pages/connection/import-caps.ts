import type { GraphConversation } from "@/server/integrations/meta/graph-pages";
import { isGraphId } from "@/server/integrations/meta/graph-path";
import { storableInboundText } from "@/server/integrations/meta/inbound-text";
import { hostAllowance } from "@/server/integrations/safe-fetch";

// What the history import keeps of a Conversations API answer, whatever Graph sent: a broken or hostile
// answer once stored 300 messages of a conversation against a cap of 25, a 200 000-character text, and
// `javascript:` and internal URLs as images. Only the newest `perConversation` messages, texts cut to the
// inbound cap, digit ids, real times, and attachment URLs an agent's browser may load.

/** The most images one imported message keeps (a Messenger message carries at most ten). */
export const MAX_IMPORTED_ATTACHMENTS = 10;
const MAX_MID_LENGTH = 200;
const MAX_NAME_LENGTH = 200;
const MAX_URL_LENGTH = 2000;

export type ImportedMessage = { mid: string; text: string | null; createdTime: Date; inbound: boolean; images: string[] };
export type ImportedConversation = { psid: string; name: string | null; messages: ImportedMessage[] };

/**
 * An attachment URL worth keeping: https on a host ATTACHMENT_HOSTS allows (Meta's CDNs). A host the
 * list names exactly (the simulator outside production) may be http or an internal address, as for
 * attachment copies (safe-fetch.ts); anything else — javascript:, data:, http:, an internal or unknown
 * host, credentials in the URL — is dropped.
 */
export function importableAttachmentUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const allowance = hostAllowance(url.hostname);
  if (allowance === "exact" && (url.protocol === "https:" || url.protocol === "http:")) return url.toString();
  return allowance === "domain" && url.protocol === "https:" ? url.toString() : null;
}

type GraphMessage = NonNullable<NonNullable<GraphConversation["messages"]>["data"]>[number];

function importedMessage(m: GraphMessage, businessId: string): ImportedMessage | null {
  if (typeof m?.id !== "string" || !m.id || m.id.length > MAX_MID_LENGTH || typeof m.created_time !== "string") return null;
  const createdTime = new Date(m.created_time);
  if (Number.isNaN(createdTime.getTime())) return null;
  const attachments = Array.isArray(m.attachments?.data) ? m.attachments.data : [];
  const images: string[] = [];
  for (const a of attachments) {
    const url = importableAttachmentUrl(a?.image_data?.url ?? a?.file_url);
    if (url && images.length < MAX_IMPORTED_ATTACHMENTS) images.push(url);
  }
  const text = typeof m.message === "string" && m.message ? storableInboundText(m.message) : null;
  return { mid: m.id, text: text || null, createdTime, inbound: m.from?.id !== businessId, images };
}

/**
 * One conversation of the answer, capped; null when it names no customer with a digit PSID (IGSID).
 * `businessId` is who speaks for the business in it: the Page on Messenger, its Instagram account on Instagram.
 */
export function importedConversation(conversation: GraphConversation, businessId: string, perConversation: number): ImportedConversation | null {
  const participants = Array.isArray(conversation?.participants?.data) ? conversation.participants.data : [];
  const raw = Array.isArray(conversation?.messages?.data) ? conversation.messages.data : [];
  const messages = raw
    .map((m) => importedMessage(m, businessId))
    .filter((m): m is ImportedMessage => m !== null)
    // Newest first, as asked of Graph; whatever order came back, the newest are the ones kept.
    .sort((a, b) => b.createdTime.getTime() - a.createdTime.getTime())
    .slice(0, perConversation);
  const person = participants.find((p) => isGraphId(p?.id) && p.id !== businessId);
  const sender = raw.map((m) => m?.from?.id).find((id) => isGraphId(id) && id !== businessId);
  const psid = person?.id ?? sender;
  if (!psid) return null;
  const given = person?.name ?? person?.username;
  const name = typeof given === "string" ? storableInboundText(given).trim().slice(0, MAX_NAME_LENGTH) : "";
  return { psid, name: name || null, messages };
}
