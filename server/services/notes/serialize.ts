import type { ApiNote } from "@/lib/schemas/notes";

// The API shape of a note (PRODUCT §3 Note, plus who wrote it and when it last changed).

/** What any note is, on a conversation or on a comment (server/services/comment-notes/serialize.ts adds its parent). */
export const noteFields = { id: true, text: true, createdAt: true, updatedAt: true, pageId: true, author: { select: { id: true, name: true } } } as const;
export type NoteFieldsRow = { id: string; text: string; createdAt: Date; updatedAt: Date; pageId: string; author: { id: string; name: string } | null };

export const noteSelect = { ...noteFields, conversationId: true } as const;

type NoteRow = NoteFieldsRow & { conversationId: string };

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
