import { ZBusinessHours } from "@/lib/schemas/reports";
import { route } from "@/server/http/route";
import { getBusinessHours, setBusinessHours } from "@/server/services/reports/business-hours";

// GET /api/reports/business-hours — the company's time zone and hours the metrics count in
export const GET = route({ can: "reports.view" }, ({ actor }) => getBusinessHours(actor));

// PUT /api/reports/business-hours — set them (company admins)
export const PUT = route({ can: "reports.hours", body: ZBusinessHours }, ({ actor, body }) => setBusinessHours(actor, body));
