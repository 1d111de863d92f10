import { sql } from "kysely";

// The comments' report (issue 42 point 3): per channel, the customers' comments of a range, how many the
// Page answered (publicly or privately: comments.answered_at, the first answer) and how fast, in business
// seconds of the company's hours (business_seconds, migration conversation_loop), as the conversations'
// figures are counted. Index comments(page_id, created_time).

export type CommentFigureRow = { channel: string; received: number; answered: number; median: number | null; p90: number | null };

export function commentFigures(s: { companyId: string; pageIds: string[]; from: Date; to: Date }) {
  return sql<CommentFigureRow>`
    SELECT c.channel::text AS channel, count(*)::int AS received, count(c.answered_at)::int AS answered,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY business_seconds(co.timezone, co.business_hours, c.created_time, c.answered_at)) FILTER (WHERE c.answered_at IS NOT NULL)::float8 AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY business_seconds(co.timezone, co.business_hours, c.created_time, c.answered_at)) FILTER (WHERE c.answered_at IS NOT NULL)::float8 AS p90
      FROM comments c
      JOIN companies co ON co.id = ${s.companyId}::uuid
     WHERE c.page_id = ANY(${s.pageIds}::uuid[]) AND NOT c.from_page
       AND c.created_time >= ${s.from} AND c.created_time < ${s.to}
     GROUP BY c.channel`;
}

export type CommentCountRow = { channel: string; commenters: number; unanswered: number };

/**
 * The dashboard's comment cards (issue 42 point 3): per channel, the people who commented on the pages'
 * posts (distinct commenters, as the other cards count people) and the comments still waiting for the Page's
 * first answer. Removed comments and the Page's own are not customers' words; index comments(page_id, …).
 */
export function commentCounts(pageIds: string[]) {
  return sql<CommentCountRow>`
    SELECT c.channel::text AS channel, count(DISTINCT c.author_id)::int AS commenters,
           count(*) FILTER (WHERE c.answered_at IS NULL)::int AS unanswered
      FROM comments c
     WHERE c.page_id = ANY(${pageIds}::uuid[]) AND NOT c.from_page AND c.removed_at IS NULL
     GROUP BY c.channel`;
}
