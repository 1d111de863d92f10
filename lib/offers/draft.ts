import { OFFER_TEXTS } from "@/lib/offers/texts";
import type { OfferType } from "@/lib/offers/types";

// The bulk offer draft (PRODUCT §3): page, type, message or image, tags and the exclude flag, and its rules
// (PRODUCT §4 type switch, §5 validation). Pure, so the form and the tests share them.

/** The picked image; `previewUrl` is an object URL the form owns (and revokes). */
export type OfferImage = { file: File; previewUrl: string };

export type OfferDraft = {
  pageId: string;
  type: OfferType | null;
  message: string;
  image: OfferImage | null;
  /** Label names, lowercased as tags are stored on people. */
  tags: string[];
  /** true: everyone except people with these labels; false: only people with them. */
  exclude: boolean;
  /** true: people whose conversation is marked spam get it too (default: they are skipped). */
  includeSpam: boolean;
};

export const EMPTY_DRAFT: OfferDraft = { pageId: "", type: null, message: "", image: null, tags: [], exclude: false, includeSpam: false };

/** Messenger refuses texts of 2000 characters or more (docs/META.md). */
export const OFFER_MESSAGE_MAX = 1999;
/** What POST /api/uploads accepts (docs/API.md). */
export const OFFER_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const OFFER_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * PRODUCT §4: Text Only and Image Only are exclusive — choosing one clears the other's content. Choosing the
 * type already selected changes nothing. The image whose content is dropped is returned so the caller can
 * revoke its preview URL.
 */
export function switchOfferType(draft: OfferDraft, type: OfferType): { draft: OfferDraft; dropped: OfferImage | null } {
  if (draft.type === type) return { draft, dropped: null };
  if (type === "text") return { draft: { ...draft, type, image: null }, dropped: draft.image };
  return { draft: { ...draft, type, message: "" }, dropped: null };
}

/** A new page has other labels: the chosen tags no longer apply. */
export function switchOfferPage(draft: OfferDraft, pageId: string): OfferDraft {
  return draft.pageId === pageId ? draft : { ...draft, pageId, tags: [] };
}

/** PRODUCT §5: why a picked file is refused ('Please select a valid image file'), or null when it is fine. */
export function imageFileError(file: Pick<File, "type" | "size"> | null | undefined): string | null {
  if (!file || typeof file.type !== "string" || !file.type.startsWith("image/")) return OFFER_TEXTS.invalidImage;
  if (!(OFFER_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return `${OFFER_TEXTS.invalidImage} (JPEG, PNG, GIF or WebP)`;
  if (file.size > OFFER_IMAGE_MAX_BYTES) return `The image must be at most ${OFFER_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/** PRODUCT §5, in the spec's order: the first rule the draft breaks, or null when it can be scheduled. */
export function offerDraftError(draft: OfferDraft): string | null {
  if (!draft.pageId || !draft.type) return OFFER_TEXTS.pageAndTypeRequired;
  if (draft.type === "text") {
    if (!draft.message.trim()) return OFFER_TEXTS.messageRequired;
    if (draft.message.length > OFFER_MESSAGE_MAX) return `The message must be less than ${OFFER_MESSAGE_MAX + 1} characters`;
  }
  if (draft.type === "image" && !draft.image) return OFFER_TEXTS.imageRequired;
  return null;
}

/** PRODUCT §5: the schedule button is enabled only for a draft that passes every rule. */
export function canSchedule(draft: OfferDraft): boolean {
  return offerDraftError(draft) === null;
}

export type ScheduleBody = { pageId: string; type: OfferType; tags: string[]; message: string; exclude: boolean; includeSpam: boolean; imageUrl?: string };

/**
 * The call that schedules the draft: schedule-label when labels are chosen, schedule otherwise (PRODUCT §7).
 * The message is trimmed; an image offer carries the uploaded image's URL and no text.
 */
export function scheduleRequest(draft: OfferDraft, imageUrl?: string): { path: string; body: ScheduleBody } {
  if (!draft.type) throw new Error(OFFER_TEXTS.pageAndTypeRequired);
  const tags = [...new Set(draft.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const body: ScheduleBody = {
    pageId: draft.pageId,
    type: draft.type,
    tags,
    message: draft.type === "text" ? draft.message.trim() : "",
    exclude: tags.length > 0 && draft.exclude,
    includeSpam: draft.includeSpam,
  };
  if (draft.type === "image" && imageUrl) body.imageUrl = imageUrl;
  return { path: tags.length ? "/offers/schedule-label" : "/offers/schedule", body };
}

/** GET /api/offers/preview's query for the draft's audience; null until a page is chosen. */
export function audienceQuery(draft: Pick<OfferDraft, "pageId" | "tags" | "exclude">): Record<string, string> | null {
  if (!draft.pageId) return null;
  const tags = [...new Set(draft.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))].sort();
  return { pageId: draft.pageId, tags: JSON.stringify(tags), exclude: String(tags.length > 0 && draft.exclude) };
}

/** Toggles a label name in the chosen tags (case-insensitively; stored lowercased). */
export function toggleTag(tags: string[], name: string): string[] {
  const key = name.trim().toLowerCase();
  return tags.includes(key) ? tags.filter((t) => t !== key) : [...tags, key];
}
