import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { Prisma } from "@/server/generated/prisma/client";
import { actorCompanyId } from "@/server/access/company";
import type { TBusinessHours } from "@/lib/schemas/reports";
import type { BusinessHoursSetting } from "@/lib/contract/reports-api";
import { recomputeResponseDue } from "@/server/services/reports/response-targets";
import { recordAudit } from "@/server/services/audit/record-audit";

// The company's time zone and business hours (docs/PRODUCT.md §11). A change counts from then on: rollup
// rows already written keep the hours they were measured in.

function toSetting(company: { timezone: string; businessHours: Prisma.JsonValue }): BusinessHoursSetting {
  return { timezone: company.timezone, businessHours: (company.businessHours as BusinessHoursSetting["businessHours"]) ?? null };
}

/** GET /api/reports/business-hours */
export async function getBusinessHours(actor: Actor): Promise<BusinessHoursSetting> {
  return toSetting(await db.company.findUniqueOrThrow({ where: { id: actorCompanyId(actor) }, select: { timezone: true, businessHours: true } }));
}

/** PUT /api/reports/business-hours */
export async function setBusinessHours(actor: Actor, input: TBusinessHours): Promise<BusinessHoursSetting> {
  const companyId = actorCompanyId(actor);
  const company = await db.$transaction(async (tx) => {
    const before = toSetting(await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { timezone: true, businessHours: true } }));
    const after = await tx.company.update({
      where: { id: companyId },
      data: { timezone: input.timezone, businessHours: input.businessHours ?? Prisma.DbNull },
      select: { name: true, timezone: true, businessHours: true },
    });
    const details = hoursChange(before, toSetting(after));
    if (details) await recordAudit({ companyId, actor, action: "company.business_hours_changed", target: { type: "company", id: companyId, name: after.name }, details }, tx);
    return after;
  });
  // Response targets count in these hours (docs/PRODUCT.md §13.3): waiting conversations' due times follow.
  await recomputeResponseDue(companyId);
  return toSetting(company);
}

/** The log's line: the time zone's from/to, and whether the hours changed (a week of windows is too long for one line). */
function hoursChange(before: BusinessHoursSetting, after: BusinessHoursSetting) {
  const timezone = before.timezone !== after.timezone ? { from: before.timezone, to: after.timezone } : undefined;
  const sameHours = JSON.stringify(before.businessHours) === JSON.stringify(after.businessHours);
  if (!timezone && sameHours) return null;
  return { ...(timezone ? { timezone } : {}), ...(sameHours ? {} : { hours: after.businessHours ? "set" : "around the clock" }) };
}
