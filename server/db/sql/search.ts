import { sql, type RawBuilder } from "kysely";
import type { Channel } from "@/server/generated/kysely/enums";
import { rows } from "@/server/db/sql/run";

// The SQL of conversation search (search-conversations.ts says when each runs). Every statement keeps to
// the page and the list's filters through filtersSql, and orders by (last_message_at, id) desc.

/**
 * A search statement, run unnamed on the app's pool, so Postgres plans each for its own term, as the
 * strategies expect. Not through Prisma's client: each cost 1.5–3 ms of the app's CPU there, more than most
 * of them take in Postgres (docs/performance/history-2026-11.md §6).
 */
const query = <T>(statement: RawBuilder<unknown>): Promise<T[]> => rows(statement as RawBuilder<T>);

export type SearchInput = {
  pageId: string;
  term: string;
  isSpam: boolean;
  isImportant: boolean;
  tags: string[];
  /** One channel of the page only; undefined for both. */
  channel?: Channel;
  /** Ownership filter: a user id, null for unassigned, undefined for everyone. */
  assigneeId?: string | null;
  cursor: Key | null;
  offset: number;
  /** Rows wanted: the page size + 1, to tell whether there is a next page. */
  take: number;
};
/**
 * The input and its LIKE pattern; `misses`: conversations whose messages a recent search read without
 * finding the term, as `id:version` (search-misses.ts). Their messages are skipped while the version holds.
 */
export type SearchCtx = { input: SearchInput; pattern: string; misses?: string[] };
export type Key = { at: Date; id: string };

/** The list's other filters and the keyset bounds, on `conversations c` (the tags unless `tags` is false). */
function filtersSql({ input }: SearchCtx, after: Key | null, tags = true) {
  const bound = (k: Key | null) =>
    k ? sql`AND c.last_message_at <= ${k.at.toISOString()}::timestamptz AND (c.last_message_at, c.id) < (${k.at.toISOString()}::timestamptz, ${k.id}::uuid)` : sql``;
  // Not yet listed: a conversation without its first message (list-rows.ts, NOT_YET).
  return sql`c.page_id = ${input.pageId}::uuid AND c.is_spam = ${input.isSpam} AND c.last_message_at > 'epoch'::timestamptz
    ${input.isImportant ? sql`AND c.is_important` : sql``}
    ${input.assigneeId === null ? sql`AND c.assignee_id IS NULL` : input.assigneeId ? sql`AND c.assignee_id = ${input.assigneeId}::uuid` : sql``}
    ${input.channel ? sql`AND c.channel = ${input.channel}::"Channel"` : sql``}
    ${tags && input.tags.length ? sql`AND EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = c.id AND t.name = ANY(${input.tags}::text[]))` : sql``}
    ${bound(input.cursor)} ${bound(after)}`;
}

/**
 * The searched page's messages matching the term, as `messages m`. Never a bare `messages WHERE text ILIKE`:
 * how many rows that finds (and so which plan runs and how long it takes) would depend on other companies'
 * messages, which one company could then measure by timing its searches (docs/SECURITY.md). The page is
 * the message's own page_id (its conversation's, set by a trigger), the first column of the trigram index
 * messages_page_text_trgm_idx: the index scan itself keeps to the page, so the cost follows the page's
 * messages, not the install's (docs/PERFORMANCE.md, "Ten times the data").
 */
function pageMessagesSql({ input, pattern }: SearchCtx) {
  return sql`messages m WHERE m.page_id = ${input.pageId}::uuid AND m.text ILIKE ${pattern}`;
}

const pageSql = (skip: number, take: number) => sql`ORDER BY x.last_message_at DESC, x.id DESC OFFSET ${skip} LIMIT ${take}`;

/**
 * Steps 1 and 2 in one statement: the capped counts, then (each only in its case; Postgres evaluates an
 * uncorrelated ARRAY(…) only when its CASE branch is taken) the page of candidates for a rare term, or, when
 * the matching messages are few (so `m` holds them all), the page from the tagged conversations or from a
 * walk of the inbox. All three are null when the messages are many (step 3).
 */
