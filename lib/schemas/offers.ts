import { z } from "zod";
import { ZTagName, TAGS_PER_REQUEST_MAX } from "@/lib/schemas/labels";
import { OFFER_TEXTS } from "@/lib/offers/texts";
import { OFFER_MESSAGE_MAX } from "@/lib/offers/draft";
import { isStorableInstant } from "@/lib/schemas/input-rules";

// Bulk offers (PRODUCT §3 Bulk offer draft, §5 Bulk offer, §7 Offers): the schedule body, the list's date
// range, the audience preview and the offer id. The texts are the send-offer form's (lib/offers/texts.ts).

export const OFFER_TAGS_REQUIRED = "Please select at least one label";
export const OFFER_MESSAGE_TOO_LONG = `The message must be less than ${OFFER_MESSAGE_MAX + 1} characters`;
export const OFFER_IMAGE_URL_INVALID = "The image must be an uploaded image's http(s) URL";
export const OFFER_DATE_INVALID = "Dates must be ISO dates (YYYY-MM-DD) or date-times";

const ZTags = z
  .array(ZTagName, { error: "tags must be a list of label names" })
  .max(TAGS_PER_REQUEST_MAX, `At most ${TAGS_PER_REQUEST_MAX} labels`)
  .transform((tags) => [...new Set(tags)]);

// POST /api/offers/schedule and /schedule-label. The spec's rules in the form's order: page and type,
// then the message (text) or the image (image). An image offer carries no text (PRODUCT §4: the type switch
// clears the other content), so its message is dropped rather than refused.
export const ZScheduleOffer = z
  .object({
    pageId: z.string({ error: OFFER_TEXTS.pageAndTypeRequired }).trim().min(1, OFFER_TEXTS.pageAndTypeRequired).max(100),
    type: z.enum(["text", "image"], { error: OFFER_TEXTS.pageAndTypeRequired }),
    tags: ZTags.optional().default([]),
    message: z.string({ error: OFFER_TEXTS.messageRequired }).nullish().transform((v) => v ?? ""),
    exclude: z.boolean({ error: "exclude must be true or false" }).optional().default(false),
    // People marked spam are skipped unless the offer says otherwise (docs/API.md, Offers).
    includeSpam: z.boolean({ error: "includeSpam must be true or false" }).optional().default(false),
    imageUrl: z.string().trim().max(2000).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "text") {
      if (!value.message.trim()) ctx.addIssue({ code: "custom", path: ["message"], message: OFFER_TEXTS.messageRequired });
      else if (value.message.length > OFFER_MESSAGE_MAX) ctx.addIssue({ code: "custom", path: ["message"], message: OFFER_MESSAGE_TOO_LONG });
    } else if (!value.imageUrl) {
      ctx.addIssue({ code: "custom", path: ["imageUrl"], message: OFFER_TEXTS.imageRequired });
    } else if (!z.url({ protocol: /^https?$/ }).safeParse(value.imageUrl).success) {
      ctx.addIssue({ code: "custom", path: ["imageUrl"], message: OFFER_IMAGE_URL_INVALID });
    }
  })
  .transform((value) => ({
    pageId: value.pageId,
    type: value.type,
    tags: value.tags,
    // With no tags "everyone without the tags" is everyone: the flag only means something with tags.
    exclude: value.tags.length > 0 && value.exclude,
    includeSpam: value.includeSpam,
    message: value.type === "text" ? value.message.trim() : null,
    imageUrl: value.type === "image" ? (value.imageUrl ?? null) : null,
  }));
export type TScheduleOffer = z.infer<typeof ZScheduleOffer>;

/** schedule-label is the labelled variant: it needs at least one label. */
export const ZScheduleLabelOffer = ZScheduleOffer.refine((value) => value.tags.length > 0, { path: ["tags"], message: OFFER_TAGS_REQUIRED });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-11-20` (a whole UTC day) or a full ISO date-time with its offset (that instant). */
export function isOfferDateParam(value: string): boolean {
  // Round-tripped, because Date.parse("2026-02-30T00:00:00Z") quietly rolls over to March.
  if (DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return isStorableInstant(day) && day.toISOString().slice(0, 10) === value;
  }
  return z.iso.datetime({ offset: true }).safeParse(value).success && isStorableInstant(new Date(value));
}

const ZDateParam = z
  .string()
  .trim()
  .max(40, OFFER_DATE_INVALID)
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isOfferDateParam(v), OFFER_DATE_INVALID);

// GET /api/offers?from=&to= — an inclusive range; a date-only `to` covers its whole day.
export const ZOfferListQuery = z.object({ from: ZDateParam, to: ZDateParam });
export type TOfferListQuery = z.infer<typeof ZOfferListQuery>;

/** tags as the UI sends them (a JSON array, like the conversation tag filter) or comma-separated. */
const ZTagsParam = z
  .string()
  .max(5000)
  .optional()
  .transform((raw, ctx) => {
    const text = raw?.trim() ?? "";
    if (!text) return [];
    let list: unknown = text.split(",");
    if (text.startsWith("[")) {
      try {
        list = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: "tags must be a JSON array of label names" });
        return z.NEVER;
      }
    }
    const parsed = ZTags.safeParse(Array.isArray(list) ? list.filter((t) => typeof t !== "string" || t.trim()) : list);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid tags" });
      return z.NEVER;
    }
    return parsed.data;
  });

// GET /api/offers/preview?pageId=&tags=&exclude= — how many people the rule selects right now.
export const ZOfferPreviewQuery = z.object({
  pageId: z.string({ error: OFFER_TEXTS.pageAndTypeRequired }).trim().min(1, OFFER_TEXTS.pageAndTypeRequired).max(100),
  tags: ZTagsParam,
  exclude: z.enum(["true", "false", "1", "0", ""]).optional().transform((v) => v === "true" || v === "1"),
});
export type TOfferPreviewQuery = z.infer<typeof ZOfferPreviewQuery>;

/** Any string: an id that is not one of ours is a 404 from the service, like another company's. */
export const ZOfferParams = z.object({ id: z.string().trim().min(1).max(100) });
