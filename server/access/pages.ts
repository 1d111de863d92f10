import type { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/server/db";
import { sql, type RawBuilder } from "kysely";
import { firstRow, prepared } from "@/server/db/sql/run";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { actorCompanyId } from "@/server/access/company";
import { readerSql, readerViewer, type Reader } from "@/server/access/reader";
import { hasTrait, rolesWith } from "@/lib/access/roles";

// Page access, both forms side by side: the Prisma `where` the services use and the SQL fragments the
// SQL layer's reads use (server/db/sql/). tests/integration/realtime-lookups.test.ts holds the two to the same answers.
// Who may call which route is lib/access/permissions.ts; this is which rows they reach.

// ── The inbox scope: which pages an actor may see ──

// Which pages an actor may see: staff and admins their assigned pages, company admins
// every page of their company, the super admin every page. Services put this in their Prisma `where`.
export function visiblePagesWhere(actor: Pick<Actor, "id" | "role" | "companyId">): Prisma.PageWhereInput {
  if (hasTrait(actor.role, "allCompanies")) return {};
  if (hasTrait(actor.role, "allCompanyPages")) return { companyId: actor.companyId ?? "00000000-0000-0000-0000-000000000000" };
  return { companyId: actor.companyId ?? undefined, assignments: { some: { userId: actor.id } } };
}

/** Accepts our page id or the Facebook page id, as clients may hold either. */
export function pageIdWhere(pageId: string) {
  return isUuid(pageId) ? { OR: [{ id: pageId }, { facebookPageId: pageId }] } : { facebookPageId: pageId };
}

/** A page the actor may see, or 404 (never 403, so ids of other companies reveal nothing). */
export async function findVisiblePage(actor: Actor, pageId: string) {
  const page = await db.page.findFirst({ where: { AND: [visiblePagesWhere(actor), pageIdWhere(pageId)] } });
  if (!page) throw new AppError("not_found", "Page not found");
  return page;
}

// ── The same rule in SQL ──

// visiblePagesWhere's rule (above) in SQL, for the reads that run through the SQL layer because they
// run per request or per socket connect (server/db/sql/run.ts): the super admin every page, a company admin
// their company's, admins and staff the pages assigned to them in their company.

type Viewer = Pick<Actor, "id" | "role" | "companyId">;
/** A viewer given by value, or by columns of the statement (readerViewer: the reader's row read in the same statement). */
type ViewerSql = Viewer | ReturnType<typeof readerViewer>;

/** The condition on the pages row `alias`, for `viewer`. */
export function visiblePageSql(alias: string, viewer: ViewerSql): RawBuilder<boolean> {
  const p = sql.raw(alias);
  const companyId = sql`${viewer.companyId}::uuid`;
  const role = sql`${viewer.role}::text`;
  return sql<boolean>`CASE
            WHEN ${role} = ANY(${rolesWith("allCompanies")}::text[]) THEN true
            WHEN ${role} = ANY(${rolesWith("allCompanyPages")}::text[]) THEN ${p}.company_id = ${companyId}
            ELSE (${companyId} IS NULL OR ${p}.company_id = ${companyId})
                 AND EXISTS (SELECT 1 FROM page_assignments a WHERE a.page_id = ${p}.id AND a.user_id = ${viewer.id}::uuid)
          END`;
}

/** pageIdWhere's rule (our id or Facebook's) on the pages row `alias`. */
export function pageIdSql(alias: string, pageId: string): RawBuilder<boolean> {
  const p = sql.raw(alias);
  return sql<boolean>`(${p}.facebook_page_id = ${pageId} OR ${p}.id = ${isUuid(pageId) ? pageId : null}::uuid)`;
}

/** visiblePageSql, and pageIdSql when a page id is given. */
export function visiblePageOnSql(alias: string, viewer: ViewerSql, pageId: string | undefined): RawBuilder<boolean> {
  return pageId ? sql<boolean>`${visiblePageSql(alias, viewer)} AND ${pageIdSql(alias, pageId)}` : visiblePageSql(alias, viewer);
}

export type VisiblePage = { id: string; name: string; facebookPageId: string };

/** The page `pageId` names (our id or Facebook's) if the viewer may see it, else null. */
export function visiblePageOf(viewer: Viewer, pageId: string): Promise<VisiblePage | null> {
  const page = sql<VisiblePage>`SELECT p.id, p.name, p.facebook_page_id AS "facebookPageId" FROM pages p
            WHERE ${pageIdSql("p", pageId)} AND ${visiblePageSql("p", viewer)}
            LIMIT 1`;
  return firstRow(prepared("visible-page", page));
}

/**
 * The start of a read that checks its reader and its page in its own statement (server/access/reader.ts): CTE
 * `rd`, the reader's user (no row when the session is not open), and `vp`, the page `pageId` names (our id or
 * Facebook's) if that user may see it — visiblePageOf's answer.
 */
export function readerPageCtes(reader: Reader, pageId: string): RawBuilder<unknown> {
  return sql`WITH rd AS (${readerSql(reader)}),
    vp AS (SELECT p.id, p.name, p.facebook_page_id FROM pages p, rd WHERE ${pageIdSql("p", pageId)} AND ${visiblePageSql("p", readerViewer("rd"))} LIMIT 1)`;
}

// ── The back-office scope: which pages an actor administers ──

// The pages an actor administers: the super admin every page, company roles every page of their company.
// Wider than visiblePagesWhere (the inbox scope) on purpose: an admin answers only the pages assigned to
// them, but the FB Pages screen and the Assign Pages modal list all of the company's pages.
export function managedPagesWhere(actor: Actor): Prisma.PageWhereInput {
  return hasTrait(actor.role, "allCompanies") ? {} : { companyId: actorCompanyId(actor) };
}

/** A page the actor administers, by our id or the Facebook page id; 404 otherwise (other companies' too). */
export async function findManagedPage(actor: Actor, id: string) {
  const page = await db.page.findFirst({ where: { AND: [managedPagesWhere(actor), pageIdWhere(id)] } });
  if (!page) throw new AppError("not_found", "Page not found");
  return page;
}
