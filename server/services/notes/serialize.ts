import type { ApiNote } from "@/lib/schemas/notes";

// The API shape of a note (PRODUCT §3 Note, plus who wrote it and when it last changed).

export const noteSelect = {
  id: true,
  text: true,
  createdAt: true,
  updatedAt: true,
  pageId: true,
  conversationId: true,
  author: { select: { id: true, name: true } },
} as const;

type NoteRow = { id: string; text: string; createdAt: Date; updatedAt: Date; pageId: string; conversationId: string; author: { id: string; name: string } | null };

export function toApiNote(row: NoteRow): ApiNote {
  return {
    _id: row.id,
    note: row.text,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    pageId: row.pageId,
    conversationId: row.conversationId,
    author: row.author ? { _id: row.author.id, name: row.author.name } : null,
  };
}
