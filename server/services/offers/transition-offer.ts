import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { OfferStatus, Prisma } from "@/server/generated/prisma/client";
import { AppError } from "@/server/http/errors";
import { findVisibleOffer } from "@/server/services/offers/find-offer";
import { emitOfferProgress } from "@/server/services/offers/emit-progress";
import { offerSelect, toApiOffer, toOfferRow } from "@/server/services/offers/serialize";

type Transition = { from: OfferStatus[]; data: (offer: Awaited<ReturnType<typeof findVisibleOffer>>) => Prisma.OfferUpdateManyMutationInput; verb: string };

/**
 * Moves an offer between states atomically (`UPDATE … WHERE status IN from`), so a pause racing the
 * worker's completion cannot resurrect a finished offer. 409 when the offer is in no state to move.
 */
export async function transitionOffer(actor: Actor, id: string, transition: Transition) {
  const offer = await findVisibleOffer(actor, id);
  const { count } = await db.offer.updateMany({ where: { id: offer.id, status: { in: transition.from } }, data: transition.data(offer) });
  if (!count) {
    const current = await db.offer.findUniqueOrThrow({ where: { id: offer.id }, select: { status: true } });
    throw new AppError("conflict", `This offer is ${current.status} and cannot be ${transition.verb}`, { status: current.status });
  }
  const row = toOfferRow(await db.offer.findUniqueOrThrow({ where: { id: offer.id }, select: offerSelect }));
  emitOfferProgress(row);
  return { offer, api: toApiOffer(row) };
}
