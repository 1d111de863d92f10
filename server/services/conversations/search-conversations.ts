import { allCandidates, probe, seesAll, stretchHits, walk, type Key, type SearchCtx, type SearchInput } from "@/server/db/sql/search";
import { knownMisses, rememberMisses } from "@/server/services/conversations/search-misses";

export type { SearchInput } from "@/server/db/sql/search";

/**
 * Conversation search: the ids of one page of conversations whose customer name, list preview or any
 * message text contains the term (case-insensitive, literally), newest first (last_message_at, id desc).
 *
 * ILIKE '%…%' is served by the pg_trgm GIN indexes, but which plan is quick depends on how often the term
 * occurs, which no single SQL plan knows (docs/performance/history-2026-11.md §3). So, cheapest first:
 *  1. Probe the three trigram indexes, each capped. A term under every cap is rare: its candidates are
 *     looked up by key and only they are sorted, in the same statement ("candidates"). A term a recent
 *     probe found in too many messages skips this and step 2 (knownToMatchMany).
 *  2. Few matching messages but many names or previews (a common surname), still in that statement: walk
 *     the inbox newest first on the list's own index, checking the name (by key), the preview and the
 *     probe's set of matching messages ("walk"); with a tag filter that few conversations carry, check
 *     those instead ("tagged").
 *  3. Many matching messages, or a term too short for the index: a first stretch of the inbox checked
 *     against each conversation's own messages fills the page at once for a common word and tells how
 *     dense the term is. Dense: go on that way. Sparse: for a term the index can look up, a second, longer
 *     stretch the same way first (the newest conversations may just not mention a common word); still
 *     sparse: go on with the hashed set ("walk-own-then-set").
 *  4. A walk that stops short of both a full page and the end of the inbox gives way to the uncapped
 *     candidate lookup ("all-candidates").
 * Every path returns exactly the rows of the plain query; tests/integration/conversation-search.test.ts
 * checks them all against an oracle, shrinking these limits so that a small page takes every path.
 */
export const SEARCH_LIMITS = {
  /** Probe caps: up to these counts the candidates are sorted; above, the inbox is walked. */
  names: 1000,
  previews: 50,
  /** The searched page's matching messages (whatever the other filters) up to which they are a candidate or
   *  hashed set; above, step 3. */
  messages: 100,
  /** Conversations carrying the filtered tags up to which step 2 checks them rather than walking. */
  tagged: 3000,
  /** Rows of the first stretch of step 3. */
  stretch: 64,
  /** Rows of the second, longer look of step 3 when the first stretch was sparse. */
  secondStretch: 512,
  /** Hits in the stretch from which the term counts as dense (1 in 21): going on message by message then
   *  reads fewer blocks than the hashed set, whose cost follows the trigram index's candidates. */
  denseHits: 3,
  /** Rows a walk with the hashed set may inspect before step 4. */
  walk: 4000,
};

export type SearchStrategy = "candidates" | "walk" | "tagged" | "walk-own-messages" | "walk-own-then-set" | "all-candidates";

/** LIKE pattern for a literal substring: `%`, `_` and the escape character itself lose their meaning. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** pg_trgm extracts nothing from a term without three letters or digits in a row: its index cannot help. */
const indexable = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

type Found = { ids: string[]; strategy: SearchStrategy };

/**
 * Pages and terms whose probe found more matches than its caps, until when.
 * - More matching messages than SEARCH_LIMITS.messages: their searches go straight to step 3 for a while.
 *   The probe's three trigram lookups are the dearest part of a common word's search (5–7 ms of Postgres
 *   for `warranty` on the 1M-message page, planning aside), and its answer for such a term is always "step
 *   3": the count is of the whole page, whatever the filters, and a page's messages only grow (deletions
 *   aside: the probe runs again a minute later).
 * - More matching names than SEARCH_LIMITS.names (a common surname): the probe still runs, for its other
 *   counts and its walk, but stops counting names at the first: 3.3 of `lima`'s 8 ms of Postgres on the
 *   1M-message page went to reading 1 001 customers to learn that they are more than 1 000.
 * Every path returns the same rows, so the memo changes what a search costs, never what it finds.
 */
type Many = "messages" | "names";
const manyMatches = new Map<string, number>();
const MANY_MATCHES_MS = 60_000;
const MANY_MATCHES_KEYS = 1_000;
const manyMatchesKey = (pageId: string, term: string, what: Many) => `${pageId}:${what}:${SEARCH_LIMITS[what]}:${term.toLowerCase()}`;

