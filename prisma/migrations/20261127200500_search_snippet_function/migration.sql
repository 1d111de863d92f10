-- A search's snippets (server/services/conversations/search-snippets.ts): per hit, its newest message matching the
-- pattern, walked newest first on messages(conversation_id, created_time desc) and stopped at the first match,
-- which Postgres does only without bitmap scans (docs/performance/history-2026-11.md §3). That setting was a
-- transaction's SET LOCAL: BEGIN, the statement and COMMIT, three round trips on every search whose hits lie in
-- older messages, each waiting for a CPU on a busy machine (issue 33 point 3). A function's SET clause holds while
-- it runs, its body's planning included, so the read is one statement. It cannot be inlined (the SET forbids
-- it), so its plan does not depend on the caller's.
CREATE FUNCTION newest_matching_messages(ids uuid[], pattern text) RETURNS TABLE (id uuid, text text)
  LANGUAGE sql STABLE SET enable_bitmapscan = off AS $$
  SELECT c.id, s.text FROM unnest(ids) AS c(id)
  CROSS JOIN LATERAL (
    SELECT m.text FROM messages m WHERE m.conversation_id = c.id AND m.text ILIKE pattern
    ORDER BY m.created_time DESC, m.id DESC LIMIT 1
  ) s
$$;
