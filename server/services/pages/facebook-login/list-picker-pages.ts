import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { PICKER_EXPIRED, type PickerPage } from "@/lib/schemas/facebook-login";
import { readPicker } from "@/server/services/pages/facebook-login/login-store";
import { managedPagesWhere } from "@/server/access/pages";

/** GET /api/pages/facebook/session/{id}: the person's Pages for the picker, already-connected ones marked; no tokens. */
export async function listPickerPages(actor: Actor, id: string): Promise<{ pages: PickerPage[] }> {
  const session = await readPicker(id, actor.id);
  if (!session) throw new AppError("not_found", PICKER_EXPIRED);
  const ids = session.pages.map((p) => p.id);
  const [all, ours] = await Promise.all([
    db.page.findMany({ where: { facebookPageId: { in: ids } }, select: { facebookPageId: true } }),
    db.page.findMany({ where: { AND: [managedPagesWhere(actor), { facebookPageId: { in: ids } }] }, select: { facebookPageId: true } }),
  ]);
  const connected = new Set(all.map((p) => p.facebookPageId));
  const mine = new Set(ours.map((p) => p.facebookPageId));
  return { pages: session.pages.map((p) => ({ id: p.id, name: p.name, connected: connected.has(p.id), ours: mine.has(p.id) })) };
}
