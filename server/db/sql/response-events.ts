import { sql } from "kysely";
import { prepared } from "@/server/db/sql/run";

// The response metrics' reads (docs/PRODUCT.md §11): the rollup rows the trigger conversations_response_events
// writes, never the messages. One statement per report: GROUPING SETS give the per-day, the whole-range
// and the per-agent figures of every kind in one pass over the company's rows of the range (index
// response_events(company_id, at, kind)).

export type ReportScope = {
  companyId: string;
  pageIds: string[];
  from: Date;
  to: Date;
  timezone: string;
  /** Only this agent's replies, first responses and dones (opened conversations are the page's, not an agent's). */
  agentId: string | null;
  /** Only conversations whose person has this tag. */
  label: string | null;
};

/** grouping: 1 = a day's row, 2 = an agent's row, 3 = the range's. */
export type GroupRow = { grouping: number; day: string | null; agent_id: string | null; kind: string; n: number; median: number | null; p90: number | null };

export function reportGroups(s: ReportScope) {
  return sql<GroupRow>`
    SELECT GROUPING(e.day, e.agent_id)::int AS grouping, e.day::text AS day, e.agent_id, e.kind, count(*)::int AS n,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY e.seconds)::float8 AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY e.seconds)::float8 AS p90
      FROM (SELECT r.kind, r.seconds, r.agent_id, (r.at AT TIME ZONE ${s.timezone})::date AS day
              FROM response_events r
             WHERE r.company_id = ${s.companyId}::uuid AND r.at >= ${s.from} AND r.at < ${s.to}
               AND r.page_id = ANY(${s.pageIds}::uuid[])
               AND (${s.agentId}::uuid IS NULL OR r.agent_id = ${s.agentId}::uuid OR r.kind = 'opened')
               AND (${s.label}::text IS NULL OR EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = r.conversation_id AND t.name = ${s.label}::text))) e
     GROUP BY GROUPING SETS ((e.day, e.kind), (e.agent_id, e.kind), (e.kind))`;
}

export type HeadlineRow = { today: number | null; last_7_days: number | null; open: number; unassigned: number; longest_wait_since: Date | null };

/**
 * The dashboard's headline in one statement (one round trip): the company's day boundaries (today's local
 * midnight and the one 7 local days before, DST-correct), the median first response of today so far and of
 * the 7 days before, and the open, unassigned and longest-waiting conversations now (spam aside). Each part
 * is a scalar subquery on its own index, so one part never multiplies another's rows: response_events'
 * (company_id, at, kind), which needs the company as its leading column (without it the whole index's range
 * of every company is read: 85 ms p95 at 50 companies), and the partial indexes on open and on waiting
 * conversations.
 */
export function headlineFigures(companyId: string, pageIds: string[], timezone: string, now: Date) {
  return prepared("report-headline", sql<HeadlineRow>`
    WITH d AS (SELECT (${now}::timestamptz AT TIME ZONE ${timezone})::date AS today),
         b AS (SELECT (d.today::timestamp AT TIME ZONE ${timezone}) AS today_start,
                      ((d.today - 7)::timestamp AT TIME ZONE ${timezone}) AS week_start FROM d)
    SELECT (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY r.seconds)::float8 FROM response_events r
             WHERE r.company_id = ${companyId}::uuid AND r.page_id = ANY(${pageIds}::uuid[]) AND r.kind = 'first_response'
               AND r.at >= b.today_start AND r.at < ${now}::timestamptz) AS today,
           (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY r.seconds)::float8 FROM response_events r
             WHERE r.company_id = ${companyId}::uuid AND r.page_id = ANY(${pageIds}::uuid[]) AND r.kind = 'first_response'
               AND r.at >= b.week_start AND r.at < b.today_start) AS last_7_days,
           o.open, o.unassigned,
           (SELECT min(w.waiting_since) FROM conversations w
             WHERE w.page_id = ANY(${pageIds}::uuid[]) AND w.waiting_since IS NOT NULL AND w.status = 'open' AND NOT w.is_spam) AS longest_wait_since
      FROM b,
           (SELECT count(*)::int AS open, count(*) FILTER (WHERE c.assignee_id IS NULL)::int AS unassigned
              FROM conversations c
             WHERE c.page_id = ANY(${pageIds}::uuid[]) AND c.status = 'open' AND NOT c.is_spam AND c.last_message_at > 'epoch'::timestamptz) o`);
}

