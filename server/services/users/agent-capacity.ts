import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { can } from "@/lib/access/permissions";
import { actorCompanyId } from "@/server/access/company";
import type { AgentCapacity, TCapacity } from "@/lib/schemas/fair-queue";
import { recordAudit } from "@/server/services/audit/record-audit";
import { handOutAfter } from "@/server/services/ownership/fair-queue";

// An agent's capacity (docs/PRODUCT.md §13.4): how many open conversations the fair queue gives them at
// most, set by a company admin for the people of their company who answer in the inbox (themselves too).

async function findAgent(actor: Actor, id: string) {
  const user = isUuid(id) ? await db.user.findFirst({ where: { id, companyId: actorCompanyId(actor) }, select: { id: true, name: true, role: true, capacity: true, isAway: true } }) : null;
  if (!user) throw new AppError("not_found", "User not found");
  if (!can(user.role, "conversations.work")) throw new AppError("bad_request", "Only people who answer in the inbox have a capacity");
  return user;
}

async function toApi(user: { id: string; capacity: number; isAway: boolean }): Promise<AgentCapacity> {
  // Cold (an admin opening one user): Prisma's count is enough here; the hand-out reads loads in SQL (fair-queue.ts).
  const openConversations = await db.conversation.count({ where: { assigneeId: user.id, status: "open", isSpam: false } });
  return { userId: user.id, capacity: user.capacity, away: user.isAway, openConversations };
}

/** GET /api/users/{id}/capacity */
export async function getAgentCapacity(actor: Actor, id: string): Promise<AgentCapacity> {
  return toApi(await findAgent(actor, id));
}

/** PUT /api/users/{id}/capacity {capacity} — raised, the fair queue may hand the agent more at once. */
export async function setAgentCapacity(actor: Actor, id: string, input: TCapacity): Promise<AgentCapacity> {
  const user = await findAgent(actor, id);
  if (user.capacity !== input.capacity) {
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { capacity: input.capacity } });
      const target = { type: "user" as const, id: user.id, name: user.name };
      await recordAudit({ companyId: actorCompanyId(actor), actor, action: "user.capacity_changed", target, details: { from: user.capacity, to: input.capacity } }, tx);
    });
    if (input.capacity > user.capacity) await handOutAfter("a capacity was raised", { companyId: actorCompanyId(actor) });
  }
  return toApi({ ...user, capacity: input.capacity });
}
