import type { Actor } from "@/server/services/auth/actor";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import { transitionOffer } from "@/server/services/offers/transition-offer";

/** POST /api/offers/{id}/pause — the worker stops before its next recipient (within about a second). */
export async function pauseOffer(actor: Actor, id: string) {
  const { api } = await transitionOffer(actor, id, {
    from: ["scheduled", "running"],
    data: () => ({ status: "paused", statusReason: OFFER_REASONS.pausedBy(actor.name) }),
    verb: "paused",
  });
  return api;
}