export async function probe(ctx: SearchCtx, L: { names: number; previews: number; messages: number; tagged: number; walk: number }) {
  const { input, pattern } = ctx;
  const f = filtersSql(ctx, null);
  const page = pageSql(input.offset, input.take);
  const hit = sql`(x.name ILIKE ${pattern} OR x.last_message_text ILIKE ${pattern} OR x.id IN (SELECT id FROM m))`;
  const rare = sql`(k.names <= ${L.names} AND k.previews <= ${L.previews} AND k.messages <= ${L.messages})`;
  const tagged = input.tags.length
    ? sql`(SELECT count(*) FROM (SELECT 1 FROM customer_tags t WHERE t.page_id = ${input.pageId}::uuid AND t.name = ANY(${input.tags}::text[]) LIMIT ${L.tagged + 1}) s)`
    : sql`NULL::bigint`;
  const fewTagged = input.tags.length ? sql`k.tagged <= ${L.tagged}` : sql`false`;
  const [row] = await query<{ names: number; messages: number; candidates: string[] | null; tagged: string[] | null; walked: string[] | null }>(sql`
    WITH n AS (SELECT u.id FROM customers u WHERE u.page_id = ${input.pageId}::uuid AND u.name ILIKE ${pattern} LIMIT ${L.names + 1}),
         v AS (SELECT c.id FROM conversations c WHERE c.page_id = ${input.pageId}::uuid AND c.last_message_text ILIKE ${pattern} LIMIT ${L.previews + 1}),
         m AS (SELECT m.conversation_id AS id FROM ${pageMessagesSql(ctx)} LIMIT ${L.messages + 1}),
         k AS (SELECT (SELECT count(*) FROM n) AS names, (SELECT count(*) FROM v) AS previews, (SELECT count(*) FROM m)::int AS messages,
                      ${tagged} AS tagged)
    SELECT k.names::int AS names, k.messages,
           CASE WHEN ${rare} THEN ARRAY(
             SELECT x.id::text FROM (
                     SELECT c.id, c.last_message_at FROM conversations c WHERE c.customer_id IN (SELECT id FROM n) AND ${f}
               UNION SELECT c.id, c.last_message_at FROM conversations c WHERE c.id IN (SELECT id FROM v) AND ${f}
               UNION SELECT c.id, c.last_message_at FROM conversations c WHERE c.id IN (SELECT id FROM m) AND ${f}
             ) x ${page}) END AS candidates,
           CASE WHEN NOT ${rare} AND k.messages <= ${L.messages} AND ${fewTagged} THEN ARRAY(
             SELECT x.id::text FROM (${taggedHitsSql(ctx)}) x ${page}) END AS tagged,
           CASE WHEN NOT ${rare} AND k.messages <= ${L.messages} AND NOT ${fewTagged} THEN ARRAY(
             SELECT x.id::text FROM (${walkedSql(ctx, null, L.walk)}) x WHERE ${hit} ${page}) END AS walked
      FROM k`);
  return row!;
}

/**
 * The conversations carrying a rare tag that match the term, for sorting: the tagged rows are checked
 * against hashed sets of the page's matching names and previews (each one trigram bitmap scan) and of `m`,
 * so only the hits are looked up. Checking each tagged conversation's row and customer by key instead cost
 * ~8 buffers a row: `lima` + vip at ten times the data, 2 070 tagged rows, 16 443 buffers and 22–25 ms; now
 * 1 786 buffers and ~9 ms, most of it the 2 516 matching names (docs/PERFORMANCE.md).
 * The tag's customer is its conversation's (assign-tags.ts writes both from the conversation, one per customer).
 */
function taggedHitsSql(ctx: SearchCtx) {
  const { input, pattern } = ctx;
  // `= ANY(ARRAY(…))`, not IN: the planner cannot know that the check leaves a few dozen of the tagged rows,
  // and for IN it hashed them against every conversation of the page (98 000 rows, 13 ms at ten times the
  // data); the array makes them lookups by key.
  return sql`SELECT c.id, c.last_message_at FROM conversations c
     WHERE c.id = ANY(ARRAY(SELECT t.conversation_id FROM customer_tags t
                     WHERE t.page_id = ${input.pageId}::uuid AND t.name = ANY(${input.tags}::text[])
                       AND (t.customer_id IN (SELECT u.id FROM customers u WHERE u.page_id = ${input.pageId}::uuid AND u.name ILIKE ${pattern})
                            OR t.conversation_id IN (SELECT v.id FROM conversations v WHERE v.page_id = ${input.pageId}::uuid AND v.last_message_text ILIKE ${pattern})
                            OR t.conversation_id IN (SELECT id FROM m))))
       AND ${filtersSql(ctx, null, false)}`;
}

/** The inbox newest first (after `after`) with the customer's name: the rows every walk checks. */
function walkedSql(ctx: SearchCtx, after: Key | null, rows: number) {
  return sql`SELECT c.id, c.last_message_at, c.last_message_text, c.messages_version, u.name FROM conversations c JOIN customers u ON u.id = c.customer_id
     WHERE ${filtersSql(ctx, after)} ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${rows}`;
}

