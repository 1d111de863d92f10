import type { ApiPage } from "@/lib/schemas/pages";

// The admin API's page shape (SPEC §3 Page (server)). The select has no token column, so the write-only
// access token cannot leak through a serializer change.

export const apiPageSelect = {
  id: true,
  facebookPageId: true,
  name: true,
  ownerId: true,
  createdAt: true,
  tokenStatus: true,
  lastWebhookAt: true,
  company: { select: { id: true, name: true } },
  _count: { select: { conversations: true } },
} as const;

type ApiPageRow = {
  id: string;
  facebookPageId: string;
  name: string;
  ownerId: string | null;
  createdAt: Date;
  tokenStatus: ApiPage["tokenStatus"];
  lastWebhookAt: Date | null;
  company: { id: string; name: string };
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
    lastWebhookAt: row.lastWebhookAt?.toISOString() ?? null,
    company: { _id: row.company.id, name: row.company.name },
  };
}
