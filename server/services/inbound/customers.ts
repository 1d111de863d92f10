import { ingestPool } from "@/server/db/direct";
import { UUID_V7_EXPRESSION } from "@/server/db/uuid";
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

// Customer and conversation in one round trip. A CTE's SELECT does not see rows its own INSERT made, so
// each "new or existing" is a UNION of the two. profile_fetched_at stays NULL: the lookup comes after the
// message is shown (profile-lookup.ts). updated_at has no database default (Prisma's @updatedAt).
const FIRST_CONTACT_SQL = `
    WITH new_customer AS (
      INSERT INTO customers (id, page_id, channel, psid, name) VALUES (${UUID_V7_EXPRESSION}, $1::uuid, $4::"Channel", $2, $3)
      ON CONFLICT (page_id, channel, psid) DO NOTHING
      RETURNING id, name, avatar_url, profile_fetched_at
    ), customer AS (
      SELECT * FROM new_customer
      UNION ALL
      SELECT id, name, avatar_url, profile_fetched_at FROM customers WHERE page_id = $1::uuid AND channel = $4::"Channel" AND psid = $2
    ), new_conversation AS (
      INSERT INTO conversations (id, page_id, customer_id, channel, last_message_at, updated_at)
      SELECT ${UUID_V7_EXPRESSION}, $1::uuid, id, $4::"Channel", 'epoch', now() FROM customer
      ON CONFLICT (customer_id) DO NOTHING
      RETURNING id, customer_id
    )
    SELECT c.id, c.name, c.avatar_url AS "avatarUrl", c.profile_fetched_at IS NULL AND c.name = $3 AS "needsProfile",
           coalesce(n.id, (SELECT id FROM conversations WHERE customer_id = c.id)) AS "conversationId"
      FROM customer c LEFT JOIN new_conversation n ON n.customer_id = c.id`;

type Contact = { id: string; name: string; avatarUrl: string | null; needsProfile: boolean; conversationId: string | null };

/**
 * The customer behind a PSID on a page and their conversation, created on first contact with the fallback
 * name — one statement, and nothing else waits: the profile lookup runs after the message is shown.
 */
export async function findOrCreateContact(page: PageRef, psid: string): Promise<KnownCustomer & { conversationId: string }> {
  for (let attempt = 0; ; attempt++) {
    const { rows } = await ingestPool().query<Contact>({ name: "webhook-first-contact", text: FIRST_CONTACT_SQL, values: [page.id, psid, fallbackCustomerName(psid), page.channel ?? "messenger"] });
    const row = rows[0];
    // Another worker created the row after this statement's snapshot began (seen by neither half): again.
    if (row?.conversationId) return { ...row, psid, conversationId: row.conversationId };
    if (attempt >= 2) throw new Error(`could not create or find the customer ${psid} on page ${page.id}`);
  }
}

