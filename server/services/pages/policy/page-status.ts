import { db } from "@/server/db";
import { healthState } from "@/lib/admin/page-health";
import { emitToRooms } from "@/server/realtime/emit";
import { pageAdminRoom, pageRoom } from "@/server/realtime/room-names";
import { handoverApps } from "@/server/services/handover/thread-control";
import type { PageHandoverInfo, PagePolicy, PageStatus } from "@/lib/schemas/pages";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";

// A page's health beyond its token: Meta's policy enforcement and the handover role, as the Page screens,
// the inbox's page list and the socket's `page-updated` carry them.


/** The columns pagePolicy/pageHandover read; spread into a page select. */
export const pageStatusSelect = {
  policyState: true,
  policyReason: true,
  policyAt: true,
  handoverRole: true,
  handoverApps: true,
  handoverCheckedAt: true,
} as const;

/** The page columns its policy and handover status are made of (pageStatusSelect). */
export type PageStatusRow = {
  policyState: "warning" | "blocked" | null;
  policyReason: string | null;
  policyAt: Date | null;
  handoverRole: "primary_receiver" | "secondary_receiver" | null;
  handoverApps: unknown;
  handoverCheckedAt: Date | null;
};

export function pagePolicy(row: Pick<PageStatusRow, "policyState" | "policyReason" | "policyAt">): PagePolicy | null {
  return row.policyState ? { state: row.policyState, reason: row.policyReason, at: row.policyAt?.toISOString() ?? null } : null;
}

export function pageHandover(row: Pick<PageStatusRow, "handoverRole" | "handoverApps" | "handoverCheckedAt">): PageHandoverInfo {
  return {
    role: row.handoverRole,
    apps: handoverApps(row.handoverApps).map((a) => ({ id: a.id, name: a.name || null, roles: a.roles ?? [] })),
    checkedAt: row.handoverCheckedAt?.toISOString() ?? null,
  };
}

/** Pushes the page's status to its agents (the inbox banner) and to the admins on the Page screens. */
export async function announcePageStatus(pageId: string): Promise<PageStatus | null> {
  const row = await db.page.findUnique({ where: { id: pageId }, select: { ...pageStatusSelect, tokenStatus: true, verifiedAt: true, subscribedAt: true } });
  if (!row) return null;
  const status: PageStatus = { pageId, health: healthState(row), policy: pagePolicy(row), handover: pageHandover(row) };
  emitToRooms([pageRoom(pageId), pageAdminRoom(pageId)], SERVER_EVENTS.pageUpdated, status);
  return status;
}
