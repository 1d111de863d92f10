import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { actorCompanyId } from "@/server/access/company";
import { affected } from "@/server/db/sql/run";
import { recomputeDueSql } from "@/server/db/sql/response-targets";
import { recordAudit } from "@/server/services/audit/record-audit";
import type { TResponseTargets } from "@/lib/schemas/reports";
import type { ResponseTargetsSetting } from "@/lib/contract/reports-api";

// The company's response targets (docs/PRODUCT.md §13.3). A change applies at once to every open conversation
// that waits: its due time is recomputed from when the wait started, under the new targets.

const SELECT = { firstResponseTargetMinutes: true, nextResponseTargetMinutes: true, breachEmail: true } as const;

/** GET /api/reports/targets */
export async function getResponseTargets(actor: Actor): Promise<ResponseTargetsSetting> {
  return db.company.findUniqueOrThrow({ where: { id: actorCompanyId(actor) }, select: SELECT });
}

/** PUT /api/reports/targets — written with its audit entry; the due times follow. */
export async function setResponseTargets(actor: Actor, input: TResponseTargets): Promise<ResponseTargetsSetting> {
  const companyId = actorCompanyId(actor);
  const saved = await db.$transaction(async (tx) => {
    const from = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: SELECT });
    const to = await tx.company.update({ where: { id: companyId }, data: input, select: SELECT });
    const changed = (Object.keys(SELECT) as (keyof ResponseTargetsSetting)[]).some((k) => from[k] !== to[k]);
    if (changed) await recordAudit({ companyId, actor: { id: actor.id, name: actor.name }, action: "company.targets_changed", target: { type: "company", id: companyId }, details: { from, to } }, tx);
    return to;
  });
  await recomputeResponseDue(companyId);
  return saved;
}

/** After targets or business hours change: the due times of the company's waiting conversations. */
export async function recomputeResponseDue(companyId: string): Promise<number> {
  return affected(recomputeDueSql(companyId));
}
