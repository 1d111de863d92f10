import { db } from "@/server/db";
import { env } from "@/server/env";
import { uploadImageAttachment, type OutgoingMessage } from "@/server/integrations/meta/graph-client";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { decryptSecret } from "@/server/security/secret-box";
import { offerMetadata } from "@/server/services/offers/confirm-echo";
import { OFFER_REASONS, RECIPIENT_REASONS } from "@/server/services/offers/reasons";
import { fitsInstagram } from "@/lib/inbox/channels";
import type { SendTarget } from "@/workers/offers/context";
import type { Channel } from "@/lib/inbox/channels";

// Everything a run needs before its first send: the offer and its page, the page token, and for an image
// offer the image uploaded to Facebook once (attachment id kept on the offer and reused for every person).

export async function loadOffer(offerId: string) {
  return db.offer.findUnique({
    where: { id: offerId },
    select: {
      id: true, companyId: true, pageId: true, status: true, type: true, message: true, imageUrl: true, attachmentId: true, tags: true, exclude: true, includeSpam: true,
      page: { select: { facebookPageId: true, accessTokenEnc: true, tokenStatus: true, policyState: true, instagram: { select: { instagramId: true } } } },
    },
  });
}
export type LoadedOffer = NonNullable<Awaited<ReturnType<typeof loadOffer>>>;

/** The send target, or why the offer must pause instead. */
export async function prepareTarget(offer: LoadedOffer): Promise<SendTarget | { pause: string; needsToken?: boolean }> {
  if (offer.page.tokenStatus === "needs_token") return { pause: OFFER_REASONS.tokenInvalid };
  // Meta blocked the page's messaging: nothing may go out; the offer continues when the block is lifted.
  if (offer.page.policyState === "blocked") return { pause: OFFER_REASONS.policyBlocked };
  const token = decryptSecret(offer.page.accessTokenEnc);
  let attachmentId = offer.attachmentId;
  if (offer.type === "image" && !attachmentId) {
    try {
      attachmentId = await uploadImageAttachment(offer.page.facebookPageId, token, offer.imageUrl ?? "");
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return error.kind === "token_invalid" ? { pause: OFFER_REASONS.tokenInvalid, needsToken: true } : { pause: OFFER_REASONS.imageUpload(error.message) };
    }
    await db.offer.update({ where: { id: offer.id }, data: { attachmentId } });
  }
  const text = offer.message ?? "";
  const imageId = attachmentId ?? "";
  const textFitsInstagram = fitsInstagram(text);
  // The Send API's message.metadata comes back in the echo: it names our ledger row (confirm-echo.ts).
  // Instagram takes 1000 bytes of text, and images by URL only (no attachment id): its people get the
  // image by its link, and a longer text not at all.
  const messageFor = (recipientId: string, channel: Channel): OutgoingMessage | { skip: string } => {
    const metadata = offerMetadata(recipientId);
    const instagram = channel === "instagram";
    if (offer.type === "image") {
      const payload = instagram ? { url: offer.imageUrl ?? "", is_reusable: true } : { attachment_id: imageId };
      return { attachment: { type: "image", payload }, metadata };
    }
    return instagram && !textFitsInstagram ? { skip: RECIPIENT_REASONS.instagramTooLong } : { text, metadata };
  };
  return {
    offerId: offer.id,
    pageId: offer.pageId,
    facebookPageId: offer.page.facebookPageId,
    instagramId: offer.page.instagram?.instagramId ?? null,
    token,
    ratePerSecond: env().OFFER_RATE_PER_SECOND,
    includeSpam: offer.includeSpam,
    messageFor,
    isOfferMessage: (m) => (offer.type === "image" ? m.hasAttachments && !m.text : m.text === text),
  };
}
