import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TWhitelistUrl } from "@/lib/schemas/whitelist";
import { patternType } from "@/lib/whitelist/patterns";
import { isUuid } from "@/lib/ids";
import { AppError } from "@/server/http/errors";
import { actorCompanyId } from "@/server/access/company";
import { recordAudit } from "@/server/services/audit/record-audit";

// The company's approved-links whitelist (PRODUCT §3 Whitelist entry, §7 Links).

const select = { id: true, url: true, createdAt: true, createdBy: { select: { id: true, name: true } } } as const;
type Row = { id: string; url: string; createdAt: Date; createdBy: { id: string; name: string } | null };

function toApi(row: Row) {
  return { _id: row.id, url: row.url, type: patternType(row.url), createdBy: row.createdBy?.name ?? null, createdById: row.createdBy?.id ?? null, createdAt: row.createdAt.toISOString() };
}

const DUPLICATE = "This URL or pattern is already approved";

export async function listWhitelist(actor: Actor) {
  const rows = await db.whitelistEntry.findMany({ where: { companyId: actorCompanyId(actor) }, orderBy: { createdAt: "desc" }, select });
  return rows.map(toApi);
}

export async function addWhitelistEntry(actor: Actor, { url }: TWhitelistUrl) {
  const companyId = actorCompanyId(actor);
  if (await db.whitelistEntry.findUnique({ where: { companyId_url: { companyId, url } } })) throw new AppError("conflict", DUPLICATE);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.whitelistEntry.create({ data: { companyId, url, createdById: actor.id }, select });
    await recordAudit({ companyId, actor, action: "whitelist.added", target: { type: "whitelist", id: created.id, name: url }, details: { url } }, tx);
    return created;
  });
  return toApi(row);
}

async function ownEntry(actor: Actor, id: string) {
  const entry = isUuid(id) ? await db.whitelistEntry.findFirst({ where: { id, companyId: actorCompanyId(actor) } }) : null;
  if (!entry) throw new AppError("not_found", "URL not found");
  return entry;
}

export async function updateWhitelistEntry(actor: Actor, id: string, { url }: TWhitelistUrl) {
  const entry = await ownEntry(actor, id);
  const clash = await db.whitelistEntry.findUnique({ where: { companyId_url: { companyId: entry.companyId, url } } });
  if (clash && clash.id !== entry.id) throw new AppError("conflict", DUPLICATE);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.whitelistEntry.update({ where: { id: entry.id }, data: { url }, select });
    const target = { type: "whitelist" as const, id: entry.id, name: url };
    if (entry.url !== url) await recordAudit({ companyId: entry.companyId, actor, action: "whitelist.updated", target, details: { from: entry.url, to: url } }, tx);
    return updated;
  });
  return toApi(row);
}

export async function deleteWhitelistEntry(actor: Actor, id: string) {
  const entry = await ownEntry(actor, id);
  await db.$transaction(async (tx) => {
    await tx.whitelistEntry.delete({ where: { id: entry.id } });
    await recordAudit({ companyId: entry.companyId, actor, action: "whitelist.removed", target: { type: "whitelist", id: entry.id, name: entry.url }, details: { url: entry.url } }, tx);
  });
  return { success: true };
}
