import type { ApiCommentNote } from "@/lib/contract/comment-teamwork-api";

// The API shape of a note on a comment (lib/contract/comment-teamwork-api.ts): as a conversation's note
// (server/services/notes/serialize.ts), in the comments API's words.

export const commentNoteSelect = {
  id: true,
  text: true,
  createdAt: true,
  updatedAt: true,
  pageId: true,
  commentId: true,
  author: { select: { id: true, name: true } },
} as const;

type CommentNoteRow = { id: string; text: string; createdAt: Date; updatedAt: Date; pageId: string; commentId: string; author: { id: string; name: string } | null };

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
