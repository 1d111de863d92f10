import { randomUUID } from "node:crypto";
import { redis, pubSubScope } from "@/server/redis";
import type { FeedMark, FeedEntry } from "@/lib/contract/socket-events";

// A Page's feed (issue 41): every event to a Page's room carries the Page's next sequence number, and the
// last FEED_LENGTH events are kept in a Redis stream beside it. A browser that sees a number skipped, or that
// reconnects, asks for what came after the last one it has (`catch-up`) and gets exactly those events; it
// refetches only when they are gone (the stream was trimmed past them, or Redis lost its data: a new epoch).
// Sequencing happens where the event is sent, in the app or the worker, in one script: the number, the
// stream entry and the epoch together. One process's events for a Page go out in the order of their numbers
// (one connection answers in order); two processes' may cross on the wire, which a browser waits a moment
// for before it calls a skipped number missing.

/**
 * Events kept per Page for catch-up (~1–2 KB each): enough for a reconnect or a lost publish on a busy Page;
 * a browser away for longer refetches. Redis holds at most this many per Page active in the last FEED_TTL_S.
 */
export const FEED_LENGTH = 500;
/** A Page's feed outlives its last event by 10 minutes; a browser that comes back later refetches. */
const FEED_TTL_S = 600;
/**
 * How long an event announced "once" (a stored message's new-message) remembers it went out: longer than a
 * killed worker's batch takes to be taken again (BullMQ's stalled check, under a minute), so its replay does
 * not announce twice what went out the first time; ~100 bytes per message.
 */
const ONCE_TTL_S = 300;

const keys = (pageId: string, once: string) => {
  const base = `switchboard:${pubSubScope()}:feed:${pageId}`;
  return { seq: `${base}:seq`, stream: `${base}:events`, epoch: `${base}:epoch`, once: once ? `${base}:once:${once}` : "" };
};

// KEYS: seq, stream, epoch, the once-key ('' for none). ARGV: the event as JSON, the feed's length, a new
// epoch (used when there is none). Returns {epoch, 0} for an event that went out before (its once-key is set).
const APPEND = `
if KEYS[4] ~= '' and not redis.call('SET', KEYS[4], '1', 'NX', 'EX', ${ONCE_TTL_S}) then
  return {'', 0}
end
local epoch = redis.call('GET', KEYS[3])
if not epoch then
  epoch = ARGV[3]
  redis.call('SET', KEYS[3], epoch, 'EX', ${FEED_TTL_S})
  redis.call('DEL', KEYS[1], KEYS[2])
else
  redis.call('EXPIRE', KEYS[3], ${FEED_TTL_S})
end
local seq = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ${FEED_TTL_S})
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], seq .. '-0', 'e', ARGV[1])
redis.call('EXPIRE', KEYS[2], ${FEED_TTL_S})
return {epoch, seq}`;

/**
 * The next number of the Page's feed for this event, the event kept for catch-up; null when Redis did not
 * answer; "sent before" for an event with a `once` name that was appended already (a replay's announce).
 */
export async function appendToFeed(pageId: string, event: string, payload: unknown, once = ""): Promise<FeedMark | null | "sent before"> {
  const k = keys(pageId, once);
  try {
    const [epoch, seq] = (await redis().eval(APPEND, 4, k.seq, k.stream, k.epoch, k.once, JSON.stringify({ event, payload }), String(FEED_LENGTH), randomUUID())) as [string, number];
    if (!epoch) return "sent before";
    return { epoch, seq: Number(seq) };
  } catch {
    return null; // Redis away: the event goes out unnumbered, and Redis's return announces a resync (resync.ts)
  }
}

/** Where the Page's feed stands: what a joining socket starts from. */
export async function feedMark(pageId: string): Promise<FeedMark | null> {
  const k = keys(pageId, "");
  const [epoch, seq] = await redis().mget(k.epoch, k.seq);
  return epoch ? { epoch, seq: Number(seq ?? 0) } : null;
}

/**
 * The events after `after` in the feed of epoch `epoch`, in order; null when the feed cannot say (another
 * epoch, or the first of them was trimmed away, or more than the feed keeps): then the caller refetches.
 */
export async function feedSince(pageId: string, epoch: string, after: number): Promise<FeedEntry[] | null> {
  const k = keys(pageId, "");
  const [current, last] = await redis().mget(k.epoch, k.seq);
  if (current !== epoch) return null;
  const newest = Number(last ?? 0);
  if (newest <= after) return [];
  if (newest - after > FEED_LENGTH) return null;
  const rows = await redis().xrange(k.stream, `${after + 1}-0`, "+", "COUNT", FEED_LENGTH);
  const entries = rows.map(([id, fields]) => ({ seq: Number(id.split("-")[0]), ...(JSON.parse(fields[1]!) as { event: string; payload: unknown }) }));
  if (entries[0]?.seq !== after + 1) return null;
  return entries.map((e) => ({ event: e.event, payload: e.payload, feed: { epoch, seq: e.seq } }));
}
