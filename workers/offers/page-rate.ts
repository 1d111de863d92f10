import { redis } from "@/server/redis";
import { LEASE_MS, type OfferLease } from "@/workers/offers/lease";
import type { Channel } from "@/lib/inbox/channels";

// The per-page send rate, shared by every worker and every offer of the page: each send reserves the
// page's next slot in Redis (slots 1/rate apart, on Redis's clock): 40/s means one message every 25 ms.
// A run that fell behind (a slow database answer, a busy CPU) may catch up by at most CATCH_UP_SLOTS
// slots, so the long-run rate stays the configured one while no one-second window ever holds more than
// rate + CATCH_UP_SLOTS messages; lateness beyond that is forgiven, never repaid as a burst. The same
// script checks and renews the run's lease (taking it back if it expired with nobody else holding it, as
// OfferLease.renew does), so a run that lost its lease to another never sends again.
// Each channel of the page has its own slots: Messenger's are the Page inbox's (the ~40 msg/s it can show),
// Instagram's the linked account's, so a run that reaches both spends neither's budget on the other.

const SLOT_TTL_MS = 60_000;
export const CATCH_UP_SLOTS = 4;

const RESERVE = `
local holder = redis.call('GET', KEYS[2])
if holder == false then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
elseif holder ~= ARGV[2] then return -1
else redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local stored = tonumber(redis.call('GET', KEYS[1]) or '-1')
local slot = now
if stored >= 0 then slot = math.max(stored, now - interval * tonumber(ARGV[5])) end
redis.call('SET', KEYS[1], string.format('%.0f', slot + interval), 'PX', ARGV[4])
return string.format('%.0f', math.max(0, slot - now))`;

const PUSH_BACK = `
local t = redis.call('TIME')
local until_us = tonumber(t[1]) * 1000000 + tonumber(t[2]) + tonumber(ARGV[1])
local slot = math.max(until_us, tonumber(redis.call('GET', KEYS[1]) or '0'))
redis.call('SET', KEYS[1], string.format('%.0f', slot), 'PX', ARGV[2])
return 1`;

const rateKey = (pageId: string, channel: Channel) => (channel === "messenger" ? `offers:rate:${pageId}` : `offers:rate:${pageId}:${channel}`);

/** Milliseconds to wait before this send may go, or null when the lease is gone. */
export async function reserveSendSlot(pageId: string, channel: Channel, ratePerSecond: number, lease: OfferLease): Promise<number | null> {
  const intervalUs = Math.round(1_000_000 / ratePerSecond);
  const waitUs = Number(await redis().eval(RESERVE, 2, rateKey(pageId, channel), lease.key, intervalUs, lease.token, LEASE_MS, SLOT_TTL_MS, CATCH_UP_SLOTS));
  if (waitUs < 0) {
    lease.lost = true;
    return null;
  }
  return waitUs / 1000;
}

/** Facebook said "too fast": nobody sends on this channel of the page before `ms` from now. */
export async function pushBackPage(pageId: string, channel: Channel, ms: number): Promise<void> {
  await redis().eval(PUSH_BACK, 1, rateKey(pageId, channel), Math.round(ms * 1000), Math.max(SLOT_TTL_MS, ms * 2));
}

/**
 * A run's slots on one channel, one reserved ahead: while one person's claim and Send API call are in flight, the next
 * slot's reservation already is too, so the Redis round trip is off the critical path. Deadlines are local
 * (performance.now) and never earlier than the reserved slot.
 */
export class Pacer {
  private ahead: Promise<number | null> | null = null;

  constructor(
    private readonly pageId: string,
    private readonly channel: Channel,
    private readonly ratePerSecond: number,
    private readonly lease: OfferLease,
  ) {}

  /** The local deadline of this send's slot, or null when the lease is gone. */
  async take(): Promise<number | null> {
    const current = this.ahead ?? this.reserve();
    this.ahead = null;
    const deadline = await current;
    if (deadline !== null) this.ahead = this.reserve();
    return deadline;
  }

  /** Forgets the slot reserved ahead: after a back-off it would be too early. */
  drop(): void {
    this.ahead = null;
  }

  private reserve(): Promise<number | null> {
    const pending = reserveSendSlot(this.pageId, this.channel, this.ratePerSecond, this.lease).then((wait) => (wait === null ? null : performance.now() + wait));
    pending.catch(() => {}); // awaited by take(); a dropped reservation must not become an unhandled rejection
    return pending;
  }
}
