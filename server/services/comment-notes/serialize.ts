import type { ApiCommentNote } from "@/lib/contract/comment-teamwork-api";
import { noteFields, type NoteFieldsRow } from "@/server/services/notes/serialize";

// The API shape of a note on a comment (lib/contract/comment-teamwork-api.ts): as a conversation's note
// (server/services/notes/serialize.ts), in the comments API's words.

export const commentNoteSelect = { ...noteFields, commentId: true } as const;

type CommentNoteRow = NoteFieldsRow & { commentId: string };

export function toApiCommentNote(row: CommentNoteRow): ApiCommentNote {
  return {
    id: row.id,
    commentId: row.commentId,
    pageId: row.pageId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: row.author ? { id: row.author.id, name: row.author.name } : null,
  };
}
