import { firstRow, prepared, sqlDb } from "@/server/db/sql/run";
import { profileUpdateSql } from "@/server/db/sql/customers";
import { fetchProfile } from "@/server/integrations/meta/graph-client";
import { emitToRooms } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { toConversationListItem } from "@/server/services/conversations/serialize";
import { toListRow } from "@/server/services/conversations/conversation-summary";
import { accountOf, channelOf, type IngestPage } from "@/server/services/inbound/ingest-context";
import { fetchInstagramProfile, instagramDisplayName } from "@/server/integrations/meta/graph-instagram";
import { customerOrder, customerOrderKey } from "@/server/concurrency/in-order";
import { decryptSecret } from "@/server/security/secret-box";
import { GateCancelled, GateFull, pacedGate } from "@/server/concurrency/paced-gate";
import { burstHold } from "@/server/concurrency/burst-hold";
import { logger } from "@/server/observability/log";

// A first contact is stored and shown with the fallback name at once; the Graph profile lookup (a network
// call of tens of ms, seconds when Meta is slow) runs afterwards, here, and the name and avatar reach the
// agents as a conversation-updated. Deduplicated per customer. One new customer's name comes at once; in a
// burst of new customers the lookups wait until the burst has passed (burst-hold.ts, at most 3 s) and then
// come over seconds (paced-gate.ts): 200 first contacts in one second used to bring 200 Graph calls, 400
// statements and 200 fan-outs into the same second as their messages, and with them a socket p95 of
// 100–150 ms in that second. A lookup lost in a crash is made again on the customer's next message (still
// the placeholder name, profile_fetched_at NULL: ingest-context.ts).

export type ProfileTarget = { page: IngestPage; customerId: string; psid: string; conversationId: string };

/**
 * 8 Graph calls at most at once; 10 at once after a quiet spell, then 25 a second (200 new names in ~8 s).
 * At most 2 000 wait (80 s of lookups): first contacts that come faster than that for longer keep the
 * fallback name, and their lookup is made on their next message (profile_fetched_at stays NULL).
 */
const gate = pacedGate({ concurrent: 8, burst: 10, perSecond: 25, maxWaiting: 2_000 });
/** Lookups refused while the backlog was full, reported once a minute at most. */
let refused = 0;
let refusedReportedAt = 0;
/** More than 10 first contacts within a second is a burst: their lookups wait until it is over, 3 s at most. */
const hold = burstHold({ windowMs: 1000, size: 10, maxHoldMs: 3000, recheckMs: 200 });
/** How long a new name overrides the one a batch read before the update committed (see freshProfile). */
const REMEMBER_MS = 60_000;

const inFlight = new Map<string, Promise<void>>();
/** Customers whose lookup waits for a burst to pass. */
const held = new Set<string>();
const recent = new Map<string, { name: string; avatarUrl: string | null }>();

/** Starts the lookup unless one runs for this customer; never throws, never waits. */
export function lookUpProfileLater(target: ProfileTarget): void {
  if (inFlight.has(target.customerId) || held.has(target.customerId) || recent.has(target.customerId)) return;
  held.add(target.customerId);
  hold.request(() => {
    held.delete(target.customerId);
    const run = gate
      .run(() => lookUp(target))
      .catch((error: Error) => {
        if (error instanceof GateFull) return reportRefused();
        if (!(error instanceof GateCancelled)) logger().error(`profile update for ${target.psid} failed: ${error.message}`);
      })
      .finally(() => inFlight.delete(target.customerId));
    inFlight.set(target.customerId, run);
  });
}

function reportRefused(): void {
  refused++;
  if (performance.now() - refusedReportedAt < 60_000) return;
  refusedReportedAt = performance.now();
  logger().warn(`${refused} profile lookups not queued: 2 000 already wait; each is made on that customer's next message`);
  refused = 0;
}

/**
 * The name a lookup found moments ago: a batch whose context was read before the update committed still
 * holds the fallback name, and its new-message must not put that back on the agents' screens.
 */
export function freshProfile(customerId: string): { name: string; avatarUrl: string | null } | undefined {
  return recent.get(customerId);
}

/**
 * Worker shutdown: drops the lookups still waiting for their turn (each is made again on that customer's
 * next message) and resolves once the running ones are done.
 */
export async function stopProfileLookups(): Promise<void> {
  const dropped = hold.cancelHeld() + gate.cancelWaiting();
  held.clear();
  if (dropped) logger().info(`${dropped} waiting profile lookups dropped at shutdown; each is made again on the customer's next message`);
  while (inFlight.size) await Promise.allSettled([...inFlight.values()]);
}

async function lookUp(target: ProfileTarget): Promise<void> {
  let found: { name: string | null; avatarUrl: string | null } = { name: null, avatarUrl: null };
  try {
    // Read here rather than kept with the page: an updated token applies at once.
    const page = await firstRow(prepared("profile-page-token", sqlDb().selectFrom("pages").select("access_token_enc").where("id", "=", target.page.id)), { on: "ingest" });
    if (!page) throw new Error("the page is gone");
    found = await profileOf(target, decryptSecret(page.access_token_enc));
  } catch (error) {
    // The fallback name stays; the attempt is recorded below so it is not retried on every message.
    logger().warn(`profile lookup failed for ${target.psid}: ${(error as Error).message}`);
  }
  // In the customer's queue: this update's event lands between that customer's new-message events, in order.
  await customerOrder.run(customerOrderKey(accountOf(target.page), target.psid), async () => {
    // Only the first lookup writes (another worker may have done it); the attempt is recorded either way. The
    // conversation's list item comes back from the same statement: a burst of first contacts is a burst of
    // these, each one round trip (docs/performance/history-2026-11.md §6).
    const row = await firstRow(profileUpdateSql(target.customerId, target.conversationId, found), { on: "ingest" });
    if (!row || (!found.name && !found.avatarUrl)) return;
    recent.set(target.customerId, { name: row.name, avatarUrl: row.avatar_url });
    setTimeout(() => recent.delete(target.customerId), REMEMBER_MS).unref();
    if (!row.last_message_at) return; // the conversation is gone
    const { page } = target;
    const customer = { id: target.customerId, psid: target.psid, name: row.name, avatarUrl: row.avatar_url };
    const item = toConversationListItem(toListRow(target.conversationId, row, customer, { id: page.id, name: page.name, facebookPageId: page.facebookPageId }));

    emitToRooms([pageRoom(page.id), conversationRoom(target.conversationId)], SERVER_EVENTS.conversationUpdated, {
      conversation: item,
      pageId: page.id,
      conversationId: target.conversationId,
    });
  });
}

/** Messenger: first and last name (GET /{psid}); Instagram: name, else @username (GET /{igsid}). */
async function profileOf(target: ProfileTarget, token: string): Promise<{ name: string | null; avatarUrl: string | null }> {
  if (channelOf(target.page) === "instagram") {
    const profile = await fetchInstagramProfile(target.psid, token);
    return { name: instagramDisplayName(profile), avatarUrl: profile.profilePic ?? null };
  }
  const profile = await fetchProfile(target.psid, token);
  return { name: [profile.firstName, profile.lastName].filter(Boolean).join(" ").trim() || null, avatarUrl: profile.profilePic ?? null };
}
