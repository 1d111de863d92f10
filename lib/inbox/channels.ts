// The channels a Page is answered on (docs/ARCHITECTURE.md, "Channels"): Messenger, and Direct on the
// Instagram professional account linked to the Page. Browser-safe: the list, the thread and the filter
// name a channel with these words.

export const CHANNELS = ["messenger", "instagram"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = { messenger: "Messenger", instagram: "Instagram" };

/**
 * Instagram's Send API takes text of at most 1000 bytes (UTF-8), where Messenger takes 2000 characters:
 * a longer reply is refused with this sentence before Meta is asked.
 */
export const INSTAGRAM_TEXT_MAX_BYTES = 1000;
export const INSTAGRAM_TEXT_TOO_LONG = "Instagram takes messages of up to 1000 bytes. Shorten the message or send it in parts.";

export function fitsInstagram(text: string): boolean {
  return new TextEncoder().encode(text).length <= INSTAGRAM_TEXT_MAX_BYTES;
}
