import { ZNoteInput, ZNotesQuery } from "@/lib/schemas/notes";
import { route } from "@/server/http/route";
import { listNotes } from "@/server/services/notes/list-notes";
import { createNote } from "@/server/services/notes/create-note";

// Notes are open to every role that can see the conversation; the scope lives in the services.

// GET /api/notes?pageId&conversationId — a conversation's notes, newest first
export const GET = route({ query: ZNotesQuery }, ({ actor, query }) => listNotes(actor, query));

// POST /api/notes — add a note to a conversation
export const POST = route({ body: ZNoteInput }, ({ actor, body }) => createNote(actor, body));
