import { ZResponseTargets } from "@/lib/schemas/reports";
import { route } from "@/server/http/route";
import { getResponseTargets, setResponseTargets } from "@/server/services/reports/response-targets";

// GET /api/reports/targets — the company's response targets and breach e-mail switch
export const GET = route({ can: "reports.view" }, ({ actor }) => getResponseTargets(actor));

// PUT /api/reports/targets — set them (company admins, as the business hours they count in)
export const PUT = route({ can: "reports.hours", body: ZResponseTargets }, ({ actor, body }) => setResponseTargets(actor, body));
