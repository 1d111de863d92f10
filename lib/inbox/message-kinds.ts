// What a stored message is, and the one-line preview the conversation list shows for it. Isomorphic: the
// ingest writes the preview into the conversation summary, the UI uses the same words.

export type StoredAttachment = {
  type: string;
  url?: string;
  previewUrl?: string;
  stickerId?: string;
  title?: string;
  name?: string;
  lat?: number;
  long?: number;
  subtitle?: string;
  imageUrl?: string;
  /** reel, ig_reel: Meta's video id of the reel. */
  videoId?: string;
  /** story_reply: the id of the Instagram story the customer answered (its url is Meta's CDN link). */
  storyId?: string;
  /** appointment_booking: the booking's details (times in ms). */
  booking?: { id?: string; status?: string; start?: number; end?: number; timezone?: string };
  /** Our own copy (server/services/attachments/): set once the worker stored it. */
  storedKey?: string;
  /** Why the copy was refused for good (not an allowed host, too large, gone); the original URL stays. */
  copyError?: string;
  mime?: string;
  size?: number;
};

export const MEDIA_TYPES = ["image", "audio", "video", "file"] as const;
/**
 * Attachment types the thread can show (Meta's messages webhook reference lists image, audio, video, file,
 * sticker, reel, ig_reel, post, ig_post, appointment_booking, and fallback; template and location are
 * shares; Instagram adds share, story_mention, and a story reply's story, stored as a story_reply
 * attachment); anything else is "Unsupported message — open it in Facebook".
 */
export const KNOWN_ATTACHMENT_TYPES = new Set([
  "image", "sticker", "audio", "video", "file", "location", "fallback", "template", "reel", "ig_reel", "post", "ig_post", "appointment_booking",
  "share", "story_mention", "story_reply",
]);
/** Types whose file the worker keeps a copy of (Meta's URLs expire); a reel is its video. Posts and bookings are links or details, no file. */
const COPIED_TYPES = new Set<string>([...MEDIA_TYPES, "reel", "ig_reel"]);

/** An attachment the worker still has to copy (stickers are Meta's static images; locations and shares have no file). */
export function copyable(a: StoredAttachment): boolean {
  return Boolean(a.url) && !a.storedKey && !a.copyError && COPIED_TYPES.has(a.type);
}

/** The row's kind: its attachments' type when they share one, "mixed" when not, "text" without any. */
export function kindOf(attachments: StoredAttachment[]): string {
  const types = new Set(attachments.map((a) => (KNOWN_ATTACHMENT_TYPES.has(a.type) ? a.type : "unsupported")));
  if (types.size === 0) return "text";
  return types.size === 1 ? [...types][0]! : "mixed";
}

/** A file's name: Meta's payload rarely has one, its CDN path ends with it. */
export function fileNameOf(a: StoredAttachment): string {
  return knownFileName(a) ?? "file";
}

/** The name, or null when neither Meta nor the link says one (Instagram's CDN links end in a query). */
function knownFileName(a: StoredAttachment): string | null {
  if (a.name) return a.name;
  if (a.title) return a.title;
  try {
    const last = new URL(a.url ?? "").pathname.split("/").pop();
    if (last) return decodeURIComponent(last);
  } catch {
    // not a URL: fall through
  }
  return null;
}

const ATTACHMENT_PREVIEW: Record<string, (a: StoredAttachment) => string> = {
  audio: () => "Voice message",
  video: () => "Video",
  file: (a) => {
    const name = knownFileName(a);
    return name ? `File: ${name}` : "File";
  },
  location: () => "Location",
  fallback: (a) => (a.title ? `Shared: ${a.title}` : "Shared a link"),
  template: (a) => (a.title ? `Shared: ${a.title}` : "Shared a post"),
  sticker: () => "Sticker",
  image: () => "Photo",
  reel: (a) => (a.title ? `Reel: ${a.title}` : "Shared a reel"),
  ig_reel: (a) => (a.title ? `Instagram reel: ${a.title}` : "Shared an Instagram reel"),
  post: (a) => (a.title ? `Shared a post: ${a.title}` : "Shared a post"),
  ig_post: (a) => (a.title ? `Shared an Instagram post: ${a.title}` : "Shared an Instagram post"),
  appointment_booking: (a) => bookingLine(a.booking),
  share: () => "Shared a post",
  story_mention: () => "Mentioned you in their story",
  story_reply: () => "Replied to your story",
};

const BOOKING_STATUS: Record<string, string> = { requested: "Appointment requested", confirmed: "Appointment confirmed", declined: "Appointment declined", cancelled: "Appointment cancelled" };

/** "Appointment confirmed": an appointment booking's line (its time is shown in the thread, in its own time zone). */
export function bookingLine(booking: StoredAttachment["booking"]): string {
  return BOOKING_STATUS[booking?.status ?? ""] ?? "Appointment booking";
}

/** The list's preview for a message without text (with text, the text is the preview). */
export function attachmentPreview(attachments: StoredAttachment[]): string {
  const first = attachments[0];
  if (!first) return "";
  return (ATTACHMENT_PREVIEW[first.type] ?? (() => "Unsupported message"))(first);
}

export const UNSENT_TEXT = "This message was unsent";
export const UNSUPPORTED_TEXT = "Unsupported message — open it in Facebook";
/** Instagram's own `is_unsupported` messages (a GIF, a sticker Instagram does not pass on): stored with this payload. */
export const INSTAGRAM_UNSUPPORTED_PAYLOAD = "is_unsupported";
export const INSTAGRAM_UNSUPPORTED_TEXT = "Unsupported message — open it in Instagram";

/** "Reacted ❤️ to “see you…”": the list preview of a reaction. */
export function reactionPreview(emoji: string, targetText: string | null): string {
  const target = targetText ? `“${targetText.length > 40 ? `${targetText.slice(0, 40)}…` : targetText}”` : "a message";
  return `Reacted ${emoji} to ${target}`;
}

const REFERRAL_SOURCES: Record<string, string> = {
  ADS: "an ad",
  SHORTLINK: "an m.me link",
  CUSTOMER_CHAT_PLUGIN: "the Page's chat plugin",
  DISCOVER_TAB: "Messenger's Discover tab",
  IGME: "an ig.me link",
};

/** The thread's context line for a referral: "Came from an ad · ref summer-sale". */
export function referralLine(referral: { source?: string; ref?: string; adId?: string }): string {
  const source = REFERRAL_SOURCES[referral.source ?? ""] ?? (referral.source ? referral.source.toLowerCase().replaceAll("_", " ") : "a link");
  const parts = [`Came from ${source}`];
  if (referral.ref) parts.push(`ref ${referral.ref}`);
  if (referral.adId) parts.push(`ad ${referral.adId}`);
  return parts.join(" · ");
}
