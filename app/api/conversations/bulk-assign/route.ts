import { ZBulkAssign } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { bulkAssign } from "@/server/services/conversations/bulk-actions";

// POST /api/conversations/bulk-assign — assign (or unassign) the selected conversations
export const POST = route({ can: "conversations.assign", body: ZBulkAssign }, ({ actor, body }) => bulkAssign(actor, body));
