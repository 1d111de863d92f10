import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db/unique";
import { LABEL_DUPLICATE, type TCreateLabel } from "@/lib/schemas/labels";
import { findVisiblePage } from "@/server/access/pages";
import { labelSelect, toApiLabel } from "@/server/services/labels/serialize";

/** POST /api/labels: a new label on a page the actor sees; names are unique per page, case-insensitively. */
export async function createLabel(actor: Actor, input: TCreateLabel) {
  const page = await findVisiblePage(actor, input.page_id);
  try {
    const row = await db.$transaction(async (tx) => {
      // The unique index is case-sensitive; this per-page lock makes "check, then insert" atomic so two
      // agents typing "VIP" and "vip" at once cannot both win.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`labels:${page.id}`}, 0))`;
      const clash = await tx.label.findFirst({ where: { pageId: page.id, name: { equals: input.name, mode: "insensitive" } }, select: { id: true } });
      if (clash) throw new AppError("conflict", LABEL_DUPLICATE);
      return tx.label.create({ data: { pageId: page.id, name: input.name, color: input.color, createdById: actor.id }, select: labelSelect });
    });
    return toApiLabel(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", LABEL_DUPLICATE);
    throw error;
  }
}
