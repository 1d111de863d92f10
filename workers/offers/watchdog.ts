import { db } from "@/server/db";
import { kickOffer, ensureOffersWatchdog, stopOffersWatchdog } from "@/server/services/offers/queue";
import { leaseHeld } from "@/workers/offers/lease";
import { logger } from "@/server/observability/log";

// The `resume-offers` job, run every few seconds by a BullMQ job scheduler while offers are active. A
// running offer without a lease has no live run (its worker died): it is queued again. A scheduled offer
// that has not started for minutes lost its job (it failed, or Redis lost it): it is queued again too.
// With nothing active the scheduler removes itself; scheduling or resuming an offer starts it again.

const SCHEDULED_GRACE_MS = 2 * 60_000;

export async function resumeStalledOffers(): Promise<{ kicked: string[] }> {
  const active = await db.offer.findMany({
    where: { OR: [{ status: "running" }, { status: "scheduled", scheduledAt: { lt: new Date(Date.now() - SCHEDULED_GRACE_MS) } }] },
    select: { id: true },
  });
  const kicked: string[] = [];
  for (const { id } of active) {
    if (!(await leaseHeld(id)) && (await kickOffer(id))) kicked.push(id);
  }
  if (kicked.length) logger().info(`offers watchdog re-queued ${kicked.length} offer(s): ${kicked.join(", ")}`);
  if (!active.length && !(await db.offer.count({ where: { status: { in: ["scheduled", "running"] } } }))) {
    await stopOffersWatchdog();
    // An offer scheduled while we were removing it must not lose its watchdog.
    if (await db.offer.count({ where: { status: { in: ["scheduled", "running"] } } })) await ensureOffersWatchdog();
  }
  return { kicked };
}