/** Whether a recent probe found this term in more of the page's messages (or names) than the probe handles. */
export function knownToMatchMany(pageId: string, term: string, what: Many = "messages"): boolean {
  const key = manyMatchesKey(pageId, term, what);
  const until = manyMatches.get(key);
  if (until !== undefined && until <= Date.now()) manyMatches.delete(key);
  return until !== undefined && until > Date.now();
}

function rememberManyMatches(pageId: string, term: string, what: Many): void {
  const key = manyMatchesKey(pageId, term, what);
  manyMatches.delete(key);
  manyMatches.set(key, Date.now() + MANY_MATCHES_MS);
  if (manyMatches.size > MANY_MATCHES_KEYS) manyMatches.delete(manyMatches.keys().next().value!);
}

export async function searchConversationIds(input: SearchInput): Promise<Found> {
  const ctx: SearchCtx = { input, pattern: containsPattern(input.term) };
  const { offset, take } = input;
  const canProbe = indexable(input.term);
  if (canProbe && !knownToMatchMany(input.pageId, input.term)) {
    const manyNames = knownToMatchMany(input.pageId, input.term, "names");
    const probed = await probe(ctx, manyNames ? { ...SEARCH_LIMITS, names: 0 } : SEARCH_LIMITS);
    if (probed.names > SEARCH_LIMITS.names) rememberManyMatches(input.pageId, input.term, "names");
    if (probed.candidates) return { ids: probed.candidates, strategy: "candidates" };
    if (probed.tagged) return { ids: probed.tagged, strategy: "tagged" };
    if (probed.walked) {
      if (probed.walked.length === take || (await seesAll(ctx, null, SEARCH_LIMITS.walk))) return { ids: probed.walked, strategy: "walk" };
      return { ids: await allCandidates(ctx), strategy: "all-candidates" };
    }
    // None of the three: the page holds more matching messages than the probe counts (its CASEs).
    rememberManyMatches(input.pageId, input.term, "messages");
  }

  // Stretches of the inbox checked against each conversation's own messages. A term sparse in the first
  // may only be absent from the newest conversations (a burst of new customers who never wrote it), while
  // the hashed set would hold every matching message of the page (a common word: 1.4 s under load). So a
  // term the index can look up gets a second, longer look before the set is built.
  // Conversations a recent search of the term read in vain are skipped while their messages are unchanged.
  const stretches = canProbe ? [SEARCH_LIMITS.stretch, SEARCH_LIMITS.secondStretch] : [SEARCH_LIMITS.stretch];
  ctx.misses = knownMisses(input.pageId, input.term);
  const hits: string[] = [];
  let after: Key | null = null;
  let density = 0;
  for (const size of stretches) {
    const stretch = await stretchHits(ctx, offset + take - hits.length, size, after);
    rememberMisses(input.pageId, input.term, stretch.misses);
    hits.push(...stretch.hits);
    if (hits.length >= offset + take || !stretch.end) return { ids: hits.slice(offset, offset + take), strategy: "walk-own-messages" };
    after = stretch.end;
    density = stretch.hits.length / size;
    if (density >= SEARCH_LIMITS.denseHits / SEARCH_LIMITS.stretch) break;
  }

  const dense = density >= SEARCH_LIMITS.denseHits / SEARCH_LIMITS.stretch;
  // A sparse term the index cannot look up (too short) gets one pass over everything, as the old query did
  // (~1 s); going on message by message would read the messages one conversation at a time (seconds).
  if (!dense && !canProbe) return { ids: await allCandidates(ctx), strategy: "all-candidates" };
  const head = hits.slice(offset);
  const rest = { after, skip: Math.max(0, offset - hits.length), take: take - head.length };
  // Dense: about as many rows again as the last stretch's density suggests, with room to spare; then step 4.
  const rows = dense ? Math.ceil(((rest.skip + rest.take) * 4) / density) : SEARCH_LIMITS.walk;
  const more = await walk(ctx, { ...rest, messages: dense ? "own" : "set", rows });
  if (more.length === rest.take || (await seesAll(ctx, rest.after, rows))) {
    return { ids: [...head, ...more], strategy: dense ? "walk-own-messages" : "walk-own-then-set" };
  }
  return { ids: await allCandidates(ctx), strategy: "all-candidates" };
}

