import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { TQuarantineQuery } from "@/lib/schemas/webhook-quarantine";

/** The quarantine's API shape; `raw` is capped so one enormous body does not make the list enormous. */
export function toQuarantineItem(row: Prisma.WebhookQuarantineGetPayload<object>) {
  return {
    id: row.id.toString(),
    facebook_page_id: row.facebookPageId,
    scope: row.scope,
    reason: row.reason,
    raw: row.raw.length > 8192 ? `${row.raw.slice(0, 8192)}…` : row.raw,
    raw_length: row.raw.length,
    webhook_event_id: row.webhookEventId?.toString() ?? null,
    retry_count: row.retryCount,
    last_error: row.lastError,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/webhook-quarantine (super admin: deliveries are not yet any company's data). Newest first. */
export async function listQuarantine(query: TQuarantineQuery) {
  const where: Prisma.WebhookQuarantineWhereInput = {
    ...(query.facebookPageId ? { facebookPageId: query.facebookPageId } : {}),
    ...(query.status === "open" ? { resolvedAt: null } : query.status === "resolved" ? { resolvedAt: { not: null } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.webhookQuarantine.findMany({ where, orderBy: { id: "desc" }, skip: (query.page - 1) * query.limit, take: query.limit }),
    db.webhookQuarantine.count({ where }),
  ]);
  return { data: rows.map(toQuarantineItem), pagination: { currentPage: query.page, limit: query.limit, total, hasNextPage: query.page * query.limit < total } };
}
