import { ZNoteInput, ZNotesQuery } from "@/lib/schemas/notes";
import { route } from "@/server/http/route";
import { listNotes } from "@/server/services/notes/list-notes";
import { createNote } from "@/server/services/notes/create-note";

// Notes belong to the inbox (staff, admin, company admin); which conversations is the services' scope.

// GET /api/notes?pageId&conversationId — a conversation's notes, newest first
export const GET = route({ can: "conversations.read", query: ZNotesQuery }, ({ actor, query }) => listNotes(actor, query));

// POST /api/notes — add a note to a conversation
export const POST = route({ can: "notes.write", body: ZNoteInput }, ({ actor, body }) => createNote(actor, body));
