import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findVisiblePage } from "@/server/access/pages";
import { labelSelect, toApiLabel } from "@/server/services/labels/serialize";

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** GET /api/labels/{pageId}: the page's labels by name (sorted here, so it does not depend on the DB collation). */
export async function listLabels(actor: Actor, pageId: string) {
  const page = await findVisiblePage(actor, pageId);
  const rows = await db.label.findMany({ where: { pageId: page.id }, select: labelSelect });
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.createdAt.getTime() - b.createdAt.getTime()).map(toApiLabel);
}
