import { db } from "@/server/db";
import { env } from "@/server/env";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { fetchSecondaryReceivers, PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import { logger } from "@/server/observability/log";
import { decryptSecret } from "@/server/security/secret-box";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { announcePageStatus } from "@/server/services/pages/policy/page-status";
import { handoverApps, type HandoverApp } from "@/server/services/handover/thread-control";
import { APP_DISPLAY_NAME, PAGE_INBOX_NAME, type HandoverRoleName } from "@/lib/inbox/thread-control";

// Switchboard's handover role on a Page (primary or secondary receiver) and the Page's other apps, shown
// on the Page's health panel and deciding what Take control does. Learned from app_roles events and, at
// connect and at the daily check, from Graph: only the primary receiver may list the secondary receivers.

function roleOf(roles: string[] | undefined): HandoverRoleName | null {
  if (roles?.includes("primary_receiver")) return "primary_receiver";
  if (roles?.includes("secondary_receiver")) return "secondary_receiver";
  return null;
}

function knownName(id: string, previous: HandoverApp[], fallback?: string): string | undefined {
  if (id === PAGE_INBOX_APP_ID) return PAGE_INBOX_NAME;
  if (id === env().META_APP_ID) return APP_DISPLAY_NAME;
  return previous.find((a) => a.id === id)?.name || fallback || undefined;
}

/** Writes the role and app list unless newer news is stored; then the Page screens and the inbox hear of it. */
async function saveRoles(pageId: string, data: { role?: HandoverRoleName | null; apps?: HandoverApp[] }, at: Date): Promise<void> {
  const { count } = await db.page.updateMany({
    where: { id: pageId, OR: [{ handoverCheckedAt: null }, { handoverCheckedAt: { lte: at } }] },
    data: { ...(data.role !== undefined ? { handoverRole: data.role } : {}), ...(data.apps ? { handoverApps: data.apps } : {}), handoverCheckedAt: at },
  });
  if (count) await announcePageStatus(pageId);
}

/** An app_roles event: app id → roles of every app of the Page. */
export async function applyAppRoles(pageId: string, roles: Record<string, string[]>, at: Date): Promise<void> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { handoverApps: true } });
  if (!page) return;
  const previous = handoverApps(page.handoverApps);
  const apps = Object.entries(roles).map(([id, list]) => ({ id, name: knownName(id, previous), roles: list }));
  const ours = env().META_APP_ID;
  // Without our own app id the event cannot say which entry is us: the role stays as it was.
  await saveRoles(pageId, { apps, ...(ours && roles[ours] ? { role: roleOf(roles[ours]) } : {}) }, at);
}

/** GET /{page-id}/secondary_receivers with the Page token: an answer means primary; a permission refusal, secondary. */
export async function checkHandoverRole(pageId: string): Promise<void> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { facebookPageId: true, accessTokenEnc: true, tokenStatus: true, handoverApps: true } });
  if (!page || page.tokenStatus === "needs_token") return;
  const previous = handoverApps(page.handoverApps);
  const at = new Date();
  try {
    const receivers = await fetchSecondaryReceivers(page.facebookPageId, decryptSecret(page.accessTokenEnc));
    const ours = env().META_APP_ID;
    const apps: HandoverApp[] = [
      ...(ours ? [{ id: ours, name: APP_DISPLAY_NAME, roles: ["primary_receiver"] }] : []),
      ...receivers.map((r) => ({ id: r.id, name: knownName(r.id, previous, r.name), roles: ["secondary_receiver"] })),
    ];
    await saveRoles(pageId, { role: "primary_receiver", apps }, at);
  } catch (error) {
    if (error instanceof GraphError && error.kind === "token_invalid") return markNeedsToken(pageId, "GET /secondary_receivers");
    if (error instanceof GraphError && error.kind === "permission_denied") return saveRoles(pageId, { role: "secondary_receiver" }, at);
    // Graph unreachable or an answer we cannot read: the role stays as it was.
    logger().warn({ pageId, err: (error as Error).message }, "handover role check failed");
  }
}
