import { randomBytes } from "node:crypto";
import { redis } from "@/server/redis";

// One runner per offer. A run holds a short lease in Redis and renews it as it works (every send and
// every second); a killed worker's lease expires within LEASE_MS, after which the watchdog queues a new
// run. Because only the lease holder claims ledger rows, a new holder knows that every row still
// "claimed" belongs to a dead run.

export const LEASE_MS = 5_000;
const POLL_MS = 250;

export const leaseKey = (offerId: string) => `offers:lease:${offerId}`;

// Renewing also takes back a lease that expired while nobody else took it (a stall of the worker longer
// than LEASE_MS): no other run has touched the offer's rows, so this run may simply go on.
const RENEW = `local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if holder == false then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export class OfferLease {
  lost = false;

  constructor(
    readonly offerId: string,
    readonly token: string,
  ) {}

  get key(): string {
    return leaseKey(this.offerId);
  }

  /** Extends (or takes back) the lease; false (and `lost`) when another run holds it now. */
  async renew(): Promise<boolean> {
    const renewed = (await redis().eval(RENEW, 1, this.key, this.token, LEASE_MS)) === 1;
    if (!renewed) this.lost = true;
    return renewed;
  }

  async release(): Promise<void> {
    await redis().eval(RELEASE, 1, this.key, this.token).catch(() => {});
  }
}

/**
 * Takes the offer's lease, waiting up to `waitMs` for a finishing run to let go (a resume right after a
 * pause). null when another run is alive: it does the work.
 */
export async function acquireLease(offerId: string, waitMs = LEASE_MS + 1_000): Promise<OfferLease | null> {
  const token = randomBytes(12).toString("hex");
  const deadline = Date.now() + waitMs;
  for (;;) {
    if ((await redis().set(leaseKey(offerId), token, "PX", LEASE_MS, "NX")) === "OK") return new OfferLease(offerId, token);
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function leaseHeld(offerId: string): Promise<boolean> {
  return (await redis().exists(leaseKey(offerId))) === 1;
}
