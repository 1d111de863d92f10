import type { ApiPage } from "@/lib/schemas/pages";
import { instagramSelect, toApiInstagram } from "@/server/services/pages/instagram/serialize-instagram";
import { healthState } from "@/lib/admin/page-health";
import { toApiAutoReplies } from "@/server/services/auto-replies/serialize-auto-replies";
import { pageHandover, pagePolicy, pageStatusSelect, type PageStatusRow } from "@/server/services/pages/policy/page-status";

// The admin API's page shape (PRODUCT §3 Page (server)). The select has no token column, so the write-only
// access token cannot leak through a serializer change.

export const apiPageSelect = {
  id: true,
  facebookPageId: true,
  name: true,
  ownerId: true,
  createdAt: true,
  tokenStatus: true,
  tokenErrorAt: true,
  tokenErrorCall: true,
  verifiedAt: true,
  subscribedAt: true,
  subscriptionError: true,
  importState: true,
  importDone: true,
  importTotal: true,
  lastWebhookAt: true,
  instantReplyOn: true,
  instantReplyText: true,
  awayReplyOn: true,
  awayReplyText: true,
  autoReplyEveryHours: true,
  ...pageStatusSelect,
  company: { select: { id: true, name: true } },
  instagram: { select: instagramSelect },
  _count: { select: { conversations: true } },
} as const;

type ApiPageRow = PageStatusRow & Parameters<typeof toApiAutoReplies>[0] & {
  id: string;
  facebookPageId: string;
  name: string;
  ownerId: string | null;
  createdAt: Date;
  tokenStatus: ApiPage["tokenStatus"];
  tokenErrorAt: Date | null;
  tokenErrorCall: string | null;
  verifiedAt: Date | null;
  subscribedAt: Date | null;
  subscriptionError: string | null;
  importState: string | null;
  importDone: number;
  importTotal: number;
  lastWebhookAt: Date | null;
  company: { id: string; name: string };
  instagram: Parameters<typeof toApiInstagram>[0];
  _count: { conversations: number };
};

export function toApiPage(row: ApiPageRow): ApiPage {
  return {
    _id: row.id,
    page_id: row.facebookPageId,
    name: row.name,
    user_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
    conversationCount: row._count.conversations,
    tokenStatus: row.tokenStatus,
    health: healthState(row),
    tokenErrorAt: row.tokenErrorAt?.toISOString() ?? null,
    tokenErrorCall: row.tokenErrorCall,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    subscribedAt: row.subscribedAt?.toISOString() ?? null,
    subscriptionError: row.subscriptionError,
    import: toImportProgress(row),
    lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
    policy: pagePolicy(row),
    handover: pageHandover(row),
    instagram: toApiInstagram(row.instagram, row.subscribedAt),
    auto_replies: toApiAutoReplies(row),
    company: { _id: row.company.id, name: row.company.name },
  };
}

/** The history import's progress as the Page screens and the inbox show it; null when it never ran. */
export function toImportProgress(row: { importState: string | null; importDone: number; importTotal: number }): ApiPage["import"] {
  if (!row.importState) return null;
  return { state: row.importState as "running" | "done" | "failed", done: row.importDone, total: row.importTotal };
}