/** A local day's first instant in the zone: 'YYYY-MM-DD' 00:00 there, DST-correct. */
export function localMidnight(day: string, timezone: string) {
  return sql<{ at: Date }>`SELECT (${day}::date::timestamp AT TIME ZONE ${timezone}) AS at`;
}

// The rollup rebuild's statements (workers/reports/rebuild-response-events.ts): a batch of a company's
// conversations locked against the live fold, what they say about the range, and the range's rows replaced.

export type RebuildConversation = { id: string; page_id: string; created_at: Date; status: string; status_at: Date | null; status_by_id: string | null };

/**
 * The next `limit` conversations (by id, after `after`) of the company that may have rows in [from, to): a
 * message or a status change since `from`, or rows there already (a bug's rows go too). FOR UPDATE: a message
 * arriving meanwhile waits for the batch's commit, then folds (and its trigger writes) on top of it.
 */
export function lockRebuildBatch(companyId: string, from: Date, to: Date, after: string, limit: number) {
  return sql<RebuildConversation>`
    SELECT c.id, c.page_id, c.created_at, c.status::text AS status, c.status_at, c.status_by_id
      FROM conversations c JOIN pages p ON p.id = c.page_id
     WHERE p.company_id = ${companyId}::uuid AND c.id > ${after}::uuid
       AND (c.last_message_at >= ${from} OR c.status_at >= ${from}
            OR EXISTS (SELECT 1 FROM response_events r WHERE r.conversation_id = c.id AND r.at >= ${from} AND r.at < ${to}))
     ORDER BY c.id LIMIT ${limit} FOR UPDATE OF c`;
}

export type ReplayMessage = { conversation_id: string; at: Date; customer: boolean; answers: boolean; author_id: string | null };

/**
 * The batch's messages before `to`, in event time, as the fold saw them (conversations.ts summarySet): the
 * customer writing (not referrals, nor unsupported items except Instagram's), a person answering (the row's
 * answers_customer; on rows older than that column, an agent's send). Imported history is not measured.
 */
export function replayMessages(conversationIds: string[], to: Date, instagramUnsupported: string) {
  return sql<ReplayMessage>`
    SELECT m.conversation_id, m.created_time AS at,
           (m.direction = 'inbound' AND m.kind <> 'referral' AND (m.kind <> 'unsupported' OR m.payload = ${instagramUnsupported})) AS customer,
           (m.direction = 'outbound' AND COALESCE(m.answers_customer, m.author_id IS NOT NULL)) AS answers,
           m.author_id
      FROM messages m
     WHERE m.conversation_id = ANY(${conversationIds}::uuid[]) AND m.created_time < ${to} AND NOT m.is_imported
     ORDER BY m.conversation_id, m.created_time, m.id`;
}

/** When each conversation was marked done, and by whom: the 'done' rows are the only record of it. */
export function doneMarks(conversationIds: string[], to: Date) {
  return sql<{ conversation_id: string; at: Date; agent_id: string | null }>`
    SELECT r.conversation_id, r.at, r.agent_id FROM response_events r
     WHERE r.conversation_id = ANY(${conversationIds}::uuid[]) AND r.kind = 'done' AND r.at < ${to}`;
}

export function deleteRange(conversationIds: string[], from: Date, to: Date) {
  return sql`DELETE FROM response_events WHERE conversation_id = ANY(${conversationIds}::uuid[]) AND at >= ${from} AND at < ${to}`;
}

export type RebuiltEvent = { pageId: string; conversationId: string; agentId: string | null; kind: string; startedAt: Date; at: Date };

/** The rebuilt rows, their business seconds counted in the company's current zone and hours (as the trigger does). */
export function insertRebuilt(companyId: string, events: RebuiltEvent[]) {
  const col = <T>(pick: (e: RebuiltEvent) => T) => events.map(pick);
  return sql`
    INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
    SELECT co.id, e.page_id, e.conversation_id, e.agent_id, e.kind, e.started_at, e.at,
           business_seconds(co.timezone, co.business_hours, e.started_at, e.at), GREATEST(0, floor(extract(epoch FROM e.at - e.started_at)))::integer
      FROM unnest(${col((e) => e.pageId)}::uuid[], ${col((e) => e.conversationId)}::uuid[], ${col((e) => e.agentId)}::uuid[],
                  ${col((e) => e.kind)}::text[], ${col((e) => e.startedAt)}::timestamptz[], ${col((e) => e.at)}::timestamptz[])
             AS e(page_id, conversation_id, agent_id, kind, started_at, at)
      JOIN companies co ON co.id = ${companyId}::uuid`;
}
