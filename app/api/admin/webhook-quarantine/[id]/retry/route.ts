import { ZQuarantineId } from "@/lib/schemas/webhook-quarantine";
import { route } from "@/server/http/route";
import { retryQuarantined } from "@/server/services/webhook-quarantine/retry-quarantined";

// POST /api/admin/webhook-quarantine/{id}/retry — run a quarantined delivery or event again
export const POST = route({ can: "quarantine.manage", params: ZQuarantineId }, ({ params }) => retryQuarantined(params.id));
