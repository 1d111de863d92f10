import { db } from "@/server/db";
import { createOrFind } from "@/server/db-unique";
import { decryptSecret } from "@/server/security/secret-box";
import { fetchProfile } from "@/server/messenger/graph-client";

type PageRef = { id: string };

/** A customer who wrote before, with their conversation: what a message from them needs. */
export type KnownCustomer = { id: string; psid: string; name: string; avatarUrl: string | null; conversationId: string | null };

export const customerKey = (pageId: string, psid: string) => `${pageId}:${psid}`;

/** A readable name when Meta gives none: "Customer 4821" from the PSID's last digits, not "John Doe". */
export function fallbackCustomerName(psid: string): string {
  return `Customer ${psid.slice(-4)}`;
}

/**
 * The customer behind a PSID on a page; created on first contact with the name and avatar from the profile
 * API. A failed lookup never blocks the message: the fallback name is used and the lookup is not retried
 * on every message (profileFetchedAt records the attempt).
 */
export async function findOrCreateCustomer(page: PageRef, psid: string) {
  const existing = await db.customer.findUnique({ where: { pageId_psid: { pageId: page.id, psid } } });
  if (existing) return existing;

  let name = fallbackCustomerName(psid);
  let avatarUrl: string | null = null;
  try {
    // Read here rather than kept with the page: only first contacts need it, and an updated token applies at once.
    const { accessTokenEnc } = await db.page.findUniqueOrThrow({ where: { id: page.id }, select: { accessTokenEnc: true } });
    const profile = await fetchProfile(psid, decryptSecret(accessTokenEnc));
    const full = [profile.firstName, profile.lastName].filter(Boolean).join(" ").trim();
    if (full) name = full;
    avatarUrl = profile.profilePic ?? null;
  } catch (error) {
    console.warn(`[switchboard] profile lookup failed for ${psid}: ${(error as Error).message}`);
  }
  // Two events for a new customer may race here: the unique (page, psid) makes the loser read the winner.
  return createOrFind(
    () => db.customer.create({ data: { pageId: page.id, psid, name, avatarUrl, profileFetchedAt: new Date() } }),
    () => db.customer.findUnique({ where: { pageId_psid: { pageId: page.id, psid } } }),
  );
}

export async function findOrCreateConversation(pageId: string, customerId: string) {
  const existing = await db.conversation.findUnique({ where: { customerId } });
  if (existing) return existing;
  return createOrFind(
    () => db.conversation.create({ data: { pageId, customerId, lastMessageAt: new Date(0) } }),
    () => db.conversation.findUnique({ where: { customerId } }),
  );
}

