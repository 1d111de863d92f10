import { z } from "zod";

// Notes on a conversation (PRODUCT §2 Notes panel, §5 Notes, §7 Notes, §9): shared by the notes form and
// the /api/notes handlers.

export const NOTE_MAX_LENGTH = 1000;

export const NOTE_REQUIRED = "Note is required";
export const NOTE_TOO_LONG = `Note must be at most ${NOTE_MAX_LENGTH} characters`;

const requiredId = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100, `${name} is too long`);

/** Trimmed first, so the limit counts what is kept — the same n/1000 the counter shows for trimmed text. */
export const ZNoteText = z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG);

// GET /api/notes?pageId=&conversationId=
export const ZNotesQuery = z.object({ pageId: requiredId("pageId"), conversationId: requiredId("conversationId") });
export type TNotesQuery = z.infer<typeof ZNotesQuery>;

// POST /api/notes and PUT /api/notes/{id}: the same three fields.
export const ZNoteInput = ZNotesQuery.extend({ note: ZNoteText });
export type TNoteInput = z.infer<typeof ZNoteInput>;

/** A note as the API returns it. */
export type ApiNote = {
  _id: string;
  note: string;
  created_at: string;
  updated_at: string;
  pageId: string;
  conversationId: string;
  author: { _id: string; name: string } | null;
};
