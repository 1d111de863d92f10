import { sql } from "kysely";

// Response targets' SQL (docs/PRODUCT.md §13.3): the due times the trigger conversations_response_due keeps
// (migration response_targets), recomputed when the rules change; the breach sweep; the % met per agent, Page
// and channel.

/** Every open, waiting conversation of the company gets its due time under the targets and hours as they now are. */
export const recomputeDueSql = (companyId: string) => sql`
  UPDATE conversations c
     SET response_due_at = conversation_response_due(c.page_id, c.first_reply_due, c.episode_at, c.waiting_since)
    FROM pages p
   WHERE p.company_id = ${companyId}::uuid AND c.page_id = p.id AND c.status = 'open' AND c.waiting_since IS NOT NULL`;

export type BreachRow = { id: string; page_id: string; page_name: string; company_id: string; customer_name: string; response_due_at: Date; first_reply_due: boolean };

/**
 * Marks the conversations that went past their due time in (now - lookback, now] and were not e-mailed for
 * that due time, and returns them: only the statement that marks a row returns it, so two sweeps at once
 * e-mail each breach once (the second waits on the row lock, then finds it marked). Per Page, a range of the
 * partial index conversations_response_due_idx; only companies that asked for the e-mails. `is_spam IS NOT
 * TRUE` (NOT NULL column: the same as NOT is_spam) keeps conversations_open_idx's predicate unmatched: a
 * never-analyzed database took that partial index for a small one and walked all the Page's open
 * conversations (20 000 rows) instead of the due range.
 */
export const claimBreachesSql = (now: Date, lookbackMinutes: number, limit: number) => sql<BreachRow>`
  WITH due AS (
    SELECT x.id FROM pages p JOIN companies co ON co.id = p.company_id AND co.breach_email
     CROSS JOIN LATERAL (
       SELECT c.id FROM conversations c
        WHERE c.page_id = p.id AND c.status = 'open' AND c.response_due_at IS NOT NULL
          AND c.response_due_at <= ${now}::timestamptz AND c.response_due_at > ${now}::timestamptz - make_interval(mins => ${lookbackMinutes}::int)
          AND c.is_spam IS NOT TRUE AND (c.breach_notified_at IS NULL OR c.breach_notified_at < c.response_due_at)
        LIMIT ${limit}) x)
  UPDATE conversations c SET breach_notified_at = ${now}::timestamptz
    FROM due, pages p, customers cu
   WHERE c.id = due.id AND p.id = c.page_id AND cu.id = c.customer_id
     AND c.status = 'open' AND c.response_due_at <= ${now}::timestamptz
     AND (c.breach_notified_at IS NULL OR c.breach_notified_at < c.response_due_at)
  RETURNING c.id, c.page_id, p.name AS page_name, p.company_id, cu.name AS customer_name, c.response_due_at, c.first_reply_due`;

export type TargetMetRow = { dim: "agent" | "page" | "channel" | "all"; key: string | null; kind: "first_response" | "reply"; n: number; met: number };

/**
 * Of the first responses and next responses (the replies after the first) measured in [from, to) on these
 * Pages, how many met the company's current target, per agent, per Page, per channel and in all: one pass (GROUPING SETS) over the company's rollup
 * rows of the range (index response_events(company_id, at, kind)).
 */
export function targetsMetSql(s: { companyId: string; pageIds: string[]; from: Date; to: Date; agentId: string | null; label: string | null }) {
  return sql<TargetMetRow>`
    SELECT CASE WHEN GROUPING(e.agent_id) = 0 THEN 'agent' WHEN GROUPING(e.page_id) = 0 THEN 'page' WHEN GROUPING(e.channel) = 0 THEN 'channel' ELSE 'all' END AS dim,
           COALESCE(e.agent_id::text, e.page_id::text, e.channel::text) AS key, e.kind, count(*)::int AS n,
           count(*) FILTER (WHERE e.seconds <= e.target * 60)::int AS met
      FROM (SELECT r.kind, r.seconds, r.agent_id, r.page_id, cv.channel,
                   CASE WHEN r.kind = 'first_response' THEN co.first_response_target_minutes ELSE co.next_response_target_minutes END AS target
              FROM response_events r JOIN companies co ON co.id = r.company_id JOIN conversations cv ON cv.id = r.conversation_id
             WHERE r.company_id = ${s.companyId}::uuid AND r.at >= ${s.from} AND r.at < ${s.to} AND r.kind IN ('first_response', 'reply')
               -- The first burst's reply is the first response: the next response target is for the replies after it.
               AND NOT (r.kind = 'reply' AND EXISTS (SELECT 1 FROM response_events f WHERE f.conversation_id = r.conversation_id AND f.kind = 'first_response' AND f.at = r.at))
               AND r.page_id = ANY(${s.pageIds}::uuid[])
               AND (${s.agentId}::uuid IS NULL OR r.agent_id = ${s.agentId}::uuid)
               AND (${s.label}::text IS NULL OR EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = r.conversation_id AND t.name = ${s.label}::text))) e
     WHERE e.target IS NOT NULL
     GROUP BY GROUPING SETS ((e.agent_id, e.kind), (e.page_id, e.kind), (e.channel, e.kind), (e.kind))`;
}
