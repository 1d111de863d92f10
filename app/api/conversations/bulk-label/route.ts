import { ZBulkLabel } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { bulkLabel } from "@/server/services/conversations/bulk-actions";

// POST /api/conversations/bulk-label — put labels on the people of the selected conversations
export const POST = route({ can: "labels.use", body: ZBulkLabel }, ({ actor, body }) => bulkLabel(actor, body));
