import { rows as rowsOf } from "@/server/db/sql/run";
import { newestMatchSql } from "@/server/db/sql/messages";
import { containsPattern } from "@/server/services/conversations/search-conversations";

/** Characters of context kept before the match; the row's line clamps the rest. */
const BEFORE = 30;
const LENGTH = 160;

/**
 * "…the size 42 running shoes…": the part of `text` around the first case-insensitive match of `term`,
 * with an ellipsis where it was cut, so the row shows the hit rather than the message's start.
 */
export function snippetAround(text: string, term: string): string {
  const index = text.toLowerCase().indexOf(term.toLowerCase());
  const start = index > BEFORE ? index - BEFORE : 0;
  const end = Math.min(text.length, start + LENGTH);
  const cut = text.slice(start, end).replace(/\s+/g, " ").trim();
  return `${start > 0 ? "…" : ""}${cut}${end < text.length ? "…" : ""}`;
}

/**
 * Search hits found only in an older message (not the name or the preview) get that message's snippet.
 * Only for the page of results (≤ limit rows), one statement: per conversation the newest matching message,
 * walked newest first on messages(conversation_id, created_time desc) and stopped at the first hit.
 */
export async function searchSnippets(rows: { id: string; name: string; preview: string | null }[], term: string): Promise<Map<string, string>> {
  const needle = term.toLowerCase();
  const ids = rows.filter((r) => !r.name.toLowerCase().includes(needle) && !(r.preview ?? "").toLowerCase().includes(needle)).map((r) => r.id);
  if (!ids.length) return new Map();
  // Postgres guesses ~10 messages a conversation and so reads all of each one's messages (bitmap) and sorts
  // them; the busy conversations at the top of an inbox hold hundreds, and the newest match is usually
  // among the first few. Without bitmap scans it walks the index newest first and stops at the first hit:
  // 0.3 ms instead of 10–160 ms for 15 long threads (docs/performance/history-2026-11.md §3). The function
  // the statement calls carries that setting (newestMatchSql), so this is one round trip, not a transaction's
  // three. Unnamed, as the search's own statements (server/db/sql/search.ts).
  const hits = await rowsOf(newestMatchSql(ids, containsPattern(term)));
  return new Map(hits.map((h) => [h.id, snippetAround(h.text, term)]));
}
