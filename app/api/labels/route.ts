import { ZCreateLabel } from "@/lib/schemas/labels";
import { route } from "@/server/http/route";
import { createLabel } from "@/server/services/labels/create-label";

// POST /api/labels — create a label on a page
export const POST = route({ can: "labels.use", body: ZCreateLabel }, ({ actor, body }) => createLabel(actor, body));