function hitSql({ input, pattern, misses }: SearchCtx, messages: "own" | "set") {
  // `text || ''` keeps this on the conversation's own messages (not the trigram index); OFFSET 0 stops
  // Postgres from turning it into a hashed set of every matching message.
  const own = sql`EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = x.id AND (m.text || '') ILIKE ${pattern} OFFSET 0)`;
  const inMessages =
    messages === "set"
      ? sql`x.id IN (SELECT m.conversation_id FROM ${pageMessagesSql({ input, pattern })})`
      : misses?.length
        ? // A CASE, so that a remembered miss never reads the messages (an OR may run in any order). The
          // array is a constant of the statement's plan, so Postgres looks rows up in it by hash.
          sql`CASE WHEN x.id::text || ':' || x.messages_version = ANY(${misses}::text[]) THEN false ELSE ${own} END`
        : own;
  return sql`(x.name ILIKE ${pattern} OR x.last_message_text ILIKE ${pattern} OR ${inMessages})`;
}

/** The page of matches among the first `rows` rows of the inbox after `after`. */
export async function walk(ctx: SearchCtx, w: { after: Key | null; messages: "own" | "set"; skip: number; take: number; rows: number }) {
  const found = await query<{ id: string }>(sql`
    SELECT x.id::text AS id FROM (${walkedSql(ctx, w.after, w.rows)}) x WHERE ${hitSql(ctx, w.messages)} ${pageSql(w.skip, w.take)}`);
  return found.map((r) => r.id);
}

/**
 * The first `want` matches among the `stretch` rows after `after` (the newest when null), and the
 * stretch's last row (none when the inbox ends inside it). Short of `want`, the stretch was read to its
 * end, so the hits are all of them. `misses`: the rows read without a match (every row before the last
 * hit, or all of them), with the version of their messages read in the same statement.
 */
export async function stretchHits(ctx: SearchCtx, want: number, stretch: number, after: Key | null = null) {
  const [row] = await query<{ hits: string[]; seen: string[] | null; last_at: Date | null }>(sql`
    SELECT ARRAY(SELECT x.id::text FROM (${walkedSql(ctx, after, stretch)}) x
                  WHERE ${hitSql(ctx, "own")} ORDER BY x.last_message_at DESC, x.id DESC LIMIT ${want}) AS hits,
           s.seen, s.last_at
      FROM (SELECT array_agg(q.id::text || ':' || q.messages_version ORDER BY q.last_message_at DESC, q.id DESC) AS seen, min(q.last_message_at) AS last_at
              FROM (SELECT c.id, c.last_message_at, c.messages_version FROM conversations c WHERE ${filtersSql(ctx, after)}
                     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${stretch}) q) s`);
  const { hits, last_at } = row!;
  const seen = (row!.seen ?? []).map((key) => {
    const [id, version] = key.split(":");
    return { id: id!, version: Number(version) };
  });
  const lastHit = hits.length < want ? seen.length : seen.findIndex((r) => r.id === hits[hits.length - 1]);
  const found = new Set(hits);
  // Both lists come from one snapshot in one order, so the last hit is in `seen`; were it not, nothing is
  // known to have been read, and nothing is remembered.
  const misses = lastHit < 0 ? [] : seen.slice(0, lastHit).filter((r) => !found.has(r.id));
  const end = seen.length === stretch && last_at ? { at: last_at, id: seen[seen.length - 1]!.id } : null;
  return { hits, end, misses };
}

/** Whether a walk of `rows` rows after `after` saw every conversation the filters allow. */
export async function seesAll(ctx: SearchCtx, after: Key | null, rows: number) {
  const [row] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM conversations c WHERE ${filtersSql(ctx, after)} LIMIT ${rows}) s`);
  return row!.n < rows;
}

/** Step 4: every candidate of the three trigram indexes, filtered and sorted. */
export async function allCandidates(ctx: SearchCtx): Promise<string[]> {
  const { input, pattern } = ctx;
  const f = filtersSql(ctx, null);
  const found = await query<{ id: string }>(sql`
    SELECT x.id::text AS id FROM (
            SELECT c.id, c.last_message_at FROM customers u JOIN conversations c ON c.customer_id = u.id
             WHERE u.page_id = ${input.pageId}::uuid AND u.name ILIKE ${pattern} AND ${f}
      UNION SELECT c.id, c.last_message_at FROM conversations c WHERE c.last_message_text ILIKE ${pattern} AND ${f}
      UNION SELECT c.id, c.last_message_at FROM (SELECT DISTINCT m.conversation_id FROM ${pageMessagesSql(ctx)}) h
              JOIN conversations c ON c.id = h.conversation_id WHERE ${f}
    ) x ${pageSql(input.offset, input.take)}`);
  return found.map((r) => r.id);
}
