import { directPool } from "@/server/db/direct";
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
  // 0.3 ms instead of 10–160 ms for 15 long threads (docs/performance/history-2026-11.md §3). Plain pg, as the search's
  // own statements (search-queries.ts).
  const client = await directPool().connect();
  let broken = false;
  try {
    await client.query("BEGIN; SET LOCAL enable_bitmapscan = off");
    const { rows: hits } = await client.query<{ id: string; text: string }>(
      `SELECT c.id, s.text FROM unnest($1::uuid[]) AS c(id)
       CROSS JOIN LATERAL (
         SELECT m.text FROM messages m WHERE m.conversation_id = c.id AND m.text ILIKE $2
         ORDER BY m.created_time DESC, m.id DESC LIMIT 1
       ) s`,
      [ids, containsPattern(term)],
    );
    await client.query("COMMIT");
    return new Map(hits.map((h) => [h.id, snippetAround(h.text, term)]));
  } catch (error) {
    // A connection whose transaction could not be rolled back is not given back to the pool.
    broken = await client.query("ROLLBACK").then(() => false, () => true);
    throw error;
  } finally {
    client.release(broken);
  }
}
