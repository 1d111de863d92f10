import { z } from "zod";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";
import { defined, str, ZLooseId, ZTime } from "@/server/integrations/meta/webhook-fields";

// A message's attachments as Meta sends them (and as captured bodies of open-source libraries show them:
// url null, "URL" upper-case, payload null), read into the shape we store before any copy.

export const ZAttachment = z.object({
  type: z.string(),
  title: str(),
  url: str(), // fallback attachments put the link here (some captured bodies spell it "URL")
  URL: str(),
  payload: z
    .object({
      url: str(),
      sticker_id: ZLooseId.optional().catch(undefined),
      title: str(),
      name: str(),
      coordinates: z.object({ lat: z.number(), long: z.number() }).partial().optional().catch(undefined),
      template_type: str(),
      elements: z.array(z.object({ title: str(), subtitle: str(), image_url: str() })).optional().catch(undefined),
      // reel, ig_reel
      reel_video_id: ZLooseId.optional().catch(undefined),
      // appointment_booking
      booking_id: ZLooseId.optional().catch(undefined),
      status: str(),
      start_time: z.union([z.number(), z.string()]).optional().catch(undefined),
      end_time: z.union([z.number(), z.string()]).optional().catch(undefined),
      timezone: str(),
    })
    .nullable()
    .optional()
    .catch(null),
});

/** What Meta says about an attachment: the stored shape (lib/inbox/message-kinds.ts) before any copy. */
export type InboundAttachment = Omit<StoredAttachment, "previewUrl" | "storedKey" | "copyError" | "mime" | "size">;

type AttachmentPayload = NonNullable<z.infer<typeof ZAttachment>["payload"]>;

export function toAttachment(a: z.infer<typeof ZAttachment>): InboundAttachment {
  const p: Partial<AttachmentPayload> = a.payload ?? {};
  const element = p.elements?.[0];
  // Stickers arrive as type "sticker", or (before 2026) as an image with a sticker_id.
  const type = p.sticker_id !== undefined ? "sticker" : a.type;
  return defined({
    type,
    url: p.url ?? a.url ?? a.URL,
    stickerId: p.sticker_id,
    title: a.title ?? p.title ?? element?.title,
    name: p.name,
    lat: p.coordinates?.lat,
    long: p.coordinates?.long,
    subtitle: element?.subtitle,
    imageUrl: element?.image_url,
    videoId: p.reel_video_id,
    booking: type === "appointment_booking" ? toBooking(p) : undefined,
  });
}

/** An appointment booking's details (times in seconds in Meta's payload; ms here, like every time we store). */
function toBooking(p: Partial<AttachmentPayload>): InboundAttachment["booking"] {
  const time = (v: unknown) => {
    const t = ZTime.safeParse(v);
    return t.success ? t.data : undefined;
  };
  return defined({ id: p.booking_id, status: p.status, start: time(p.start_time), end: time(p.end_time), timezone: p.timezone });
}
