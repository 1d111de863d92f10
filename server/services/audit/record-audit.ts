import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { AuditAction, AuditTargetType } from "@/lib/contract/audit-api";

// Writes one audit entry (issue 43, docs/PRODUCT.md §13). Called by the service that made the change, in its
// transaction when it has one, so an entry exists exactly when the change does.

export type AuditEntryInput = {
  companyId: string;
  /** Who did it; null when a rule of Switchboard did (auto-assignment), shown as "Switchboard". */
  actor: { id: string; name: string } | null;
  action: AuditAction;
  target: { type: AuditTargetType; id?: string | null; name?: string | null };
  /** What changed, e.g. {from, to}; small: the screen shows it as one line. */
  details?: Prisma.InputJsonValue;
};

type Writer = Pick<Prisma.TransactionClient, "auditEntry">;

export async function recordAudit(entry: AuditEntryInput, writer: Writer = db): Promise<void> {
  await writer.auditEntry.create({
    data: {
      companyId: entry.companyId,
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? "Switchboard",
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id ?? null,
      targetName: entry.target.name ?? null,
      details: entry.details,
    },
  });
}
