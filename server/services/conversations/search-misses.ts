/**
 * Conversations whose messages a recent search of a term read without finding it, with the version of
 * their messages it read (conversations.messages_version, which changes and commits with every message
 * stored and every text changed: migration search_messages_version). A later search of that term skips
 * their messages while the version is still the same — the answer cannot have changed — and reads them
 * again once it moves. So the memo changes what a search costs, never what it finds.
 *
 * Why: a common word's search checks the newest stretch of the inbox message by message (search-
 * conversations.ts, step 3). Under a burst of new customers the newest conversations are theirs, without
 * the word, and the stretch reread all their messages for every agent's search: `warranty` took 57–88 ms
 * at 200 messages a second (docs/performance/history-2026-11.md §6, evening of 2026-11-26).
 *
 * Per process and bounded: each term keeps its most recently seen conversations, and the least recently
 * searched terms go first. The key is the page and the exact term, as the search ran it.
 */
export const SEARCH_MISSES = { perTerm: 1_024, terms: 64 };

const byTerm = new Map<string, Map<string, number>>();
const keyOf = (pageId: string, term: string) => `${pageId}\n${term}`;

/** The remembered misses of a term, as `id:version` strings (the form server/db/sql/search.ts compares). */
export function knownMisses(pageId: string, term: string): string[] {
  const key = keyOf(pageId, term);
  const misses = byTerm.get(key);
  if (!misses) return [];
  byTerm.delete(key); // most recently searched last
  byTerm.set(key, misses);
  return Array.from(misses, ([id, version]) => `${id}:${version}`);
}

/** Remembers conversations whose messages (at these versions) a search read without finding the term. */
export function rememberMisses(pageId: string, term: string, misses: { id: string; version: number }[]): void {
  if (!misses.length) return;
  const key = keyOf(pageId, term);
  const known = byTerm.get(key) ?? new Map<string, number>();
  byTerm.delete(key);
  byTerm.set(key, known);
  for (const { id, version } of misses) {
    known.delete(id); // newest last, so the oldest go first
    known.set(id, version);
  }
  for (const id of known.keys()) {
    if (known.size <= SEARCH_MISSES.perTerm) break;
    known.delete(id);
  }
  for (const k of byTerm.keys()) {
    if (byTerm.size <= SEARCH_MISSES.terms) break;
    byTerm.delete(k);
  }
}

/** Forgets everything (tests). */
export function forgetMisses(): void {
  byTerm.clear();
}
