import { ZAssignTags } from "@/lib/schemas/labels";
import { route } from "@/server/http/route";
import { assignTags } from "@/server/services/labels/assign-tags";

// POST /api/page-labels/assign — put labels (tags) on a conversation's person
export const POST = route({ can: "labels.use", body: ZAssignTags }, ({ actor, body }) => assignTags(actor, body));
