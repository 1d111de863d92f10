import { z } from "zod";
import { ZNoteInput } from "@/lib/schemas/notes";
import { route } from "@/server/http/route";
import { updateNote } from "@/server/services/notes/update-note";
import { deleteNote } from "@/server/services/notes/delete-note";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// PUT /api/notes/{id} — edit a note (its author or an admin)
export const PUT = route({ can: "notes.write", params, body: ZNoteInput }, ({ actor, params, body }) => updateNote(actor, params.id, body));

// DELETE /api/notes/{id} — delete a note (its author or an admin)
export const DELETE = route({ can: "notes.write", params }, ({ actor, params }) => deleteNote(actor, params.id));
