import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/services/auth/actor";
import { recordAudit } from "@/server/services/audit/record-audit";

// Page access changes (POST /api/pages/assign and /unassign) are logged per page, as "page.agents_changed":
// the log is read page by page ("who can answer Shop?"), while the screens change one person's pages.

type Change = { actor: Actor; agent: { id: string; name: string; companyId: string }; added: string[]; removed: string[] };

/** One entry per page that gained or lost `agent`, in the assignment's transaction. */
export async function recordAgentChanges(tx: Prisma.TransactionClient, { actor, agent, added, removed }: Change): Promise<void> {
  const ids = [...added, ...removed];
  if (!ids.length) return;
  const pages = await tx.page.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  for (const page of pages) {
    const change = added.includes(page.id) ? "added" : "removed";
    const target = { type: "page" as const, id: page.id, name: page.name };
    await recordAudit({ companyId: agent.companyId, actor, action: "page.agents_changed", target, details: { change, agent: agent.name, agentId: agent.id } }, tx);
  }
}
