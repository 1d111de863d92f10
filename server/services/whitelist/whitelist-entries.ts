import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import type { TWhitelistUrl } from "@/lib/schemas/whitelist";
import { patternType } from "@/lib/whitelist/patterns";
import { isUuid } from "@/lib/ids";
import { AppError } from "@/server/http/errors";
import { actorCompanyId } from "@/server/access/company";

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
  return toApi(await db.whitelistEntry.create({ data: { companyId, url, createdById: actor.id }, select }));
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
  return toApi(await db.whitelistEntry.update({ where: { id: entry.id }, data: { url }, select }));
}

export async function deleteWhitelistEntry(actor: Actor, id: string) {
  const entry = await ownEntry(actor, id);
  await db.whitelistEntry.delete({ where: { id: entry.id } });
  return { success: true };
}
