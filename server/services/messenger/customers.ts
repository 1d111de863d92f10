import { ingestPool } from "@/server/db-direct";
import { UUID_V7_EXPRESSION } from "@/server/db-uuid";

type PageRef = { id: string };

/**
 * A customer who wrote before, with their conversation: what a message from them needs. `needsProfile`:
 * their profile was never looked up (a first contact whose lookup has not finished, or was lost in a crash).
 */
export type KnownCustomer = { id: string; psid: string; name: string; avatarUrl: string | null; conversationId: string | null; needsProfile?: boolean };

export const customerKey = (pageId: string, psid: string) => `${pageId}:${psid}`;

/** A readable name when Meta gives none (yet): "Customer 4821" from the PSID's last digits, not "John Doe". */
export function fallbackCustomerName(psid: string): string {
  return `Customer ${psid.slice(-4)}`;
}

// Customers and their conversations in one round trip, for one first contact or a whole batch's. A CTE's
// SELECT does not see rows its own INSERT made, so each "new or existing" is a UNION of the two.
// profile_fetched_at stays NULL: the lookup comes after the message is shown (profile-lookup.ts). updated_at
// has no database default (Prisma's @updatedAt). needsProfile: still the fallback name, never looked up.
const FIRST_CONTACTS_SQL = `
    WITH input AS (
      SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]) AS w(page_id, psid, name)
    ), new_customer AS (
      INSERT INTO customers (id, page_id, psid, name) SELECT ${UUID_V7_EXPRESSION}, page_id, psid, name FROM input
      ON CONFLICT (page_id, psid) DO NOTHING
      RETURNING id, page_id, psid, name, avatar_url, profile_fetched_at
    ), customer AS (
      SELECT * FROM new_customer
      UNION ALL
      SELECT u.id, u.page_id, u.psid, u.name, u.avatar_url, u.profile_fetched_at
        FROM customers u JOIN input i ON u.page_id = i.page_id AND u.psid = i.psid
    ), new_conversation AS (
      INSERT INTO conversations (id, page_id, customer_id, last_message_at, updated_at)
      SELECT ${UUID_V7_EXPRESSION}, page_id, id, 'epoch', now() FROM customer
      ON CONFLICT (customer_id) DO NOTHING
      RETURNING id, customer_id
    )
    SELECT c.id, c.page_id AS "pageId", c.psid, c.name, c.avatar_url AS "avatarUrl",
           c.profile_fetched_at IS NULL AND c.name = 'Customer ' || right(c.psid, 4) AS "needsProfile",
           coalesce(n.id, (SELECT id FROM conversations WHERE customer_id = c.id)) AS "conversationId"
      FROM customer c LEFT JOIN new_conversation n ON n.customer_id = c.id`;

type Contact = { id: string; pageId: string; psid: string; name: string; avatarUrl: string | null; needsProfile: boolean; conversationId: string | null };
export type ResolvedContact = KnownCustomer & { conversationId: string };

/**
 * The customers behind these PSIDs and their conversations, created on first contact with the fallback
 * name — one statement for all of them (a burst of new people: one round trip per batch, not per person),
 * and nothing else waits: the profile lookups run after the messages are shown. Keyed by customerKey.
 */
export async function findOrCreateContacts(people: { pageId: string; psid: string }[]): Promise<Map<string, ResolvedContact>> {
  const found = new Map<string, ResolvedContact>();
  let missing = [...new Map(people.map((p) => [customerKey(p.pageId, p.psid), p])).values()];
  for (let attempt = 0; missing.length; attempt++) {
    if (attempt > 2) throw new Error(`could not create or find the customers ${missing.map((p) => `${p.psid} on page ${p.pageId}`).join(", ")}`);
    const { rows } = await ingestPool().query<Contact>({
      name: "webhook-first-contacts",
      text: FIRST_CONTACTS_SQL,
      values: [missing.map((p) => p.pageId), missing.map((p) => p.psid), missing.map((p) => fallbackCustomerName(p.psid))],
    });
    for (const { pageId, conversationId, ...row } of rows) if (conversationId) found.set(customerKey(pageId, row.psid), { ...row, conversationId });
    // Another worker created a row after this statement's snapshot began (seen by neither half): again.
    missing = missing.filter((p) => !found.has(customerKey(p.pageId, p.psid)));
  }
  return found;
}

/** One person's: see findOrCreateContacts. */
export async function findOrCreateContact(page: PageRef, psid: string): Promise<ResolvedContact> {
  return (await findOrCreateContacts([{ pageId: page.id, psid }])).get(customerKey(page.id, psid))!;
}
