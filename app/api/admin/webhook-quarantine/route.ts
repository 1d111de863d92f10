import { ZQuarantineQuery } from "@/lib/schemas/webhook-quarantine";
import { route } from "@/server/http/route";
import { listQuarantine } from "@/server/services/webhook-quarantine/list-quarantine";

export const dynamic = "force-dynamic";

// GET /api/admin/webhook-quarantine — signed deliveries that could not be stored or processed, with the reason
export const GET = route({ can: "quarantine.manage", query: ZQuarantineQuery }, ({ query }) => listQuarantine(query));
