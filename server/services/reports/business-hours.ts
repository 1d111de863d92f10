import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { Prisma } from "@/server/generated/prisma/client";
import { actorCompanyId } from "@/server/access/company";
import type { TBusinessHours } from "@/lib/schemas/reports";
import type { BusinessHoursSetting } from "@/lib/contract/reports-api";

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
  const company = await db.company.update({
    where: { id: actorCompanyId(actor) },
    data: { timezone: input.timezone, businessHours: input.businessHours ?? Prisma.DbNull },
    select: { timezone: true, businessHours: true },
  });
  return toSetting(company);
}
