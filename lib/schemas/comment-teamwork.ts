import { z } from "zod";
import { ZNoteText } from "@/lib/schemas/notes";
import { DEFAULT_LABEL_COLOR, ZLabelColor, ZTagName } from "@/lib/schemas/labels";

// Notes on a comment and labels on its commenter (issue 42 point 3): the same rules and words as a
// conversation's notes (lib/schemas/notes.ts) and tags (lib/schemas/labels.ts), shared by the forms and the
// /api/comments/{id}/notes, /api/comment-notes/{id} and /api/comments/{id}/labels handlers.

// POST /api/comments/{id}/notes and PATCH /api/comment-notes/{id}
export const ZCommentNoteInput = z.object({ text: ZNoteText });
export type TCommentNoteInput = z.infer<typeof ZCommentNoteInput>;

// POST /api/comments/{id}/labels: a label of the Page's takes its colour; another name gets `color` (blue by default).
export const ZCommenterLabelAdd = z.object({ name: ZTagName, color: ZLabelColor.optional().default(DEFAULT_LABEL_COLOR) });
export type TCommenterLabelAdd = z.infer<typeof ZCommenterLabelAdd>;

// DELETE /api/comments/{id}/labels?name=
export const ZCommenterLabelRemove = z.object({ name: ZTagName });

/** What a search in the comments view may be (the conversation search box's limit). */
export const COMMENT_SEARCH_MAX_LENGTH = 200;
export const ZCommentSearch = z.string().trim().max(COMMENT_SEARCH_MAX_LENGTH, `Search can be at most ${COMMENT_SEARCH_MAX_LENGTH} characters`);
