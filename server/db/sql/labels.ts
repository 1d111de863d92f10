import { sql } from "kysely";

// The labels family's SQL text (server/db/sql/run.ts says when a statement is text rather than the builder).

/**
 * Holds the page's label lock until the transaction ends: the unique index is case-sensitive, so "check,
 * then insert" of a name is made atomic per page by this lock (two agents typing "VIP" and "vip" at once
 * cannot both win).
 */
export const lockPageLabelsSql = (pageId: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${`labels:${pageId}`}, 0))`;
