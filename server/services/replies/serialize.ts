import type { ApiSavedReply } from "@/lib/schemas/replies";

// The API shape of a saved reply (PRODUCT §3 Saved reply).

export const replySelect = { id: true, shortcut: true, message: true, pageId: true, createdAt: true } as const;
type ReplyRow = { id: string; shortcut: string; message: string; pageId: string; createdAt: Date };

export function toApiReply(row: ReplyRow): ApiSavedReply {
  return { _id: row.id, id: row.id, shortcut: row.shortcut, message: row.message, page_id: row.pageId, created_at: row.createdAt.toISOString() };
}
