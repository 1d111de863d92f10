import { isUuid } from "@/lib/ids";
import type { Actor } from "@/server/auth/actor";
import { directPool } from "@/server/db-direct";

// visiblePagesWhere's rule (visible-pages.ts) in SQL, for the reads that run through plain pg because they
// run per request or per socket connect (server/db-direct.ts): the super admin every page, a company admin
// their company's, admins and staff the pages assigned to them in their company.
// tests/integration/realtime-lookups.test.ts holds the two forms to the same answers.

type Viewer = Pick<Actor, "id" | "role" | "companyId">;

/** The condition on the pages row `alias`, with the viewer at $n (role), $n+1 (company), $n+2 (user). */
export function visiblePageCondition(alias: string, n: number): string {
  return `CASE $${n}::text
            WHEN 'super_admin' THEN true
            WHEN 'company_admin' THEN ${alias}.company_id = $${n + 1}::uuid
            ELSE ($${n + 1}::uuid IS NULL OR ${alias}.company_id = $${n + 1}::uuid)
                 AND EXISTS (SELECT 1 FROM page_assignments a WHERE a.page_id = ${alias}.id AND a.user_id = $${n + 2}::uuid)
          END`;
}

export function visiblePageValues(viewer: Viewer): [string, string | null, string] {
  return [viewer.role, viewer.companyId, viewer.id];
}

/** pageIdWhere's rule (our id or Facebook's) on the pages row `alias`, with the id at $n (text) and $n+1 (uuid or null). */
export function pageIdCondition(alias: string, n: number): string {
  return `(${alias}.facebook_page_id = $${n} OR ${alias}.id = $${n + 1}::uuid)`;
}

export function pageIdValues(pageId: string): [string, string | null] {
  return [pageId, isUuid(pageId) ? pageId : null];
}

export type VisiblePage = { id: string; name: string; facebookPageId: string };

/** The page `pageId` names (our id or Facebook's) if the viewer may see it, else null. */
export async function visiblePageOf(viewer: Viewer, pageId: string): Promise<VisiblePage | null> {
  const { rows } = await directPool().query<VisiblePage>({
    name: "visible-page",
    text: `SELECT p.id, p.name, p.facebook_page_id AS "facebookPageId" FROM pages p
            WHERE ${pageIdCondition("p", 1)} AND ${visiblePageCondition("p", 3)}
            LIMIT 1`,
    values: [...pageIdValues(pageId), ...visiblePageValues(viewer)],
  });
  return rows[0] ?? null;
}
