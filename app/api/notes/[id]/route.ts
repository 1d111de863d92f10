import { z } from "zod";
import { ZNoteInput } from "@/lib/schemas/notes";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { updateNote } from "@/server/services/notes/update-note";
import { deleteNote } from "@/server/services/notes/delete-note";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// PUT /api/notes/{id} — edit a note (its author or an admin)
export const PUT = route({ roles: ROUTE_ROLES.chats, params, body: ZNoteInput }, ({ actor, params, body }) => updateNote(actor, params.id, body));

// DELETE /api/notes/{id} — delete a note (its author or an admin)
export const DELETE = route({ roles: ROUTE_ROLES.chats, params }, ({ actor, params }) => deleteNote(actor, params.id));
