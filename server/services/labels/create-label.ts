import { firstRow, inTransaction, rows, sqlDb } from "@/server/db/sql/run";
import { lockPageLabelsSql } from "@/server/db/sql/labels";
import { newId } from "@/server/db/uuid";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db/unique";
import { LABEL_DUPLICATE, type TCreateLabel } from "@/lib/schemas/labels";
import { findVisiblePage } from "@/server/access/pages";
import { toApiLabel } from "@/server/services/labels/serialize";

/** POST /api/labels: a new label on a page the actor sees; names are unique per page, case-insensitively. */
export async function createLabel(actor: Actor, input: TCreateLabel) {
  const page = await findVisiblePage(actor, input.page_id);
  try {
    const row = await inTransaction(async (client) => {
      await rows(lockPageLabelsSql(page.id), { on: client });
      const sameName = sqlDb().selectFrom("labels").select("id").where("page_id", "=", page.id).where((eb) => eb(eb.fn("lower", ["name"]), "=", eb.fn("lower", [eb.val(input.name)])));
      if (await firstRow(sameName, { on: client })) throw new AppError("conflict", LABEL_DUPLICATE);
      const insert = sqlDb()
        .insertInto("labels")
        .values({ id: newId, page_id: page.id, name: input.name, color: input.color, created_by_id: actor.id })
        .returning(["id", "name", "color", "page_id as pageId", "created_at as createdAt"]);
      return (await firstRow(insert, { on: client }))!;
    });
    return toApiLabel(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", LABEL_DUPLICATE);
    throw error;
  }
}
