import { firstRow } from "@/server/db/sql/run";
import { firstContactSql } from "@/server/db/sql/customers";
import type { Channel } from "@/lib/inbox/channels";

type PageRef = { id: string; channel?: Channel };

/**
 * A customer who wrote before, with their conversation: what a message from them needs. `needsProfile`:
 * their profile was never looked up (a first contact whose lookup has not finished, or was lost in a crash).
 */
export type KnownCustomer = {
  id: string;
  psid: string;
  name: string;
  avatarUrl: string | null;
  conversationId: string | null;
  needsProfile?: boolean;
  /** Who controls the thread (handover protocol) as the batch read it: app | page_inbox | other_app | null. */
  threadOwner?: string | null;
};

/** A PSID and an IGSID are ids of different channels: the same digits on both are two people. */
export const customerKey = (pageId: string, channel: Channel, psid: string) => `${pageId}:${channel}:${psid}`;

/** A readable name when Meta gives none (yet): "Customer 4821" from the PSID's last digits, not "John Doe". */
export function fallbackCustomerName(psid: string): string {
  return `Customer ${psid.slice(-4)}`;
}

/**
 * The customer behind a PSID on a page and their conversation, created on first contact with the fallback
 * name — one statement, and nothing else waits: the profile lookup runs after the message is shown.
 */
export async function findOrCreateContact(page: PageRef, psid: string): Promise<KnownCustomer & { conversationId: string }> {
  for (let attempt = 0; ; attempt++) {
    // Customer and conversation in one round trip (server/db/sql/customers.ts).
    const row = await firstRow(firstContactSql(page.id, page.channel ?? "messenger", psid, fallbackCustomerName(psid)), { on: "ingest" });
    // Another worker created the row after this statement's snapshot began (seen by neither half): again.
    if (row?.conversationId) return { ...row, psid, conversationId: row.conversationId };
    if (attempt >= 2) throw new Error(`could not create or find the customer ${psid} on page ${page.id}`);
  }
}

