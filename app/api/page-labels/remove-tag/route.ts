import { ZRemoveTag } from "@/lib/schemas/labels";
import { route } from "@/server/http/route";
import { removeTag } from "@/server/services/labels/remove-tag";

// POST /api/page-labels/remove-tag — take a tag off a conversation's person
export const POST = route({ can: "labels.use", body: ZRemoveTag }, ({ actor, body }) => removeTag(actor, body));
