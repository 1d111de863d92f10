import { sql } from "kysely";
import { MAX_CAPACITY } from "@/lib/schemas/fair-queue";
import { rolesWith } from "@/lib/access/roles";

// The fair queue's SQL text (docs/PRODUCT.md §13.4; server/db/sql/run.ts says when a statement is text
// rather than the builder). Every statement here runs inside one hand-out transaction that first holds the
// company's queue lock, so what it reads (loads, the queue) cannot change under another hand-out.

/** Held until the transaction ends: one hand-out per company at a time, on every app instance and worker. */
export const lockCompanyQueueSql = (companyId: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${`fair-queue:${companyId}`}, 0))`;

export type QueueAgentRow = { id: string; name: string; role: string; capacity: number; lastAssignedAt: Date | null; pageIds: string[]; load: number };

/**
 * The company's active agents who are not away, with the pages they answer and their load: open, not-spam
 * conversations they own on any page of the company (a person's load is theirs, not a page's). The load is
 * one probe of conversations_open_idx (page_id, assignee_id) per page of the company: O(the agent's own
 * open conversations), with or without statistics.
 */
export const queueAgentsSql = (companyId: string) => sql<QueueAgentRow>`
    SELECT u.id, u.name, u.role::text AS role, u.capacity, u.last_assigned_at AS "lastAssignedAt",
           coalesce((SELECT array_agg(pa.page_id::text) FROM page_assignments pa WHERE pa.user_id = u.id), '{}') AS "pageIds",
           (SELECT count(*)::int FROM pages p CROSS JOIN LATERAL (
              SELECT 1 FROM conversations c
               WHERE c.page_id = p.id AND c.assignee_id = u.id AND c.status = 'open' AND NOT c.is_spam
               LIMIT ${MAX_CAPACITY + 1}) c
             WHERE p.company_id = ${companyId}::uuid) AS load
      FROM users u
     WHERE u.company_id = ${companyId}::uuid AND u.is_active AND NOT u.is_away AND u.capacity > 0
       AND u.role::text = ANY(${rolesWith("agent")}::text[])`;

export type QueuedRow = { id: string; pageId: string; createdAt: Date };

/**
 * The oldest `perPage` waiting conversations of each page, merged in arrival order. A LATERAL with LIMIT per
 * page cannot be flattened: each is a walk of conversations_queue_idx from its start. Inside, the order is
 * the index's alone: with `, id` added, a never-analyzed database read every conversation and sorted them
 * (100 k rows for 20); the merge below breaks ties by id.
 */
export const queueHeadsSql = (pageIds: string[], perPage: number) => sql<QueuedRow>`
    SELECT q.id, q.page_id AS "pageId", q.created_at AS "createdAt"
      FROM unnest(${pageIds}::uuid[]) AS p(id)
      CROSS JOIN LATERAL (
        SELECT c.id, c.page_id, c.created_at FROM conversations c
         WHERE c.page_id = p.id AND c.assignee_id IS NULL AND c.status = 'open' AND NOT c.is_spam
         ORDER BY c.created_at LIMIT ${perPage}) q
     ORDER BY q.created_at, q.id`;

/**
 * The picks, each only if the conversation still waits: an agent who took it by hand meanwhile (manual
 * assignment does not take the queue lock) keeps it. Answers the conversations that were handed out.
 * `is_spam IS NOT TRUE` (the column is NOT NULL: the same test as NOT is_spam) keeps the conditions from
 * matching conversations_queue_idx's predicate: when they did, a never-analyzed database took that partial
 * index for a small one and hashed the whole queue (20 000 rows) to update 10. Now each pick is a probe of
 * the primary key, with or without statistics.
 */
export const handOutSql = (conversationIds: string[], agentIds: string[]) => sql<{ id: string; assigneeId: string; pageId: string }>`
    UPDATE conversations c SET assignee_id = v.agent_id, updated_at = now()
      FROM unnest(${conversationIds}::uuid[], ${agentIds}::uuid[]) AS v(id, agent_id)
     WHERE c.id = v.id AND c.assignee_id IS NULL AND c.status = 'open' AND c.is_spam IS NOT TRUE
    RETURNING c.id, c.assignee_id AS "assigneeId", c.page_id AS "pageId"`;

/** Round-robin: who got one now goes behind everyone who has waited longer for one. */
export const stampAgentsSql = (agentIds: string[], at: Date) => sql`UPDATE users SET last_assigned_at = ${at} WHERE id = ANY(${agentIds}::uuid[])`;

/** The company's pages with the fair queue on, among `pageIds` (all of them when null). */
export const fairQueuePagesSql = (companyId: string, pageIds: string[] | null) => sql<{ id: string }>`
    SELECT id FROM pages WHERE company_id = ${companyId}::uuid AND fair_queue ${pageIds ? sql`AND id = ANY(${pageIds}::uuid[])` : sql``} ORDER BY id`;

/** How many wait on a page, counted up to `cap` (the view says "cap+" beyond): a walk of conversations_queue_idx. */
export const queueLengthSql = (pageId: string, cap: number) => sql<{ total: number }>`
    SELECT count(*)::int AS total FROM (
      SELECT 1 FROM conversations c
       WHERE c.page_id = ${pageId}::uuid AND c.assignee_id IS NULL AND c.status = 'open' AND NOT c.is_spam
       LIMIT ${cap}) q`;
