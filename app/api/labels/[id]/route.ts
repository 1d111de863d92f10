import { z } from "zod";
import { route } from "@/server/http/route";
import { listLabels } from "@/server/services/labels/list-labels";
import { deleteLabel } from "@/server/services/labels/delete-label";

// Next allows one dynamic segment name per level, so GET reads `{id}` as the page id (PRODUCT §7
// `GET /labels/{pageId}`) and DELETE as the label id (`DELETE /labels/{id}`).
const params = z.object({ id: z.string().trim().min(1).max(100) });

// GET /api/labels/{pageId} — the page's labels, by name
export const GET = route({ can: "labels.use", params }, ({ actor, params }) => listLabels(actor, params.id));

// DELETE /api/labels/{id} — delete a label and take it off everyone (admins only, PRODUCT §6)
export const DELETE = route({ can: "labels.delete", params }, ({ actor, params }) => deleteLabel(actor, params.id));
