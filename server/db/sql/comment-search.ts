import { sql } from "kysely";

// Search in a Page's comments (issue 42 point 3): the customers' and the Page's comments whose text or
// commenter's name contains the term, newest first. Both trigram indexes lead with page_id
// (comments_page_text_trgm_idx, comments_page_author_name_trgm_idx), so the index scan itself keeps to the
// Page: what a search costs follows the Page's comments, never the install's (docs/SECURITY.md, as the
// conversation search, server/db/sql/search.ts). `OFFSET 0` plans the matching apart from the order, so the
// newest-first sort never turns it into a walk of the Page's comments by time. On a database never analyzed
// Postgres still prefers that walk (tests/integration/plans-without-statistics.test.ts says so; the worker's
// upkeep analyzes the tables).

type CommentHit = { id: string };

/** `pattern`: a LIKE pattern whose `%`, `_` and `\` in the term are escaped (containsPattern). */
export function commentSearchSql(s: { pageId: string; pattern: string; take: number }) {
  return sql<CommentHit>`
    SELECT x.id::text AS id FROM (
      SELECT c.id, c.created_time FROM comments c
       WHERE c.page_id = ${s.pageId}::uuid AND c.removed_at IS NULL AND (c.text ILIKE ${s.pattern} OR c.author_name ILIKE ${s.pattern})
      OFFSET 0) x
     ORDER BY x.created_time DESC, x.id DESC LIMIT ${s.take}`;
}
