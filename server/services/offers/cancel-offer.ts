import type { Actor } from "@/server/services/auth/actor";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import { transitionOffer } from "@/server/services/offers/transition-offer";

/** POST /api/offers/{id}/cancel — final: nobody else receives it; people not reached stay unsent. */
export async function cancelOffer(actor: Actor, id: string) {
  const { api } = await transitionOffer(actor, id, {
    from: ["scheduled", "running", "paused"],
    data: () => ({ status: "cancelled", statusReason: OFFER_REASONS.cancelledBy(actor.name), completedAt: new Date() }),
    verb: "cancelled",
  });
  return api;
}
