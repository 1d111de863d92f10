import { db } from "@/server/db";
import { env } from "@/server/env";
import { uploadImageAttachment, type OutgoingMessage } from "@/server/integrations/meta/graph-client";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { decryptSecret } from "@/server/security/secret-box";
import { offerMetadata } from "@/server/services/offers/confirm-echo";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import type { SendTarget } from "@/workers/offers/context";

// Everything a run needs before its first send: the offer and its page, the page token, and for an image
// offer the image uploaded to Facebook once (attachment id kept on the offer and reused for every person).

export async function loadOffer(offerId: string) {
  return db.offer.findUnique({
    where: { id: offerId },
    select: {
      id: true, companyId: true, pageId: true, status: true, type: true, message: true, imageUrl: true, attachmentId: true, tags: true, exclude: true, includeSpam: true,
      page: { select: { facebookPageId: true, accessTokenEnc: true, tokenStatus: true, policyState: true } },
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
  // The Send API's message.metadata comes back in the echo: it names our ledger row (confirm-echo.ts).
  const messageFor = (recipientId: string): OutgoingMessage => {
    const metadata = offerMetadata(recipientId);
    return offer.type === "image" ? { attachment: { type: "image", payload: { attachment_id: imageId } }, metadata } : { text, metadata };
  };
  return {
    offerId: offer.id,
    pageId: offer.pageId,
    facebookPageId: offer.page.facebookPageId,
    token,
    ratePerSecond: env().OFFER_RATE_PER_SECOND,
    includeSpam: offer.includeSpam,
    messageFor,
    isOfferMessage: (m) => (offer.type === "image" ? m.hasAttachments && !m.text : m.text === text),
  };
}
