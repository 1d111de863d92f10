import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { actorCompanyId } from "@/server/access/company";
import { isStorableInstant } from "@/lib/schemas/input-rules";
import { SWITCHBOARD_ACTOR, type TAuditQuery } from "@/lib/schemas/audit";
import type { ApiAuditEntry, AuditPage } from "@/lib/contract/audit-api";

// GET /api/audit (docs/PRODUCT.md §13.5): the actor's company's entries, newest first, a keyset page at a
// time on (at, id) — the index (company_id, at desc, id desc) reads exactly one page, however old.

type Cursor = { at: Date; id: bigint };

/** Opaque base64url of "<ms>:<id>", as the inbox's cursors (server/services/conversations/cursor.ts). */
function encodeCursor(row: { at: Date; id: bigint }): string {
  return Buffer.from(`${row.at.getTime()}:${row.id}`).toString("base64url");
}

function decodeCursor(raw: string): Cursor {
  const match = /^(\d{1,15}):(\d{1,18})$/.exec(Buffer.from(raw, "base64url").toString("utf8"));
  const at = new Date(match ? Number(match[1]) : NaN);
  if (!match || !isStorableInstant(at)) throw new AppError("bad_request", "Invalid cursor");
  return { at, id: BigInt(match[2]!) };
}

function filters(companyId: string, query: TAuditQuery): Prisma.AuditEntryWhereInput[] {
  const where: Prisma.AuditEntryWhereInput[] = [{ companyId }];
  if (query.action) where.push({ action: query.action.endsWith(".") ? { startsWith: query.action } : query.action });
  if (query.actor) where.push({ actorId: query.actor === SWITCHBOARD_ACTOR ? null : query.actor });
  if (query.from) where.push({ at: { gte: query.from } });
  if (query.to) where.push({ at: { lt: query.to } });
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    where.push({ OR: [{ at: { lt: at } }, { at, id: { lt: id } }] });
  }
  return where;
}

type Row = Prisma.AuditEntryGetPayload<object>;

function toApi(row: Row): ApiAuditEntry {
  const details = row.details && typeof row.details === "object" && !Array.isArray(row.details) ? (row.details as Record<string, unknown>) : null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId, name: row.targetName },
    details,
  };
}

export async function listAudit(actor: Actor, query: TAuditQuery): Promise<AuditPage> {
  const companyId = actorCompanyId(actor);
  const rows = await db.auditEntry.findMany({ where: { AND: filters(companyId, query) }, orderBy: [{ at: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // The "Who" choices: the company's people (a deleted user's entries stay, found by the other filters).
  const actors = query.cursor ? null : await db.user.findMany({ where: { companyId }, select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return { entries: page.map(toApi), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null, actors };
}
