import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TAway } from "@/lib/schemas/fair-queue";
import type { AwayState } from "@/lib/contract/queue-api";
import { handOutAfter } from "@/server/services/ownership/fair-queue";

// An agent's "away" (docs/PRODUCT.md §13.4): away, they get nothing from the fair queue, whatever their
// capacity; what they already own stays theirs. Back, they may be handed what waits at once.

/** GET /api/inbox/away */
export async function getAway(actor: Actor): Promise<AwayState> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { isAway: true } });
  return { away: user.isAway };
}

/** PUT /api/inbox/away {away} */
export async function setAway(actor: Actor, input: TAway): Promise<AwayState> {
  const { count } = await db.user.updateMany({ where: { id: actor.id, isAway: !input.away }, data: { isAway: input.away } });
  if (count && !input.away && actor.companyId) await handOutAfter("an agent came back", { companyId: actor.companyId });
  return { away: input.away };
}
